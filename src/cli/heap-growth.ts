import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the heap grow past what the last full collection kept, as a percentage, while one
 * Markdown report is rendered. V8's default lets it double or more while the process allocates fast, and
 * rendering a large session's Markdown does (mdast trees, serialized pieces), so most of its peak memory
 * was garbage no collection had yet been asked to clear.
 *
 * Measured on the 20 MB bench session (median time, highest peak RSS). Markdown, 3 runs each: V8's default
 * 6.97 s, 514 MB; 50% 7.13 s, 357 MB. HTML, 7 runs each interleaved, since highlighting compiles each
 * pattern once and redaction sends distinct strings: default 2.21 s, 338 MB; 100% 2.25 s, 330 MB; 50%
 * 2.30 s, 315 MB. The HTML target is 400 MB, which the default now meets with room, so HTML runs at V8's
 * default (earlier, at 458-472 MB, it needed 30%). The archive is left at the default too: its workers
 * render one session after another, and there 30% cost 25% of its time (18.2 s -> 22.7 s).
 */
export const REPORT_HEAP_GROWING_PERCENT = 50;

let processIsTheCommands = false;

/**
 * Says this process is the `pi-report` command's own (its bin calls it): only then may a report tune the
 * heap. The command run inside another program (Pi's `/report`) or the library leaves the host's heap alone.
 */
export function allowHeapTuning(): void {
  processIsTheCommands = true;
}

/**
 * Applies `REPORT_HEAP_GROWING_PERCENT` to this process, for a Markdown report, where `allowHeapTuning`
 * said the process is the command's, and before the session is read. The flag is one of the heap
 * heuristics V8 reads at each collection, so setting it at run time takes effect from the next one.
 */
export function tuneHeapForMarkdown(): void {
  if (!processIsTheCommands) return;
  setFlagsFromString(`--heap-growing-percent=${REPORT_HEAP_GROWING_PERCENT}`);
}

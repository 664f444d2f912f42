import { setFlagsFromString } from "node:v8";

/**
 * How far V8 may let the old generation grow past what its last full collection kept, in percent, while
 * one Markdown report is rendered: the heap is collected again before it is 1.5 times what was live.
 * V8's own factor reaches 4 for a program that allocates as fast as the Markdown serializer does (tens
 * of kilobytes for each entry's few lines), and enough of that is promoted before it dies that a session
 * of 200,000 labels (25 MB) ran to 1.1 GB, four times what the report needs (round three's G13). The
 * HTML report and the archive keep V8's default: there the bound cost time (BENCHMARKS.md) and bought
 * little memory.
 */
export const MARKDOWN_HEAP_GROWING_PERCENT = 50;

let processIsTheCommands = false;

/**
 * Says this process is the `pi-report` command's own (its bin calls it): only then may a report bound
 * the heap. The command run inside another program (Pi's `/report`) or the library leaves the host's
 * engine alone.
 */
export function allowHeapBound(): void {
  processIsTheCommands = true;
}

/**
 * Applies `MARKDOWN_HEAP_GROWING_PERCENT` to this process, for a Markdown report, where `allowHeapBound`
 * said the process is the command's, before the session is read. V8 reads the flag at every full
 * collection, so setting it at run time takes effect from the next one (worker threads included).
 */
export function boundHeapForMarkdown(): void {
  if (!processIsTheCommands) return;
  setFlagsFromString(`--heap-growing-percent=${MARKDOWN_HEAP_GROWING_PERCENT}`);
}

import { setFlagsFromString } from "node:v8";
import type { PagePhase } from "../../render/html/page-speed.js";

/**
 * How much work (bytecode executed, in V8's units) a function does between two of V8's checks on
 * whether to optimize it; V8 11.3 (Node 20) defaults to 67,584. A report is a batch job of a second or
 * two in which a few hundred functions (shiki's tokenizer, markdown-it, the parser, the templates) turn
 * hot one after another: at the default, TurboFan compiled, and often recompiled, most of them while
 * they still had little left to do, and its background threads competed for the machine's two cores
 * with the two threads doing the work (a quarter of the process's CPU time went to them).
 *
 * Measured side by side (medians, interleaved runs, one machine): HTML of the 20 MB bench session
 * 2,087 -> 1,873 ms at 500,000 (300,000: 1,896; 1,000,000: 1,875; 2,000,000: 1,893); of the 2.3 MB
 * real file 1,157 -> 1,060 ms (300,000: 1,082; 1,000,000: 1,098; 2,000,000: 1,124). The archive of 1,000
 * sessions 11.2/11.6 -> 10.3/11.0 s. JSON reports, which finish before much turns hot, are unchanged
 * (394 vs 386 ms, 156 vs 164 ms), and so is Markdown (7.53 vs 7.65 s, within its spread).
 */
export const BATCH_INTERRUPT_BUDGET = 500_000;

/**
 * The interrupt budget while an HTML page builds its models (`PageSpeed.phase`): the view of the
 * session and the page model, code that runs once per entry for a few hundred ms (Pi's numbered diffs read
 * into rows, usage summed, branches summarized, entries made into page nodes), and which TurboFan compiled
 * at 500,000 while it had little left to do: 56 ms of background compiling for the diff rows alone on the
 * bench session, beside the two threads doing the work. The rendering that follows (highlighting, markdown,
 * the templates) repeats the same few functions for longer and goes back to `BATCH_INTERRUPT_BUDGET`.
 * Measured side by side on the bench session, 21-25 interleaved runs a sitting: the view alone at
 * 2,000,000 took 1,498 -> 1,467, 1,484 -> 1,461, 1,457 -> 1,447 and 1,497 -> 1,472 ms (the real file 784 ->
 * 772, 797 -> 794); the page model too, 1,462 -> 1,445 and 1,466 -> 1,456 ms more (real 787 -> 788, 805 ->
 * 795). 4,000,000 was no better (1,464); so was 2,000,000 from the start (1,471), or through the rendering's
 * highlighting and markdown (1,450, but real 809).
 */
export const MODEL_INTERRUPT_BUDGET = 2_000_000;

/**
 * How much bytecode TurboFan may inline into one function, in all and per callee: half of V8 11.3's
 * defaults (920 and 460). A compile's cost grows with the graph inlining builds: with the defaults,
 * `--trace-opt` on the bench session showed 178 compiles taking 0.8 s of background CPU, single ones up to
 * 38 ms (a diff model, a cycle breaker, a usage reader) for functions that run a few tens of ms in all.
 * Half the budget keeps the small, hot callees (accessors, a tokenizer's helpers) inlined.
 *
 * Measured side by side (medians of 12 interleaved runs, one machine): HTML of the 20 MB bench session
 * 2,008 -> 1,892 ms (a quarter of the defaults: 1,915; an eighth: 1,896; no inlining at all: 1,843 of
 * 1,956 against the same base, but the real file then gained nothing: 964 vs 960 ms); of the 2.3 MB real
 * file 979 -> 955 ms (a quarter: 962; an eighth: 960).
 */
export const BATCH_INLINING_BUDGET = { cumulative: 460, perCallee: 230 } as const;

/**
 * The engine the budgets above were measured on: V8 11.3, which every Node 20 ships. V8 12 (Node 22) and
 * 13 (Node 24) tier up by invocation counts and no longer know `--interrupt-budget`: `setFlagsFromString`
 * then prints "Error: unrecognized flag" on stderr for every report (seen on Node 22.23 and 24.22), and
 * the inlining budgets, whose defaults have moved since, were never measured there. On any other engine the
 * command leaves V8 at its defaults; Node 22 ran the bench session's HTML in 1,599 ms that way.
 */
const MEASURED_ENGINE = /^11\.3\./;

/**
 * The V8 flags `tuneTierUpForBatch` sets on the engine `v8Version` names (`process.versions.v8`): the batch
 * budgets on the engine they were measured on, none on another.
 */
export function batchTierUpFlags(v8Version: string): string[] {
  if (!MEASURED_ENGINE.test(v8Version)) return [];
  return [
    `--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`,
    `--max-inlined-bytecode-size-cumulative=${BATCH_INLINING_BUDGET.cumulative}`,
    `--max-inlined-bytecode-size=${BATCH_INLINING_BUDGET.perCallee}`,
  ];
}

/** Whether this process was tuned for a batch (`tuneTierUpForBatch`): the bin's is; a test's is not. */
let tunedForBatch = false;

/**
 * Applies `BATCH_INTERRUPT_BUDGET` and `BATCH_INLINING_BUDGET` to this process (`batchTierUpFlags`): for the
 * command only, never the library (the embedding program owns its engine), and before anything heavy is
 * loaded. V8 reads these flags whenever it resets a function's budget or compiles, so setting them at run
 * time is as good as on the command line; they hold for the process's worker threads too (V8's flags are
 * per process). A flag the running V8 did not know would be reported on stderr: the bin's `--version` test
 * asserts that both streams carry the version alone, and a test checks every flag against `--v8-options`.
 */
export function tuneTierUpForBatch(): void {
  const flags = batchTierUpFlags(process.versions.v8);
  if (flags.length === 0) return;
  tunedForBatch = true;
  for (const flag of flags) setFlagsFromString(flag);
}

/**
 * For `PageSpeed.phase`: the interrupt budget of the phase the page is in (`MODEL_INTERRUPT_BUDGET` while
 * it builds its models, `BATCH_INTERRUPT_BUDGET` while it renders and fills its templates). Only in a
 * process tuned for a batch (the bin's, on the engine measured, `tuneTierUpForBatch`): the command run in
 * another program, or on another engine, leaves V8 alone.
 */
export function tuneTierUpForPhase(phase: PagePhase): void {
  if (!tunedForBatch) return;
  const budget = phase === "model" ? MODEL_INTERRUPT_BUDGET : BATCH_INTERRUPT_BUDGET;
  setFlagsFromString(`--interrupt-budget=${budget}`);
}

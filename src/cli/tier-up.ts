import { setFlagsFromString } from "node:v8";

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
 * Applies `BATCH_INTERRUPT_BUDGET` to this process: for the command only, never the library (the
 * embedding program owns its engine), and before anything heavy is loaded. V8 reads the flag whenever it
 * resets a function's budget, so setting it at run time is as good as on the command line; it holds for
 * the process's worker threads too (V8's flags are per process).
 */
export function tuneTierUpForBatch(): void {
  setFlagsFromString(`--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`);
}

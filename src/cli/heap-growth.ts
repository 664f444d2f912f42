import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the heap grow past what the last full collection kept, as a percentage: V8's own
 * default lets it double or more while the process allocates fast, and a large report allocates fast
 * (markdown trees, highlighted lines, the page's pieces), so most of its peak memory was garbage no
 * collection had yet been asked to clear.
 *
 * Measured on the 20 MB bench session (HTML, median of 3, see BENCHMARKS.md): V8's default peaked at
 * 458-472 MB RSS; 30% at 374-383 MB for 4% more time; 50% at 384-392 MB; 100% at 409-432 MB.
 * The target is 400 MB.
 *
 * A flag set this way reaches only the heap heuristics read at each collection, which is what this one is;
 * it is set for the command alone, never by the library, and before anything is allocated.
 */
export const HEAP_GROWING_PERCENT = 30;

setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

/**
 * A block tokenized elsewhere, and its answer: what the report thread's tokenizer
 * (src/speed/machinery/deferred-tokenizer.ts) sends and `answerRequest` (code-to-lines.ts) answers. Only
 * the types stay here, for code-to-lines.ts to import below the speed machinery.
 */

/** One block to tokenize, as sent to whoever does the work. */
export interface TokenizeRequest {
  block: number;
  id: string;
  code: string;
}

/** One block's per-line HTML, or null when it could not be tokenized. */
export interface TokenizeResult {
  block: number;
  lines: string[] | null;
}

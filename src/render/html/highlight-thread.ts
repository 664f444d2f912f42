import { Worker } from "node:worker_threads";
import { compiledScript } from "../../package-root.js";
import { tokenizeToLines } from "../primitives/highlight/code-to-lines.js";
import { DeferredTokenizer, type TokenizeResult } from "../primitives/highlight/deferred-tokenizer.js";

/** A worker thread that highlights for one report while the calling thread builds the page. */
export interface HighlightThread {
  /** The tokenizer to give the report's budget (`HtmlOptions.highlightThread` does this). */
  readonly tokenizer: DeferredTokenizer;
  /** The finished page: waits for the last blocks and puts every highlighted line in its place. */
  finish(parts: readonly string[]): Promise<string[]>;
  /** Stops the thread. Safe to call more than once, and after `finish`. */
  close(): Promise<void>;
}

const SCRIPT = compiledScript(
  new URL("./highlight-worker.js", import.meta.url),
  "dist",
  "render",
  "html",
  "highlight-worker.js",
);

/**
 * Starts the highlighting thread. Start it before reading the session: loading shiki's WASM engine then
 * overlaps with reading, redacting and analyzing.
 *
 * Why a thread: highlighting is about a third of a large report's rendering time and needs nothing but
 * the code, so on a machine with two cores it runs beside the page's markdown and templates. What is
 * highlighted is still decided in the rendering thread, in order, so the report is byte for byte the one
 * rendered without the thread. Should the thread die, the blocks it had not answered are tokenized here.
 */
export function startHighlightThread(): HighlightThread {
  // A small young generation: the thread's garbage is shiki's token objects, dead within a block, and a
  // default-sized nursery held ~15 MB more of them at the report's peak memory.
  const worker = new Worker(SCRIPT, { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  const tokenizer = new DeferredTokenizer((requests) => worker.postMessage(requests));
  worker.on("message", (results: TokenizeResult[]) => tokenizer.receive(results));
  let closed = false;
  const died = new Promise<void>((resolve) => {
    worker.once("error", () => resolve());
    worker.once("exit", () => resolve());
  });
  const close = async () => {
    if (closed) return;
    closed = true;
    await worker.terminate();
  };
  return {
    tokenizer,
    async finish(parts) {
      await Promise.race([tokenizer.settle(), died]);
      const left = tokenizer.unanswered();
      if (left.length > 0) {
        const answers = await Promise.all(
          left.map(async ({ block, id, code }) => ({
            block,
            lines: (await tokenizeToLines(code, id)) ?? null,
          })),
        );
        tokenizer.receive(answers);
      }
      await close();
      return tokenizer.fill(parts);
    },
    close,
  };
}

/**
 * The worker-thread entry of `startHighlightThread`: tokenizes the blocks the rendering thread's budget
 * let through and sends back their per-line HTML. Its own shiki highlighter and cache live as long as it.
 */
import { parentPort } from "node:worker_threads";
import { tokenizeToLines } from "../primitives/highlight/code-to-lines.js";
import type { TokenizeRequest, TokenizeResult } from "../primitives/highlight/deferred-tokenizer.js";
import { getHighlighter } from "../primitives/highlight/highlighter.js";

if (parentPort === null) throw new Error("highlight-worker.js runs as a worker thread only");
const port = parentPort;

// Warm up while the rendering thread is still reading the session: the WASM engine. No grammar: which
// are loaded, and in what order, is left to the blocks, exactly as in the rendering thread.
void getHighlighter();

// Batches are tokenized strictly one after another, so answers come back in the order asked.
let queue: Promise<void> = Promise.resolve();
port.on("message", (requests: TokenizeRequest[]) => {
  queue = queue.then(async () => {
    const results: TokenizeResult[] = [];
    for (const { block, id, code } of requests) {
      results.push({ block, lines: (await tokenizeToLines(code, id)) ?? null });
    }
    port.postMessage(results);
  });
});

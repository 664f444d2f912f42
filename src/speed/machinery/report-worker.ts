/**
 * The worker-thread entry of `startReportThread`: redacts the share of the session it is sent, tokenizes
 * the blocks the rendering thread's budget let through, and renders the Markdown report's entries it is
 * sent. Its shiki highlighter, cache and redactors live as long as it.
 */

import { parentPort } from "node:worker_threads";
import { cachedRedactor } from "../../redact/redactor-cache.js";
import { changesOf } from "../../redact/split-redactor.js";
import { DEFAULT_ENGINES, type OwnHighlighters } from "../../render/primitives/engines.js";
import { answerRequest } from "../../render/primitives/highlight/code-to-lines.js";
import type { TokenizeResult } from "../../render/primitives/highlight/deferred-tokenizer.js";
import { getHighlighter } from "../../render/primitives/highlight/highlighter.js";
import type { FromWorker, ToWorker } from "./messages.js";

if (parentPort === null) throw new Error("report-worker.js runs as a worker thread only");
const port = parentPort;
const send = (message: FromWorker) => port.postMessage(message);

// Work is done strictly one message after another, so answers come back in the order asked; a step that
// fails does not stop the ones after it (each answers for itself, see below).
let queue: Promise<void> = Promise.resolve();
// The highlighters the report is rendered with: the first message (`warm`) says which.
let highlighters: OwnHighlighters = DEFAULT_ENGINES.highlighters;
port.on("message", (message: ToWorker) => {
  queue = queue.then(() => handle(message)).catch(() => {});
});

async function handle(message: ToWorker): Promise<void> {
  switch (message.kind) {
    case "warm":
      highlighters = message.highlighters;
      if (message.highlight) void getHighlighter();
      // secretlint's preset is a megabyte of code: loaded now, while the rendering thread reads the file.
      if (message.redact) await import("../../redact/secretlint-scan.js").catch(() => {});
      // So is the Markdown report's (micromark, mdast-util-to-markdown): loaded before its share comes.
      if (message.markdown) await import("../../render/markdown/entry-share.js").catch(() => {});
      return;
    case "tokenize": {
      // Every block gets an answer, null when it could not be tokenized: the page waits for all of them.
      const results: TokenizeResult[] = [];
      for (const request of message.requests) results.push(await answerRequest(request, highlighters));
      send({ kind: "lines", results });
      return;
    }
    case "markdown-entries": {
      let entries = null;
      try {
        const { renderEntries } = await import("../../render/markdown/entry-share.js");
        entries = renderEntries(message.entries, message.settings);
      } catch {
        // The rendering thread renders this share itself.
      }
      send({ kind: "markdown-entries", id: message.id, entries });
      return;
    }
    case "redact": {
      let redaction = null;
      try {
        redaction = changesOf(
          message.strings,
          await (await cachedRedactor(message.options)).redact(message.strings, message.occurrences),
        );
      } catch {
        // The rendering thread redacts this share itself.
      }
      send({ kind: "redacted", id: message.id, redaction });
      return;
    }
  }
}

/**
 * The worker-thread entry of `startReportThread`: redacts the share of the session it is sent, renders
 * markdown ahead and warms grammars up while it would wait, and tokenizes the blocks the rendering thread's
 * budget let through. Its shiki highlighter, cache and redactors live as long as it.
 */

import { parentPort } from "node:worker_threads";
import { cachedRedactor } from "../redact/redactor-cache.js";
import { changesOf } from "../redact/split-redactor.js";
import { answerRequest } from "../render/primitives/highlight/code-to-lines.js";
import type { TokenizeResult } from "../render/primitives/highlight/deferred-tokenizer.js";
import { getHighlighter } from "../render/primitives/highlight/highlighter.js";
import { PI_TOOL_LANGUAGES, warmUpSteps } from "../render/primitives/highlight/warm-up.js";
import type { MarkdownParts } from "../render/primitives/markdown/markdown-parts.js";
import { speedPieceOn } from "../speed/pieces.js";
import type { FromWorker, ToWorker } from "./messages.js";

if (parentPort === null) throw new Error("report-worker.js runs as a worker thread only");
const port = parentPort;
const send = (message: FromWorker) => port.postMessage(message);

// Work is done strictly one message after another, so answers come back in the order asked; a step that
// fails does not stop the ones after it (each answers for itself, see below).
let queue: Promise<void> = Promise.resolve();
/** Work queued and not yet finished: messages, and the warm-up step under way. */
let pending = 0;
function enqueue(work: () => Promise<void>): void {
  pending += 1;
  queue = queue
    .then(work)
    .catch(() => {})
    .finally(() => {
      pending -= 1;
      scheduleIdleStep();
    });
}
port.on("message", (message: ToWorker) => enqueue(() => handle(message)));

// Work done ahead (warming grammars up, warm-up.ts; rendering markdown the page will likely format) fills
// the time this thread would spend waiting for blocks, and only that time: a step runs when no message is
// waiting, and never while the redaction this thread was told to expect is still to come (the rendering
// thread waits for that). Steps go on between blocks too: a grammar warmed there is one the blocks would
// have compiled anyway. A message that comes in meanwhile waits for one short step.
const idleSteps: (() => Promise<void>)[] = [];
const warmedLanguages = new Set<string>();
let redactionExpected = false;
let highlighting = false;
let idleStepScheduled = false;
/** Queues the warm-up of languages not queued before: at the back, or (`first`) ahead of what is queued. */
function queueWarmUp(ids: readonly string[], first: boolean): void {
  // Switched off (src/speed/pieces.ts): each grammar is loaded and compiled by the first block that needs it.
  if (!speedPieceOn("warm-up")) return;
  const fresh = ids.filter((id) => !warmedLanguages.has(id));
  for (const id of fresh) warmedLanguages.add(id);
  if (first) idleSteps.unshift(...warmUpSteps(fresh));
  else idleSteps.push(...warmUpSteps(fresh));
}

function scheduleIdleStep(): void {
  if (idleStepScheduled || idleSteps.length === 0 || pending > 0 || redactionExpected) return;
  idleStepScheduled = true;
  // setImmediate: a message that has arrived is dispatched first.
  setImmediate(() => {
    idleStepScheduled = false;
    if (pending > 0 || redactionExpected) return;
    const step = idleSteps.shift();
    if (step !== undefined) enqueue(step);
  });
}

/** Characters of markdown one step renders: a step must be short, since real work waits behind it. */
const MARKDOWN_STEP_CHARS = 16_000;

/**
 * Renders `texts` up to their fences as steps of idle time, after the warm-ups queued so far, and sends
 * each step's parts back; stops once `stop[0]` is 1 (the page has started on its markdown). A text the
 * pipeline refuses is left out: the rendering thread meets the same refusal and shows it plain.
 */
function queueMarkdownAhead(texts: readonly string[], stop: Int32Array): void {
  let next = 0;
  const step = async (): Promise<void> => {
    if (Atomics.load(stop, 0) === 1) return;
    const { markdownParts } = await import("../render/primitives/markdown/markdown-parts.js");
    const parts: [number, MarkdownParts][] = [];
    let chars = 0;
    while (next < texts.length && chars < MARKDOWN_STEP_CHARS && Atomics.load(stop, 0) === 0) {
      const text = texts[next] as string;
      try {
        parts.push([next, markdownParts(text)]);
      } catch {
        // Left to the rendering thread, as above.
      }
      next += 1;
      chars += text.length;
    }
    if (parts.length > 0) send({ kind: "markdown-parts", parts });
    if (next < texts.length) idleSteps.push(step);
  };
  idleSteps.push(step);
}

async function handle(message: ToWorker): Promise<void> {
  switch (message.kind) {
    case "warm":
      highlighting = message.highlight;
      if (highlighting) {
        void getHighlighter();
        queueWarmUp(PI_TOOL_LANGUAGES, false);
      }
      redactionExpected = message.redact;
      // secretlint's preset is a megabyte of code: loaded now, while the rendering thread reads the file.
      if (message.redact) await import("../redact/secretlint-scan.js").catch(() => {});
      // So is the Markdown report's (micromark, mdast-util-to-markdown): loaded before its share comes.
      if (message.markdown) await import("../render/markdown/entry-share.js").catch(() => {});
      return;
    case "warm-languages":
      // The session's file languages hold most of its highlighted code; the first blocks (commands) load
      // their grammar themselves. A thread that only redacts warms nothing.
      if (highlighting) queueWarmUp(message.ids, true);
      return;
    case "redaction-over":
      // Whether or not a share of it came here (a session can be too small to split).
      redactionExpected = false;
      return;
    case "markdown-ahead":
      queueMarkdownAhead(message.texts, new Int32Array(message.stop));
      return;
    case "tokenize": {
      // Blocks come after redaction: if this thread was told to expect a share and none came, it never will.
      redactionExpected = false;
      // Every block gets an answer, null when it could not be tokenized: the page waits for all of them.
      const results: TokenizeResult[] = [];
      for (const request of message.requests) results.push(await answerRequest(request));
      send({ kind: "lines", results });
      return;
    }
    case "markdown-entries": {
      let entries = null;
      try {
        const { renderEntries } = await import("../render/markdown/entry-share.js");
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
      redactionExpected = false;
      return;
    }
  }
}

/**
 * The worker-thread entry of `startReportThread`: redacts the share of the session it is sent, and
 * tokenizes the blocks the rendering thread's budget let through. Its shiki highlighter, cache and
 * redactors live as long as it.
 */

import { parentPort } from "node:worker_threads";
import { createRedactor, type RedactOptions, type Redactor } from "../redact/create-redactor.js";
import { changesOf } from "../redact/split-redactor.js";
import { answerRequest } from "../render/primitives/highlight/code-to-lines.js";
import type { TokenizeResult } from "../render/primitives/highlight/deferred-tokenizer.js";
import { getHighlighter } from "../render/primitives/highlight/highlighter.js";
import { PI_TOOL_LANGUAGES, warmUpSteps } from "../render/primitives/highlight/warm-up.js";
import type { FromWorker, ToWorker } from "./messages.js";

if (parentPort === null) throw new Error("report-worker.js runs as a worker thread only");
const port = parentPort;
const send = (message: FromWorker) => port.postMessage(message);

const redactors = new Map<string, Promise<Redactor>>();
function redactorFor(options: RedactOptions): Promise<Redactor> {
  const key = JSON.stringify(options);
  let redactor = redactors.get(key);
  if (redactor === undefined) {
    redactor = createRedactor(options);
    redactors.set(key, redactor);
  }
  return redactor;
}

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
      scheduleWarmUp();
    });
}
port.on("message", (message: ToWorker) => enqueue(() => handle(message)));

// Warming grammars up (warm-up.ts) fills the time this thread would spend waiting for blocks, and only
// that time: a step runs when no message is waiting, and never while the redaction this thread was told to
// expect is still to come (the rendering thread waits for that). Steps go on between blocks too: a grammar
// warmed there is one the blocks would have compiled anyway. A message that comes in meanwhile waits for
// one short step.
const warmUp: (() => Promise<void>)[] = [];
const warmedLanguages = new Set<string>();
let redactionExpected = false;
let highlighting = false;
let warmUpScheduled = false;
/** Queues the warm-up of languages not queued before: at the back, or (`first`) ahead of what is queued. */
function queueWarmUp(ids: readonly string[], first: boolean): void {
  const fresh = ids.filter((id) => !warmedLanguages.has(id));
  for (const id of fresh) warmedLanguages.add(id);
  if (first) warmUp.unshift(...warmUpSteps(fresh));
  else warmUp.push(...warmUpSteps(fresh));
}

function scheduleWarmUp(): void {
  if (warmUpScheduled || warmUp.length === 0 || pending > 0 || redactionExpected) return;
  warmUpScheduled = true;
  // setImmediate: a message that has arrived is dispatched first.
  setImmediate(() => {
    warmUpScheduled = false;
    if (pending > 0 || redactionExpected) return;
    const step = warmUp.shift();
    if (step !== undefined) enqueue(step);
  });
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
          await (await redactorFor(message.options)).redact(message.strings, message.occurrences),
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

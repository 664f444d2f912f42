import { Worker } from "node:worker_threads";
import { compiledScript } from "../../package-root.js";
import type { RedactOptions } from "../../redact/create-redactor.js";
import type { RemoteRedaction, RemoteRedactor } from "../../redact/split-redactor.js";
import type { PagePhase, PageSpeed } from "../../render/html/page-speed.js";
import type { RemoteEntries } from "../../render/markdown/entry-share.js";
import type { MarkdownEntry } from "../../render/markdown/entry-to-markdown.js";
import { DEFAULT_ENGINES, type OwnHighlighters } from "../../render/primitives/engines.js";
import { answerRequest } from "../../render/primitives/highlight/code-to-lines.js";
import { DeferredTokenizer } from "./deferred-tokenizer.js";
import type { FromWorker, ToWorker } from "./messages.js";

/**
 * A worker thread that helps with one report while the calling thread builds it: it redacts 40% of a
 * large session's distinct text (`redactor`), tokenizes the code an HTML page's highlight budget lets
 * through (`tokenizer`, `finish`), and renders a share of a Markdown report's entries (`markdownEntries`).
 * The command hands these on as parts of its one `speed` object (report-speed.ts); not a library API.
 */
export interface ReportThread extends PageSpeed {
  /** The tokenizer the page's highlight budget uses: placeholders, filled in by `finish`. */
  readonly tokenizer: DeferredTokenizer;
  /** At the page's `"templates"` phase, sends the last blocks: tokenized while the templates run. */
  phase(phase: PagePhase): void;
  /**
   * The finished page: waits for the last blocks and puts every highlighted line in its place. Closes
   * the thread: one thread serves one report.
   */
  finish(parts: readonly string[]): Promise<string[]>;
  /** A redactor in the thread with these options, for `splitRedactor`. */
  redactor(options: RedactOptions): RemoteRedactor;
  /** Renders entries of the Markdown report in the thread (see `RemoteEntries`); null when it cannot. */
  markdownEntries: RemoteEntries;
  /** Stops the thread. Safe to call more than once, and after `finish`. */
  close(): Promise<void>;
  /** What the thread itself answered (blocks tokenized, batches redacted), not counting what was done here. */
  done(): { blocks: number; redactions: number };
  /** Why the thread stopped before it was closed, or null: the work was then finished here, more slowly. */
  failure(): string | null;
}

/** What the thread will be asked for, so it can load what that needs while the session is read. */
export interface ReportThreadWork {
  highlight: boolean;
  redact: boolean;
  /** Render a share of the Markdown report's entries (`markdownEntries`). */
  markdown?: boolean;
  /** The highlighters of our own to tokenize with (`RenderEngines.highlighters`); default: all of them. */
  highlighters?: OwnHighlighters;
}

const SCRIPT = compiledScript(
  new URL("./report-worker.js", import.meta.url),
  "dist",
  "speed",
  "machinery",
  "report-worker.js",
);

/**
 * Starts the report thread. Start it before reading the session: loading shiki's WASM engine and
 * secretlint's rules then overlaps with reading it.
 *
 * Why a thread: redaction and highlighting are about a third of a large report's time and need nothing but
 * the strings and the code, so on a machine with two cores they run beside the rest. What is highlighted is
 * still decided in the calling thread, in order, and each string is redacted on its own, so the report is
 * byte for byte the one made without the thread. Should the thread die, the work it had not answered is
 * done in the calling thread.
 */
export function startReportThread(work: ReportThreadWork = { highlight: true, redact: true }): ReportThread {
  // A small young generation: the thread's garbage is shiki's token objects and secretlint's matches, dead
  // within a block, and a default-sized nursery held ~15 MB more of them at the report's peak memory.
  const worker = new Worker(SCRIPT, { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  const post = (message: ToWorker) => worker.postMessage(message);
  // Held open (ref) only while an answer is awaited: a program that forgets `close()` still exits.
  let awaited = 0;
  const expect = (count: number) => {
    awaited += count;
    if (awaited > 0) worker.ref();
    else worker.unref();
  };
  worker.unref();
  const done = { blocks: 0, redactions: 0 };
  const tokenizer = new DeferredTokenizer((requests) => {
    expect(requests.length);
    post({ kind: "tokenize", requests });
  });
  const redactions = new Map<number, (redaction: RemoteRedaction | null) => void>();
  const markdownAnswers = new Map<number, (entries: MarkdownEntry[] | null) => void>();
  worker.on("message", (message: FromWorker) => {
    if (message.kind === "lines") {
      done.blocks += message.results.length;
      tokenizer.receive(message.results);
      expect(-message.results.length);
    } else if (message.kind === "markdown-entries") {
      markdownAnswers.get(message.id)?.(message.entries);
      markdownAnswers.delete(message.id);
      expect(-1);
    } else {
      if (message.redaction !== null) done.redactions += 1;
      redactions.get(message.id)?.(message.redaction);
      redactions.delete(message.id);
      expect(-1);
    }
  });
  let gone = false;
  let failure: string | null = null;
  const died = new Promise<void>((resolve) => {
    const fail = (reason: string) => {
      if (!gone) failure ??= reason;
      resolve();
    };
    worker.once("error", (error) => fail(error instanceof Error ? error.message : String(error)));
    worker.once("messageerror", (error) => fail(`a message could not be read (${error.message})`));
    worker.once("exit", (code) => fail(`it exited with code ${code}`));
  });
  // A thread that is gone answers nothing: whatever was waiting on it is done here instead.
  void died.then(() => {
    gone = true;
    for (const answer of redactions.values()) answer(null);
    redactions.clear();
    for (const answer of markdownAnswers.values()) answer(null);
    markdownAnswers.clear();
  });
  const close = async () => {
    if (gone) return;
    gone = true;
    await worker.terminate();
  };
  const highlighters = work.highlighters ?? DEFAULT_ENGINES.highlighters;
  post({
    kind: "warm",
    highlight: work.highlight,
    redact: work.redact,
    markdown: work.markdown ?? false,
    highlighters,
  });
  let nextId = 0;
  return {
    tokenizer,
    // No block is asked for after the jobs: the last batch goes to the thread now, to be tokenized while
    // the templates run, not when the page waits for it (~40 ms of a large page's end).
    phase: (phase) => {
      if (phase === "templates") tokenizer.flush();
    },
    redactor: (options) => (strings, occurrences) => {
      if (gone) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        redactions.set(id, resolve);
        try {
          post({ kind: "redact", id, options, strings, occurrences });
          expect(1);
        } catch (error) {
          redactions.delete(id);
          reject(error);
        }
      });
    },
    markdownEntries: (entries, settings) => {
      if (gone) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        markdownAnswers.set(id, resolve);
        try {
          post({ kind: "markdown-entries", id, entries, settings });
          expect(1);
        } catch {
          // An entry that cannot be copied to the thread (it should not happen: views are plain data).
          markdownAnswers.delete(id);
          resolve(null);
        }
      });
    },
    async finish(parts) {
      await Promise.race([tokenizer.settle(), died]);
      const left = tokenizer.unanswered();
      if (left.length > 0) {
        const answers = await Promise.all(left.map((request) => answerRequest(request, highlighters)));
        tokenizer.receive(answers);
      }
      await close();
      return tokenizer.fill(parts);
    },
    close,
    done: () => ({ ...done }),
    failure: () => failure,
  };
}

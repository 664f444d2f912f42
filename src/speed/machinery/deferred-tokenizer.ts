import { randomBytes } from "node:crypto";
import type {
  TokenizeRequest,
  TokenizeResult,
} from "../../render/primitives/highlight/deferred-tokenizer.js";
import type { LineTokenizer } from "../../render/primitives/highlight/tokenizer.js";
import { plainLines, splitCodeLines } from "../../render/primitives/highlight/tokens-to-html.js";

interface Group {
  blocks: number[];
  codes: readonly string[];
}

// Requests go out in batches: one message per block would cost more than tokenizing a short command.
const BATCH_BLOCKS = 32;
const BATCH_CHARS = 16_000;

/**
 * A tokenizer that answers at once with placeholders and has the real work done elsewhere (a worker
 * thread), so the rendering thread never waits on highlighting while it builds the page.
 *
 * Each line of a block comes back as a marker (`\0<nonce>:<group>:<member>:<line>\0`); `fill` replaces
 * the markers in the finished page with the tokenized lines. Markers have exactly as many lines as
 * shiki gives (both split on `\n` and `\r\n`), so diffs pair lines as before. The nonce is random per
 * report, so session text cannot forge a marker; it never reaches the output, which stays
 * byte-identical to tokenizing in place: a group with a block that could not be tokenized is filled
 * with plain lines, as `highlightGroup` would have returned.
 */
export class DeferredTokenizer implements LineTokenizer {
  readonly #nonce = randomBytes(8).toString("hex");
  readonly #send: (requests: TokenizeRequest[]) => void;
  readonly #blocks = new Map<string, number>();
  readonly #groups = new Map<string, number>();
  readonly #groupList: Group[] = [];
  readonly #results = new Map<number, string[] | null>();
  #pending: TokenizeRequest[] = [];
  #pendingChars = 0;
  #unanswered = new Map<number, TokenizeRequest>();
  #allAnswered: Promise<void> | undefined;
  #answerAll: (() => void) | undefined;

  /** `send` hands a batch of requests to the worker; its answers come back through `receive`. */
  constructor(send: (requests: TokenizeRequest[]) => void) {
    this.#send = send;
  }

  async tokenize(codes: readonly string[], id: string): Promise<string[][]> {
    // Each code prefixed with its length: joined with a separator, ["a\0b", "c"] and ["a", "b\0c"] would meet.
    const key = `${id}\0${codes.map((code) => `${code.length}:${code}`).join("")}`;
    let group = this.#groups.get(key);
    if (group === undefined) {
      group = this.#groupList.length;
      this.#groups.set(key, group);
      this.#groupList.push({ blocks: codes.map((code) => this.#request(code, id)), codes });
    }
    return codes.map((code, member) =>
      splitCodeLines(code).map((_, line) => `\0${this.#nonce}:${group}:${member}:${line}\0`),
    );
  }

  /** Takes the worker's answers. */
  receive(results: readonly TokenizeResult[]): void {
    for (const { block, lines } of results) {
      this.#results.set(block, lines);
      this.#unanswered.delete(block);
    }
    if (this.#unanswered.size === 0 && this.#answerAll !== undefined) {
      this.#answerAll();
      this.#answerAll = undefined;
      this.#allAnswered = undefined;
    }
  }

  /** Requests not answered yet (for a caller whose worker died: it may answer them itself). */
  unanswered(): TokenizeRequest[] {
    return [...this.#unanswered.values()];
  }

  /**
   * Sends what is still batched, without waiting for the answers. For a caller that will ask for no more
   * blocks for a while: the last batch (up to 31 blocks) would otherwise wait for `settle`, and so would
   * the page, for as long as they take.
   */
  flush(): void {
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#pendingChars = 0;
    this.#send(batch);
  }

  /** Sends what is still batched and resolves once every block has an answer. */
  settle(): Promise<void> {
    this.flush();
    if (this.#unanswered.size === 0) return Promise.resolve();
    this.#allAnswered ??= new Promise((resolve) => {
      this.#answerAll = resolve;
    });
    return this.#allAnswered;
  }

  /**
   * The page with every marker replaced by its line; call after `settle`. A part holding markers comes
   * back as its pieces (the text between markers, and the lines), not as a new string: they are
   * written one after another anyway, and building the whole part again copied ~20 MB of a large page
   * into strings that lived until it was written.
   */
  fill(parts: readonly string[]): string[] {
    const start = `\0${this.#nonce}:`;
    const marker = new RegExp(`\\x00${this.#nonce}:(\\d+):(\\d+):(\\d+)\\x00`, "g");
    const filled = new Map<number, string[][]>();
    const linesOf = (group: number): string[][] => {
      let lines = filled.get(group);
      if (lines === undefined) {
        const { blocks, codes } = this.#groupList[group] as Group;
        const answers = blocks.map((block) => this.#results.get(block) ?? null);
        lines = answers.every((answer) => answer !== null)
          ? (answers as string[][])
          : codes.map((code) => plainLines(code));
        filled.set(group, lines);
      }
      return lines;
    };
    const pieces: string[] = [];
    for (const part of parts) {
      if (!part.includes(start)) {
        pieces.push(part);
        continue;
      }
      let from = 0;
      marker.lastIndex = 0;
      for (let found = marker.exec(part); found !== null; found = marker.exec(part)) {
        if (found.index > from) pieces.push(part.slice(from, found.index));
        const [, group, member, line] = found;
        pieces.push(linesOf(Number(group))[Number(member)]?.[Number(line)] ?? "");
        from = marker.lastIndex;
      }
      if (from < part.length) pieces.push(part.slice(from));
    }
    return pieces;
  }

  #request(code: string, id: string): number {
    const key = `${id}\0${code}`;
    let block = this.#blocks.get(key);
    if (block === undefined) {
      block = this.#blocks.size;
      this.#blocks.set(key, block);
      const request = { block, id, code };
      this.#pending.push(request);
      this.#unanswered.set(block, request);
      this.#pendingChars += code.length;
      if (this.#pending.length >= BATCH_BLOCKS || this.#pendingChars >= BATCH_CHARS) this.flush();
    }
    return block;
  }
}

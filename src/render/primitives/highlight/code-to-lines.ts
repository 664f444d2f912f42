import { DEFAULT_ENGINES, type OwnHighlighters } from "../engines.js";
import type { HighlightBudget, HighlightPriority } from "./budget.js";
import type { TokenizeRequest, TokenizeResult } from "./deferred-tokenizer.js";
import { resolveLanguage } from "./languages.js";
import type { LineTokenizer } from "./tokenizer.js";
import { plainLines } from "./tokens-to-html.js";

/** What to highlight a block as, and who pays for it. */
export interface HighlightRequest {
  /** A language name or alias (`ts`, `bash`, a fence's info string); unknown or missing: plain text. */
  language: string | undefined;
  priority: HighlightPriority;
  budget: HighlightBudget;
}

/** A block as one HTML string per line, and whether it was highlighted. */
export interface HighlightedLines {
  lines: string[];
  /** The shiki language id it was highlighted as; `undefined` when the lines are plain escaped text. */
  language: string | undefined;
}

/** Work counters, for tests and for the report's timing notes. */
export interface HighlightStats {
  /** Blocks actually tokenized by shiki. */
  tokenized: number;
  /** Characters actually tokenized. */
  tokenizedChars: number;
  /** Blocks served from the cache without tokenizing. */
  cacheHits: number;
}

// Past this many cached characters the cache starts over; it only saves work, never changes output.
const CACHE_LIMIT_CHARS = 64_000_000;

const cache = new Map<string, Map<string, Promise<string[] | undefined>>>();
let cachedChars = 0;
const stats: HighlightStats = { tokenized: 0, tokenizedChars: 0, cacheHits: 0 };

/** Counters of highlighting work done in this process so far. */
export function highlightStats(): HighlightStats {
  return { ...stats };
}

/** Empties the highlight cache and zeroes the counters. */
export function clearHighlightCache(): void {
  cache.clear();
  cachedChars = 0;
  Object.assign(stats, { tokenized: 0, tokenizedChars: 0, cacheHits: 0 });
}

// The tokenizers themselves (shiki's engine and grammars, Lezer's parsers) are loaded on first use: the
// page's thread, when a report thread tokenizes for it, decides what is highlighted and never loads them.
// They were loaded with the report thread's module, before the thread was started. Side by side (15 runs):
// a small session's HTML 211 -> 200 ms, the 2.3 MB real file 803 -> 794, the bench session 1,500 -> 1,490.
let tokenizers: Promise<typeof import("./tokenize-block.js")> | undefined;

async function tokenize(code: string, id: string, own: OwnHighlighters): Promise<string[] | undefined> {
  tokenizers ??= import("./tokenize-block.js");
  const lines = await (await tokenizers).tokenizeBlock(code, id, own);
  if (lines !== undefined) {
    stats.tokenized += 1;
    stats.tokenizedChars += code.length;
  }
  return lines;
}

/**
 * Highlighted per-line HTML of `code` as language `id` (a resolved shiki id), ignoring any budget, with
 * our own highlighters where `own` has them; identical (language, code) pairs are tokenized once per
 * process. `undefined` when the language cannot be loaded. For callers that settle the budget themselves
 * (a diff pays for both sides at once).
 */
export function tokenizeToLines(
  code: string,
  id: string,
  own: OwnHighlighters = DEFAULT_ENGINES.highlighters,
): Promise<string[] | undefined> {
  // Highlighters of our own and the grammars may colour a block differently: each choice keeps its own.
  const key = own.shell && own.lezer ? id : `${id}\0${own.shell}:${own.lezer}`;
  let byCode = cache.get(key);
  if (byCode === undefined) {
    byCode = new Map();
    cache.set(key, byCode);
  }
  const cached = byCode.get(code);
  if (cached !== undefined) {
    stats.cacheHits += 1;
    return cached;
  }
  if (cachedChars + code.length > CACHE_LIMIT_CHARS) {
    cache.clear();
    cachedChars = 0;
    byCode = new Map();
    cache.set(key, byCode);
  }
  const pending = tokenize(code, id, own);
  byCode.set(code, pending);
  cachedChars += code.length;
  return pending;
}

/**
 * A `DeferredTokenizer`'s request answered in this thread: the lines, or null when the block cannot be
 * tokenized. Never rejects. The report thread answers with it, and so does the calling thread for what a
 * dead report thread left.
 */
export async function answerRequest(
  { block, id, code }: TokenizeRequest,
  own: OwnHighlighters = DEFAULT_ENGINES.highlighters,
): Promise<TokenizeResult> {
  const lines = await tokenizeToLines(code, id, own).catch(() => undefined);
  return { block, lines: lines ?? null };
}

/**
 * The tokenizer of this thread: through the process-wide cache, with our own highlighters where `own`
 * has them. What a budget without a tokenizer of its own uses, with every highlighter.
 */
export function localTokenizer(own: OwnHighlighters = DEFAULT_ENGINES.highlighters): LineTokenizer {
  return {
    async tokenize(codes, id) {
      const lines = await Promise.all(codes.map((code) => tokenizeToLines(code, id, own)));
      return lines.every((block) => block !== undefined) ? lines : undefined;
    },
  };
}

const defaultTokenizer = localTokenizer();

/**
 * Per-line HTML of each block in `codes` as language `id`, all or none (`undefined`): by the budget's
 * tokenizer, or in this thread with every highlighter. Spends nothing: the caller has settled the budget.
 */
export function highlightGroup(
  codes: readonly string[],
  id: string,
  budget: HighlightBudget,
): Promise<string[][] | undefined> {
  return (budget.tokenizer ?? defaultTokenizer).tokenize(codes, id);
}

/**
 * Highlights a block as one HTML string per line, or returns it as escaped plain text when the
 * language is unknown or the budget says no. Never rejects. The budget is charged synchronously,
 * at the call, so the order of calls alone decides what is highlighted.
 */
export async function codeToLines(code: string, request: HighlightRequest): Promise<HighlightedLines> {
  if (typeof code !== "string") return { lines: [""], language: undefined };
  return (await highlightedLines(code, request)) ?? { lines: plainLines(code), language: undefined };
}

/**
 * `codeToLines` when the block is highlighted, undefined when it is to be shown plain: for a caller with
 * a cheaper way to show it plain (a whole block needs no lines). Charges the budget the same way.
 */
export async function highlightedLines(
  code: string,
  request: HighlightRequest,
): Promise<{ lines: string[]; language: string } | undefined> {
  const id = resolveLanguage(request.language);
  if (id === undefined || !request.budget.spend(request.priority, id, code)) return undefined;
  const lines = (await highlightGroup([code], id, request.budget))?.[0];
  return lines === undefined ? undefined : { lines, language: id };
}

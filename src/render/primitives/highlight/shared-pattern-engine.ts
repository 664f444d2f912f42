import type { RegexEngine } from "shiki/core";

type Scanner = ReturnType<RegexEngine["createScanner"]>;
type EngineString = ReturnType<RegexEngine["createString"]>;
type Match = NonNullable<ReturnType<Scanner["findNextMatchSync"]>>;
type FindOptions = Parameters<Scanner["findNextMatchSync"]>[2];

/** One pattern compiled on its own, with the last search made with it (see `findAt`). */
interface CompiledPattern {
  source: string;
  scanner: Scanner;
  /** Whether a search's result can be reused from a later start: not with `\G`, which matches there. */
  reusable: boolean;
  /** The string, start, options and result of the last search; `searched` is null before the first. */
  searched: EngineString | null;
  from: number;
  options: FindOptions;
  result: Match | null;
  /** Scanners that hold it and are not disposed. */
  users: number;
}

/**
 * How many patterns no scanner holds stay compiled, the least recently released going first. An end
 * pattern with a back-reference is made anew for each text it closes (a heredoc's delimiter, a fence's
 * backticks), and the tokenizer disposes its scanner when it moves on: without a bound, a long-lived
 * process (an archive worker) would keep every delimiter it ever met compiled. With one, the common
 * delimiters (`EOF`, three backticks) are compiled once.
 */
const IDLE_PATTERNS = 256;

/**
 * A regex engine that compiles each distinct pattern once, however many scanners hold it.
 *
 * Why: a TextMate grammar's rules share most of their patterns (TypeScript's `#expression` is in dozens
 * of rules), and the stock engine compiles a rule's whole list into one Oniguruma scanner. Tokenizing the
 * bench session's code compiled 3,533 TypeScript patterns of which 319 were distinct, and compiling took
 * ~390 of ~900 ms. Here a rule's scanner asks each of its patterns' own scanner and answers what
 * Oniguruma's scanner answers: the match that starts first, the earliest pattern on a tie. Searching
 * pattern by pattern is slower than one scanner's search, but much less than the compiling it saves:
 * tokenizing the bench session's blocks took 720 against 890 ms, the real file's 870 against 990 ms
 * (medians of 5), with identical tokens.
 *
 * A search's result is reused while the tokenizer moves along the same line (with the same options): a
 * pattern that first matches at 40 when searched from 10 first matches at 40 from anywhere in 10..40,
 * and one that matched nothing matches nothing from further on. Not for `\G` patterns, whose match
 * depends on the start.
 */
export function sharedPatternEngine(base: RegexEngine): RegexEngine {
  const compiled = new Map<string, CompiledPattern>();
  // Patterns no scanner holds, least recently released first (a Set keeps insertion order).
  const idle = new Set<CompiledPattern>();
  const acquire = (pattern: string | RegExp): CompiledPattern => {
    const source = typeof pattern === "string" ? pattern : pattern.source;
    let entry = compiled.get(source);
    if (entry === undefined) {
      entry = {
        source,
        scanner: base.createScanner([source]),
        reusable: !source.includes("\\G"),
        searched: null,
        from: 0,
        options: 0,
        result: null,
        users: 0,
      };
      compiled.set(source, entry);
    }
    idle.delete(entry);
    entry.users += 1;
    return entry;
  };
  const release = (entry: CompiledPattern): void => {
    entry.users -= 1;
    if (entry.users > 0) return;
    idle.add(entry);
    if (idle.size <= IDLE_PATTERNS) return;
    const [oldest] = idle;
    if (oldest === undefined) return;
    idle.delete(oldest);
    compiled.delete(oldest.source);
    oldest.scanner.dispose?.();
  };

  const findAt = (
    pattern: CompiledPattern,
    string: EngineString,
    start: number,
    options: FindOptions,
  ): Match | null => {
    if (
      pattern.reusable &&
      pattern.searched === string &&
      pattern.options === options &&
      pattern.from <= start &&
      (pattern.result === null || (pattern.result.captureIndices[0]?.start ?? -1) >= start)
    ) {
      return pattern.result;
    }
    const result = pattern.scanner.findNextMatchSync(string, start, options);
    if (pattern.reusable) {
      pattern.searched = string;
      pattern.from = start;
      pattern.options = options;
      pattern.result = result;
    }
    return result;
  };

  return {
    createString: (text) => base.createString(text),
    createScanner(patterns) {
      const list = patterns.map(acquire);
      let disposed = false;
      const find = (string: EngineString, start: number, options: FindOptions): Match | null => {
        let best: Match | null = null;
        let bestIndex = -1;
        let bestStart = Number.POSITIVE_INFINITY;
        for (let index = 0; index < list.length; index += 1) {
          const result = findAt(list[index] as CompiledPattern, string, start, options);
          const at = result?.captureIndices[0]?.start;
          if (result === null || at === undefined || at >= bestStart) continue;
          best = result;
          bestIndex = index;
          bestStart = at;
          // Nothing can start earlier, and a later pattern loses a tie.
          if (at <= start) break;
        }
        return best === null ? null : { index: bestIndex, captureIndices: best.captureIndices };
      };
      return {
        dispose() {
          if (disposed) return;
          disposed = true;
          for (const entry of list) release(entry);
        },
        findNextMatchSync(string, start, options) {
          if (typeof string !== "string") return find(string, start, options);
          // The tokenizer always passes engine strings; a plain one is made into one for this search.
          const made = base.createString(string);
          try {
            return find(made, start, options);
          } finally {
            made.dispose?.();
          }
        },
      };
    },
  };
}

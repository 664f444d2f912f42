// Where a value that follows a name ends: at its closing quote, at a URL's delimiters, at the end of its
// line, or at what ends a shell word. A string can hold thousands of names whose values run to the same end
// (`key=key=key=…` on one line): every end is found by a `StopFinder` that never rescans what it has passed,
// so finding all of them stays linear.

/** Finds the next stop at or after a position, for positions asked in increasing order, in linear time. */
export class StopFinder {
  private from = 0;
  private stop = -1;

  constructor(
    private readonly text: string,
    private readonly isStop: (text: string, at: number) => boolean,
  ) {}

  /** The first index at or after `at` that is a stop (the text's length if none). */
  next(at: number): number {
    if (at >= this.from && at <= this.stop) return this.stop;
    let index = at;
    while (index < this.text.length && !this.isStop(this.text, index)) index += 1;
    this.from = at;
    this.stop = index;
    return index;
  }
}

const code = (text: string, at: number): number => text.charCodeAt(at);
const isSpace = (char: number): boolean => char === 32 || (char >= 9 && char <= 13);

/** `&` goes on a query string (`&next=`) only when a name and `=` follow; else it is part of a value. */
function startsParameter(text: string, at: number): boolean {
  let index = at + 1;
  const limit = Math.min(text.length, at + 82);
  while (index < limit && /[\w.-]/.test(text.charAt(index))) index += 1;
  return index > at + 1 && text.charAt(index) === "=";
}

/** Ends a bare shell, .env or flag word: white space, quotes, shell punctuation, a backslash. */
const BARE_STOPS = new Set([..."'\"`;|<>(){}[],\\"].map((char) => char.charCodeAt(0)));

export const bareStop = (text: string, at: number): boolean => {
  const char = code(text, at);
  if (isSpace(char) || BARE_STOPS.has(char)) return true;
  return char === 38 /* & */ && startsParameter(text, at);
};

/** Ends a URL query value: white space, quotes, brackets a URL sits in, the next parameter or fragment. */
const URL_STOPS = new Set([..."'\"`<>)]\\&#;|"].map((char) => char.charCodeAt(0)));

export const urlStop = (text: string, at: number): boolean => {
  const char = code(text, at);
  return isSpace(char) || URL_STOPS.has(char);
};

export const lineStop = (text: string, at: number): boolean => {
  const char = code(text, at);
  return char === 10 || char === 13;
};

/** A closing `"` (not escaped), or the end of the line. */
export const doubleQuoteStop = (text: string, at: number): boolean => {
  const char = code(text, at);
  return char === 10 || (char === 34 && code(text, at - 1) !== 92);
};

export const singleQuoteStop = (text: string, at: number): boolean => {
  const char = code(text, at);
  return char === 10 || char === 39;
};

export const backtickStop = (text: string, at: number): boolean => {
  const char = code(text, at);
  return char === 10 || char === 96;
};

/**
 * The `\"` that closes a quoted value inside JSON-escaped text (`\\\"` when escaped twice: `levels`
 * backslashes, then the quote), or the end of the line.
 */
function escapedQuoteStop(levels: number): (text: string, at: number) => boolean {
  return (text, at) => {
    const char = code(text, at);
    if (char === 10) return true;
    if (char !== 92 || code(text, at - 1) === 92) return false;
    for (let index = 1; index < levels; index += 1) if (code(text, at + index) !== 92) return false;
    return code(text, at + levels) === 34;
  };
}

/** How a value ends, by where it stands; `escaped<n>`: at a quote escaped by n backslashes. */
export type ValueEnd = "bare" | "url" | "line" | "double" | "single" | "backtick" | `escaped${number}`;

const STOPS: Readonly<Record<string, (text: string, at: number) => boolean>> = {
  bare: bareStop,
  url: urlStop,
  line: lineStop,
  double: doubleQuoteStop,
  single: singleQuoteStop,
  backtick: backtickStop,
};

/** The stop of a kind of end. */
function stopOf(kind: ValueEnd): (text: string, at: number) => boolean {
  return STOPS[kind] ?? escapedQuoteStop(Number(kind.slice("escaped".length)) || 1);
}

/** One StopFinder per kind of end, made when first needed, for one text. */
export class ValueEnds {
  private readonly finders = new Map<ValueEnd, StopFinder>();

  constructor(private readonly text: string) {}

  /** Where a value starting at `at` ends. */
  end(kind: ValueEnd, at: number): number {
    let finder = this.finders.get(kind);
    if (finder === undefined) {
      finder = new StopFinder(this.text, stopOf(kind));
      this.finders.set(kind, finder);
    }
    return finder.next(at);
  }
}

/** A value's span, and whether it was quoted. */
export interface ValueSpan {
  start: number;
  end: number;
  quoted: boolean;
}

/**
 * The value starting at `at`: a quoted one (`"…"`, `'…'`, `` `…` ``, or `\"…\"` in JSON-escaped text, at
 * any depth of escaping) to
 * its closing quote on the same line, else a bare one ending as `bare` says. A quote that never closes on
 * its line makes the value bare.
 */
export function readValue(text: string, at: number, ends: ValueEnds, bare: ValueEnd): ValueSpan {
  let backslashes = 0;
  while (backslashes < 8 && text.charAt(at + backslashes) === "\\") backslashes += 1;
  const quote = text.charAt(at + backslashes);
  let start = at;
  if (backslashes > 0 ? quote === '"' : quote === '"' || quote === "'" || quote === "`") {
    const kind: ValueEnd =
      backslashes > 0
        ? `escaped${backslashes}`
        : quote === '"'
          ? "double"
          : quote === "'"
            ? "single"
            : "backtick";
    start = at + backslashes + 1;
    const end = ends.end(kind, start);
    if (end < text.length && code(text, end) !== 10) return { start, end, quoted: true };
    // Cut off before its closing quote (a truncated output): the rest of the word.
  }
  return { start, end: ends.end(bare, start), quoted: false };
}

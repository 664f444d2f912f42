import type { Detector, Finding } from "./finding.js";
import { classifySecretName } from "./secret-name.js";
import { isSecretValue } from "./secret-value.js";

// A cookie is a credential whatever its name: `Cookie: sid=…` and `Set-Cookie: __Host-session=…` carry
// the session that logs a browser in. Every value of a `Cookie:` header (or of curl's `-b`/`--cookie`) is
// taken, and the first pair of a `Set-Cookie:` (the rest are its attributes: Path, Expires, …). Values that
// are words or numbers (`theme=dark`, `lang=en`, `consent=1`) stay.

/** A `Cookie:` or `Set-Cookie:` header, in a dump, a curl `-H` argument or curl's verbose output. */
const HEADER = /(?<![\w-])(set-)?cookie[ \t]*:[ \t]*/gi;

/** curl's cookie flags, then a quoted or bare argument. */
const CURL_FLAG = /(?<![\w-])(?:-b|--cookie)[ \t]+(?=\\{0,7}["']?[^\s"'=;\\]+=)/g;

const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

/** Where the cookie list that starts at `at` ends: the end of its line, or the quote it is wrapped in. */
function listEnd(text: string, at: number, quote: string | null): number {
  let end = at;
  while (end < text.length && text.charAt(end) !== "\n" && text.charAt(end) !== "\r") {
    if (quote !== null && text.charAt(end) === quote) break;
    end += 1;
  }
  return end;
}

/** The first index of `char` in `text[from, to)`, or `to`: searching no further than the list keeps it linear. */
function indexWithin(text: string, char: string, from: number, to: number): number {
  let at = from;
  while (at < to && text.charAt(at) !== char) at += 1;
  return at;
}

/** The pairs of a cookie list, `name=value; name=value`, each value with its span. */
function* pairs(
  text: string,
  from: number,
  to: number,
): Generator<{ name: string; start: number; end: number }> {
  let at = from;
  while (at < to) {
    const next = indexWithin(text, ";", at, to);
    const equals = indexWithin(text, "=", at, next);
    if (equals < next) {
      const name = text.slice(at, equals).trim();
      let start = equals + 1;
      let end = next;
      while (start < end && /\s/.test(text.charAt(start))) start += 1;
      // A value inside escaped quotes (`\"sid=…\"`) ends before the backslash of its closing quote.
      while (end > start && /[\s\\]/.test(text.charAt(end - 1))) end -= 1;
      if (text.charAt(start) === '"' && text.charAt(end - 1) === '"' && end - start >= 2)
        [start, end] = [start + 1, end - 1];
      if (COOKIE_NAME.test(name)) yield { name, start, end };
    }
    at = next + 1;
  }
}

/** Whether `curl` is the command of the line a flag at `at` stands in (looked for 2,000 characters back at most). */
function curlBefore(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && at - from < 2000 && text.charAt(from - 1) !== "\n") from -= 1;
  return /(?<![\w.-])curl(?![\w.-])/.test(text.slice(from, at));
}

/** Whether a cookie's value is a secret: its name's verdict if the name says secret, else not words. */
function secretCookie(name: string, value: string): boolean {
  const named = classifySecretName(name);
  if (named !== null) return isSecretValue(value, named);
  return value.length >= 8 && isSecretValue(value, { kind: "cookie", level: "unworded" });
}

/** Cookie values in `Cookie:` and `Set-Cookie:` headers and curl's cookie flags. */
export const cookieDetector: Detector = {
  kind: "cookie",
  find(text) {
    if (!/cookie|-b[ \t]/i.test(text)) return [];
    const findings: Finding[] = [];
    let parsedUntil = 0;
    const take = (at: number, quote: string | null, firstOnly: boolean): void => {
      const end = listEnd(text, at, quote);
      parsedUntil = end;
      for (const pair of pairs(text, at, end)) {
        if (pair.end > pair.start && secretCookie(pair.name, text.slice(pair.start, pair.end)))
          findings.push({ start: pair.start, end: pair.end, kind: "cookie" });
        if (firstOnly) break;
      }
    };
    for (const match of text.matchAll(HEADER)) {
      if (match.index < parsedUntil) continue;
      const before = text.charAt(match.index - 1);
      take(
        match.index + match[0].length,
        before === '"' || before === "'" ? before : null,
        match[1] !== undefined,
      );
    }
    parsedUntil = 0;
    for (const match of text.matchAll(CURL_FLAG)) {
      if (match.index < parsedUntil) continue;
      // `-b` is curl's: other tools' `-b` (ldapsearch's base, `cp -b`) take other things.
      if (!curlBefore(text, match.index)) continue;
      let at = match.index + match[0].length;
      while (text.charAt(at) === "\\") at += 1;
      const quote = text.charAt(at) === '"' || text.charAt(at) === "'" ? text.charAt(at) : null;
      if (quote !== null) at += 1;
      // A bare argument is one word: a curl cookie list with spaces is always quoted.
      let end = quote === null ? at : listEnd(text, at, quote);
      if (quote === null) while (end < text.length && !/\s/.test(text.charAt(end))) end += 1;
      parsedUntil = end;
      for (const pair of pairs(text, at, end)) {
        if (pair.end > pair.start && secretCookie(pair.name, text.slice(pair.start, pair.end)))
          findings.push({ start: pair.start, end: pair.end, kind: "cookie" });
      }
    }
    return findings;
  },
};

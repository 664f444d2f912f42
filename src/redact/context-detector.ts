import type { Detector, Finding } from "./finding.js";
import { classifySecretName, nameWords, type SecretName } from "./secret-name.js";
import { isSecretValue } from "./secret-value.js";
import { LEVELS, type SecretLevel } from "./secret-words.js";
import { readValue, type ValueEnd, ValueEnds, type ValueSpan } from "./value-span.js";

// Secrets no rule has a pattern for still arrive with a name, and the name says what they are. One pass
// finds every secret word (secret-words.ts) in a string; around each, the name it is part of, what the
// name stands in (an assignment, a YAML, JSON or HTTP header key, a flag, a URL parameter) and the value
// that follows, to that value's real end. The value is redacted and the name kept, so the report still
// says what was there.

/** Where a secret word can start: one scan per string, case-insensitive. */
const SECRET_WORD =
  /pass|pwd|secret|token|key|auth|cred|cookie|sess|sig|dsn|licen[cs]e|private|bearer|jwt|hmac|sk|pw/gi;

/** Characters of a name: `DB_PASSWORD`, `x-goog-signature`, `db.password`, `--api-key`. */
const isNameChar = (char: number): boolean =>
  (char >= 48 && char <= 57) ||
  (char >= 65 && char <= 90) ||
  (char >= 97 && char <= 122) ||
  char === 95 ||
  char === 45 ||
  char === 46;

/** Longer runs of name characters are no names (base64, a path, a long identifier). */
const LONGEST_NAME = 100;

/** How many characters of a value's start and end the checks on it read. */
const EDGE = 256;

/** Authorization schemes: the Bearer and Authorization detectors take the credential after them. */
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Bot|Digest|ApiKey|Key|NTLM|Negotiate|AWS4-HMAC-SHA256)\s/i;

/** How the value of a `Name: value` wrapped in quotes (`-H "X-Api-Key: …"`) ends: at the closing quote. */
function wrappedEnd(quote: string): ValueEnd {
  if (quote.length > 1) return `escaped${quote.length - 1}`;
  return quote === "'" ? "single" : quote === "`" ? "backtick" : "double";
}

/** Where a name stands, which decides how its value ends and how sure the name makes us. */
type Place = "query" | "flag" | "line" | "inline";

const stricter = (a: SecretLevel, b: SecretLevel): SecretLevel =>
  LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b;

/** Whether only blanks, a list or diff marker, or a `>`/`<` of curl's verbose output precede `at` on its line. */
function atLineStart(text: string, at: number): boolean {
  let index = at - 1;
  const limit = Math.max(-1, at - 33);
  while (index > limit && " \t-+<>#*".includes(text.charAt(index))) index -= 1;
  return index < 0 || text.charAt(index) === "\n" || text.charAt(index) === "\r";
}

/** Whether what precedes a name (blanks aside) opens an object or a list of arguments: `{`, `,`, `(`, `[`. */
function keyPosition(text: string, at: number): boolean {
  let index = at - 1;
  while (index >= 0 && at - index < 64 && (text.charAt(index) === " " || text.charAt(index) === "\t"))
    index -= 1;
  return index < 0 || "{,([;|".includes(text.charAt(index));
}

/** A bare value that is an identifier naming the secret: `password=db_password`, `token=token_value`. */
function namesItself(value: string, name: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(value)) return false;
  const last = nameWords(name).at(-1) ?? "";
  return last !== "" && value.toLowerCase().includes(last);
}

/** What follows a name: its separator, and where the value starts. */
interface Separator {
  kind: "assign" | "colon" | "comma" | "space";
  /** `name = value` (code) rather than `NAME=value` (.env, shell). */
  spaced: boolean;
  valueAt: number;
}

function separatorAfter(text: string, at: number, flag: boolean, closedQuote: boolean): Separator | null {
  let index = at;
  while (index < at + 16 && (text.charAt(index) === " " || text.charAt(index) === "\t")) index += 1;
  const gap = index > at;
  const char = text.charAt(index);
  const next = text.charAt(index + 1);
  let kind: Separator["kind"] | null = null;
  let length = 1;
  if (char === "=" && next === ">") [kind, length] = ["assign", 2];
  else if (char === "=" && next !== "=" && next !== "~") kind = "assign";
  else if ((char === ":" || char === "?") && next === "=") [kind, length] = ["assign", 2];
  else if (char === ":" && next !== ":" && next !== "/") kind = "colon";
  else if (char === "," && closedQuote) kind = "comma";
  else if (flag && gap && char !== "" && char !== "-") return { kind: "space", spaced: true, valueAt: index };
  if (kind === null) return null;
  let valueAt = index + length;
  while (valueAt < index + length + 16 && (text.charAt(valueAt) === " " || text.charAt(valueAt) === "\t"))
    valueAt += 1;
  return { kind, spaced: gap || valueAt > index + length, valueAt };
}

/** The secret-sounding name of a run of name characters, or null. */
function secretNameOf(name: string, place: Place, names: Map<string, SecretName | null>): SecretName | null {
  // `?key=` is how many APIs take their key; elsewhere `key` alone is a map's or a dictionary's.
  if (place === "query" && name.toLowerCase() === "key") return { kind: "api-key", level: "token" };
  let found = names.get(name);
  if (found === undefined) {
    found = classifySecretName(name);
    names.set(name, found);
  }
  return found;
}

/** Finds the value of the name at `[start, end)`, if it is a secret in its place. */
function findAt(
  text: string,
  start: number,
  end: number,
  ends: ValueEnds,
  names: Map<string, SecretName | null>,
): Finding | null {
  let nameStart = start;
  while (text.charAt(nameStart) === "-") nameStart += 1;
  let nameEnd = end;
  while (nameEnd > nameStart && ".-".includes(text.charAt(nameEnd - 1))) nameEnd -= 1;
  const name = text.slice(nameStart, nameEnd);
  if (name === "" || name.length > LONGEST_NAME || !/^[A-Za-z]/.test(name)) return null;
  const flag = nameStart > start;
  const before = text.charAt(start - 1);
  // A quote right before the name either closes right after it (a JSON or dict key) or wraps the whole
  // `Name: value` (a header in a curl -H argument). In escaped text the quote is `\"` (or `\\\"`).
  let backslashes = 0;
  while (backslashes < 8 && text.charAt(start - 2 - backslashes) === "\\") backslashes += 1;
  const quote = `"'\``.includes(before) && before !== "" ? "\\".repeat(backslashes) + before : null;
  let after = nameEnd;
  const closed = quote !== null && text.startsWith(quote, after);
  if (closed) after += (quote as string).length;
  if (text.charAt(after) === "]") after += 1;
  const separator = separatorAfter(text, after, flag, closed);
  if (separator === null) return null;
  const place: Place = flag
    ? "flag"
    : "?&#;".includes(before) && before !== "" && separator.kind === "assign"
      ? "query"
      : atLineStart(text, start)
        ? "line"
        : "inline";
  const secretName = secretNameOf(name, place, names);
  if (secretName === null) return null;
  // Only a header's value runs to the quote around it: `"TOKEN=abc def"` is a shell word and its value.
  const wrapped = quote !== null && !closed && separator.kind === "colon";
  const bareEnd: ValueEnd = wrapped
    ? wrappedEnd(quote as string)
    : place === "query"
      ? "url"
      : place === "line" && separator.kind === "colon"
        ? "line"
        : "bare";
  let value: ValueSpan = readValue(text, separator.valueAt, ends, bareEnd);
  if (!value.quoted && bareEnd === "line") value = trimLineValue(text, value);
  else if (!value.quoted && wrapped) value = { ...value, end: trimEnd(text, value.start, value.end) };
  const raw = text.slice(value.start, value.end);
  // Checks read a value's ends only: thousands of names can share one value 200 KB long (`token=token=…`).
  const head = raw.length > EDGE ? raw.slice(0, EDGE) : raw;
  const tail = raw.length > EDGE ? raw.slice(-EDGE) : raw;
  // A `Cookie:` header (or curl's `--cookie`) holds many values, each named: cookie-detector.ts reads them.
  const cookieList = (!value.quoted || wrapped || flag) && separator.kind !== "assign" && head.includes("=");
  if (cookieList && /^(?:set-)?cookies?$/i.test(name)) return null;
  if (raw === "" || AUTH_SCHEME.test(head)) return null;
  // `getApiKey: async (model) => {`, `resolveApiKey: (m: Model) => …`: code after a name and a colon;
  // `"token: " + name`: a string's end, then code.
  if (!value.quoted && !wrapped && /[(){}[\];<>]|=>/.test(head)) return null;
  if (value.quoted && ((/^\s*\+\s*[\w$(]/.test(head) && /[()]/.test(head)) || /\s\+\s*$/.test(tail)))
    return null;
  // A line's value is one word (`X-Api-Key: …`, `password: …`): more words are prose or code.
  if (!value.quoted && bareEnd === "line" && /\s/.test(head)) return null;
  // `name: value` inside a line is an object's key only after `{`, `,` or `(`: else it is prose
  // (`Unexpected token: …`) or a type (`readonly tokens: Uint32Array`).
  if (place === "inline" && separator.kind === "colon" && quote === null && !keyPosition(text, start))
    return null;
  // `token = getToken()`, `key = keys[0]`: code, not a literal.
  if (!value.quoted && "([".includes(text.charAt(value.end)) && text.charAt(value.end) !== "") return null;
  if (!value.quoted && raw.length <= EDGE && namesItself(raw, name)) return null;
  let level = secretName.level;
  if (!value.quoted) {
    if (separator.kind === "space" || separator.spaced) level = stricter(level, "unworded");
    if (place === "inline" && separator.kind === "colon") level = stricter(level, "random");
  }
  // `setenv("TOKEN", "…")`: a name and a value side by side, both quoted.
  if (separator.kind === "comma") {
    if (!value.quoted) return null;
    level = stricter(level, "random");
  }
  if (!isSecretValue(raw, level === secretName.level ? secretName : { ...secretName, level })) return null;
  return { start: value.start, end: value.end, kind: secretName.kind, generic: true };
}

/** A YAML or header line's value: to the end of its line, without a ` # comment` or a trailing `,`/`;`. */
function trimLineValue(text: string, value: ValueSpan): ValueSpan {
  let end = value.end;
  const comment = text.slice(value.start, end).search(/\s#/);
  if (comment !== -1) end = value.start + comment;
  end = trimEnd(text, value.start, end);
  if (end > value.start && ",;".includes(text.charAt(end - 1))) end -= 1;
  return { ...value, end };
}

function trimEnd(text: string, start: number, end: number): number {
  let at = end;
  while (at > start && /\s/.test(text.charAt(at - 1))) at -= 1;
  return at;
}

/**
 * Finds values whose name says secret (see classifySecretName), wherever the name stands: `NAME=value`,
 * `export NAME=…`, `name: value` (YAML, headers), `"name": "value"`, `--name value`, `--name=value`,
 * `?name=value` (also in Markdown link targets). The finding covers the value only; its kind is what the
 * name says (`password`, `token`, `api-key`, `signature`, …).
 */
export const contextDetector: Detector = {
  kind: "password",
  find(text) {
    const findings: Finding[] = [];
    const ends = new ValueEnds(text);
    const names = new Map<string, SecretName | null>();
    SECRET_WORD.lastIndex = 0;
    for (let hit = SECRET_WORD.exec(text); hit !== null; hit = SECRET_WORD.exec(text)) {
      let start = hit.index;
      while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start -= 1;
      let end = hit.index + hit[0].length;
      while (end < text.length && isNameChar(text.charCodeAt(end))) end += 1;
      // The next search starts after this name: each character is part of one name at most.
      SECRET_WORD.lastIndex = end;
      const found = findAt(text, start, end, ends, names);
      if (found !== null && found.end > found.start) findings.push(found);
    }
    return findings;
  },
};

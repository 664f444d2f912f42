import { type Tag, tags as t } from "@lezer/highlight";
import {
  jsdocName,
  jsdocTag,
  jsdocType,
  regexClass,
  regexDelimiter,
  regexEscape,
  regexFlags,
  regexName,
  regexOperator,
  type Styling,
} from "./lezer-styles.js";
import type { Span } from "./styled-spans.js";

// What Lezer leaves one token and the TypeScript grammar takes apart: a regular expression literal and
// a documentation comment. Both are coloured here as the grammar colours their parts.

/**
 * A regular expression literal's spans, coloured as the grammar takes it apart: anchors, alternation,
 * quantifiers and back-references as operators; character classes, `.` and class escapes (`\\d`, `\\n`,
 * `\\x1b`) as constants; other escapes (`\\.`, `\\/`) as escapes; group names as names; the flags.
 */
export function regexpSpans(code: string, from: number, to: number, styling: Styling, spans: Span[]): void {
  const key = (tag: Tag) => styling.indexOf(tag);
  const push = (start: number, end: number, tag: Tag) => {
    if (end > start) spans.push({ from: start, to: end, key: key(tag) });
  };
  const close = code.lastIndexOf("/", to - 1);
  if (close <= from) {
    push(from, to, t.regexp);
    return;
  }
  push(from, from + 1, regexDelimiter);
  let at = from + 1;
  let inClass = false;
  while (at < close) {
    const char = code[at] as string;
    if (char === "\\") {
      const next = code[at + 1] ?? "";
      const numeric = /^\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|c[A-Za-z]|[pP]\{[^}]*\})/.exec(
        code.slice(at, Math.min(close, at + 12)),
      );
      if (numeric !== null) {
        push(at, at + numeric[0].length, regexClass);
        at += numeric[0].length;
      } else if (!inClass && /[bB]/.test(next)) {
        push(at, at + 2, regexOperator);
        at += 2;
      } else if (!inClass && /[1-9]/.test(next)) {
        const digits = /^[0-9]+/.exec(code.slice(at + 1, close))?.[0] ?? next;
        push(at, at + 1 + digits.length, regexOperator);
        at += 1 + digits.length;
      } else if (!inClass && next === "k" && code[at + 2] === "<") {
        const end = code.indexOf(">", at);
        const nameEnd = end === -1 || end > close ? close : end;
        push(at, at + 3, regexOperator);
        push(at + 3, nameEnd, regexName);
        push(nameEnd, Math.min(close, nameEnd + 1), regexOperator);
        at = Math.min(close, nameEnd + 1);
      } else {
        push(at, at + 2, /[dDwWsStrnvf0]/.test(next) ? regexClass : regexEscape);
        at += 2;
      }
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      push(at, at + 1, char === "^" && code[at - 1] === "[" ? regexOperator : regexClass);
      at += 1;
      continue;
    }
    if (char === "[") {
      inClass = true;
      push(at, at + 1, regexClass);
      at += 1;
      continue;
    }
    const quantifier = /^\{\d*(?:,\d*)?\}/.exec(code.slice(at, close));
    if (quantifier !== null && quantifier[0] !== "{}" && quantifier[0] !== "{,}") {
      push(at, at + quantifier[0].length, regexOperator);
      at += quantifier[0].length;
      continue;
    }
    const named = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(code.slice(at, close));
    if (named !== null) {
      push(at, at + 3, t.regexp);
      push(at + 3, at + 3 + (named[1]?.length ?? 0), regexName);
      push(at + 3 + (named[1]?.length ?? 0), at + named[0].length, t.regexp);
      at += named[0].length;
      continue;
    }
    // `?` after `(` opens a group kind (`(?:`, `(?=`): part of the group, not a quantifier.
    const operator = "^$|+*".includes(char) || (char === "?" && code[at - 1] !== "(");
    push(at, at + 1, char === "." ? regexClass : operator ? regexOperator : t.regexp);
    at += 1;
  }
  push(close, close + 1, regexDelimiter);
  push(close + 1, to, regexFlags);
}

/**
 * A JSDoc tag: an optional `{` (an inline `{@link X}`), the `@tag`, then perhaps a `{type}` (one level of
 * braces inside: `{{ a: string }}`) and a name (`x`, `opts.x`, `[x]`, `[x=1]`).
 */
const JSDOC_TAG =
  /(\{)?(@[A-Za-z]+)(?:(\s+)(\{(?:[^{}\n]|\{[^{}\n]*\})*\}))?(?:(\s+)(\[[^\]\n]*\]|[\w$.]+))?/g;

/** JSDoc tags whose next word (after any type) is a name the grammar colours apart. */
const NAMING_TAGS = new Set(["@param", "@arg", "@argument", "@property", "@prop", "@typedef", "@callback"]);

/**
 * A block comment's spans; a documentation comment (`/**`) is coloured as the grammar colours JSDoc:
 * its `@tags`, the `{types}` after them and the parameter names.
 */
export function commentSpans(code: string, from: number, to: number, styling: Styling, spans: Span[]): void {
  const text = code.slice(from, to);
  if (!text.startsWith("/**")) {
    spans.push({ from, to, key: styling.indexOf(t.blockComment) });
    return;
  }
  const doc = styling.indexOf(t.docComment);
  let at = 0;
  const push = (start: number, end: number, key: number) => {
    if (start > at) spans.push({ from: from + at, to: from + start, key: doc });
    spans.push({ from: from + start, to: from + end, key });
    at = end;
  };
  // `@param {Type} name`, `@returns {Type}`, `{@link Name}`: the pieces the grammar picks out.
  for (const match of text.matchAll(JSDOC_TAG)) {
    const [, brace, tag = "", space1, type, space2, name] = match;
    let start = match.index;
    if (brace !== undefined) {
      push(start, start + 1, styling.indexOf(jsdocType));
      start += 1;
    }
    push(start, start + tag.length, styling.indexOf(jsdocTag));
    start += tag.length;
    if (type !== undefined) {
      start += space1?.length ?? 0;
      push(start, start + type.length, styling.indexOf(jsdocType));
      start += type.length;
    }
    if (name !== undefined && (NAMING_TAGS.has(tag) || brace !== undefined)) {
      start += space2?.length ?? 0;
      push(start, start + name.length, styling.indexOf(jsdocName));
    }
  }
  if (at < text.length) spans.push({ from: from + at, to, key: doc });
}

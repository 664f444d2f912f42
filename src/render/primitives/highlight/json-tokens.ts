import type { ThemedToken } from "shiki/core";
import { appendSpan, type Span, spansToTokens, stylesOfScopes } from "./styled-spans.js";

/**
 * JSON, highlighted by a scanner of our own instead of shiki's JSON grammar: the arguments of every tool
 * call the page shows as JSON, hundreds of small blocks in a large session, at a fraction of the grammar's
 * cost (on the 20 MB bench session, 204 blocks took the grammar ~38 ms cold). The colours are the same
 * theme's for the scopes the grammar gives: keys, strings and their escapes, numbers, `true`, `false` and
 * `null`, comments, and what does not belong where it stands marked invalid, as the grammar marks it.
 * One pass with a stack of containers: any text scans in linear time.
 */

/** The scope each kind of span stands for, as the grammar names it (innermost last). */
const JSON_SCOPES = [
  "comment.line.double-slash.js",
  "support.type.property-name.json",
  "string.quoted.double.json",
  "string.quoted.double.json constant.character.escape.json",
  "constant.numeric.json",
  "constant.language.json",
  "invalid.illegal.expected-dictionary-separator.json",
] as const;

const COMMENT = 0;
const PROPERTY = 1;
const STRING = 2;
const ESCAPE = 3;
const NUMBER = 4;
const CONSTANT = 5;
const INVALID = 6;

/** Where the scanner stands: in an object before a key's colon, after it, or in an array. */
type Container = "key" | "value" | "array";

const NUMBER_AT = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const CONSTANT_AT = /(?:true|false|null)\b/y;
const ESCAPE_AT = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** The spans of `code` as JSON, in order and not overlapping. */
export function jsonSpans(code: string): Span[] {
  const spans: Span[] = [];
  const emit = (from: number, to: number, key: number) => appendSpan(spans, from, to, key);
  const stack: Container[] = [];
  const length = code.length;
  let at = 0;

  /**
   * A string from its opening quote: a key in the key's colour (its escapes too), a value with its
   * escapes apart; an escape JSON does not know is invalid in either.
   */
  const string = (isKey: boolean) => {
    const text = isKey ? PROPERTY : STRING;
    let run = at;
    at += 1;
    while (at < length && code[at] !== '"') {
      if (code[at] !== "\\") {
        at += 1;
        continue;
      }
      ESCAPE_AT.lastIndex = at;
      const known = ESCAPE_AT.test(code);
      const end = known ? ESCAPE_AT.lastIndex : Math.min(length, at + 2);
      emit(run, at, text);
      emit(at, end, known ? (isKey ? PROPERTY : ESCAPE) : INVALID);
      at = end;
      run = end;
    }
    at = Math.min(length, at + 1);
    emit(run, at, text);
  };

  while (at < length) {
    const char = code[at] as string;
    const container = stack[stack.length - 1];
    if (char === " " || char === "\t" || char === "\n" || char === "\r") {
      at += 1;
    } else if (char === "/" && code[at + 1] === "/") {
      const end = code.indexOf("\n", at);
      const stop = end === -1 ? length : end;
      emit(at, stop, COMMENT);
      at = stop;
    } else if (char === "/" && code[at + 1] === "*") {
      const end = code.indexOf("*/", at + 2);
      const stop = end === -1 ? length : end + 2;
      emit(at, stop, COMMENT);
      at = stop;
    } else if (char === '"') {
      string(container === "key");
    } else if (char === "{" && container !== "key") {
      stack.push("key");
      at += 1;
    } else if (char === "[" && container !== "key") {
      stack.push("array");
      at += 1;
    } else if (char === "}" && (container === "key" || container === "value")) {
      stack.pop();
      at += 1;
    } else if (char === "]" && container === "array") {
      stack.pop();
      at += 1;
    } else if (char === ":" && container === "key") {
      stack[stack.length - 1] = "value";
      at += 1;
    } else if (char === "," && (container === "value" || container === "array")) {
      // A comma ends an object's value; before a key's colon it is out of place (below).
      if (container === "value") stack[stack.length - 1] = "key";
      at += 1;
    } else if (container !== "key" && scalar()) {
      // A number or a constant, read by `scalar`.
    } else {
      // Out of place: invalid inside a container, as the grammar marks it; plain at the top level.
      if (container !== undefined) emit(at, at + 1, INVALID);
      at += 1;
    }
  }
  return spans;

  /** A number or `true`/`false`/`null` at `at`; returns whether it read one. */
  function scalar(): boolean {
    NUMBER_AT.lastIndex = at;
    if (NUMBER_AT.test(code)) {
      emit(at, NUMBER_AT.lastIndex, NUMBER);
      at = NUMBER_AT.lastIndex;
      return true;
    }
    CONSTANT_AT.lastIndex = at;
    // A whole word only, as the grammar's `\b` has it: not the end of `xtrue`.
    if (!/\w/.test(code[at - 1] ?? " ") && CONSTANT_AT.test(code)) {
      emit(at, CONSTANT_AT.lastIndex, CONSTANT);
      at = CONSTANT_AT.lastIndex;
      return true;
    }
    return false;
  }
}

let styles: ReturnType<typeof stylesOfScopes> | undefined;

/** Tokens of `code` as JSON, line by line as shiki gives them (see `spansToTokens`). */
export function jsonTokens(code: string): ThemedToken[][] {
  styles ??= stylesOfScopes("source.json", JSON_SCOPES);
  return spansToTokens(code, jsonSpans(code), styles);
}

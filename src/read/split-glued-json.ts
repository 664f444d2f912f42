/** The result of cutting a line into top-level JSON values. */
export interface GluedSplit {
  /** Text of each complete top-level `{...}` or `[...]` value, in order. */
  values: string[];
  /** Text after the last complete value that does not form one (a cut-off entry, garbage); "" when none. */
  rest: string;
}

const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \

function isJsonWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * Cuts a line into the top-level JSON objects or arrays it holds, e.g. two entries whose newline was lost.
 *
 * It tracks only string boundaries and bracket depth, so it is linear and never recurses; each piece must
 * still be parsed with `JSON.parse`. Anything at depth zero that does not start a value ends the scan and
 * is returned as `rest`.
 */
export function splitGluedJson(text: string): GluedSplit {
  const values: string[] = [];
  let position = 0;
  const length = text.length;
  while (position < length) {
    while (position < length && isJsonWhitespace(text.charCodeAt(position))) position += 1;
    if (position >= length) return { values, rest: "" };
    const first = text.charCodeAt(position);
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return { values, rest: text.slice(position) };
    const end = findValueEnd(text, position);
    if (end === -1) return { values, rest: text.slice(position) };
    values.push(text.slice(position, end));
    position = end;
  }
  return { values, rest: "" };
}

/** Index just past the bracketed value starting at `start`, or -1 if the text ends first. */
function findValueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

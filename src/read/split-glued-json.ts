/**
 * The scanner that cuts a line into the JSON values glued together on it (two entries whose newline was
 * lost): it tracks only string boundaries and bracket depth, so it is linear and never recurses; each
 * piece must still be parsed with `JSON.parse` (`parseLine`).
 */

const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \

function isJsonWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** Index of the first character at or after `from` that is not JSON white space (the length if none). */
export function skipJsonWhitespace(text: string, from: number): number {
  let position = from;
  while (position < text.length && isJsonWhitespace(text.charCodeAt(position))) position += 1;
  return position;
}

/** Whether the character at `position` can start a bracketed value (`{` or `[`). */
export function opensValue(text: string, position: number): boolean {
  const code = text.charCodeAt(position);
  return code === OPEN_BRACE || code === OPEN_BRACKET;
}

/**
 * Index just past the bracketed value starting at `start`, or -1 if it does not close before `limit`
 * (the end of the text by default).
 */
export function findValueEnd(text: string, start: number, limit = text.length): number {
  let depth = 0;
  let inString = false;
  const end = Math.min(limit, text.length);
  for (let i = start; i < end; i += 1) {
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

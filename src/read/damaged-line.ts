import { isPlainObject } from "../plain-object.js";

/**
 * Every backslash escape in a text: a valid JSON one (`\n`, `\"`, `\\`, `\u00e9`) in group 1, or a lone
 * backslash whose escape JSON does not know (`\x`, a `\u12` cut short), with group 1 empty. Pairs are
 * consumed left to right, so the second backslash of `\\` never starts an escape of its own.
 */
const ESCAPE = /\\(u[0-9a-fA-F]{4}|["\\/bfnrt]|)/g;

/** Bad escapes this many characters long at most are quoted in the problem; longer ones are cut. */
const QUOTED_ESCAPE_CHARS = 6;

/**
 * A line that is not JSON only because a string holds an escape JSON does not allow (a redaction that
 * left `\x` or a lone `\u12`): the object it holds with each such backslash read as a literal backslash,
 * and the first bad escape for the problem. Undefined when the line has no bad escape or still does not
 * parse once they are mended.
 */
export function mendBadEscapes(text: string): { value: Record<string, unknown>; escape: string } | undefined {
  let first: number | undefined;
  const mended = text.replace(ESCAPE, (match, valid: string, offset: number) => {
    if (valid !== "") return match;
    first ??= offset;
    return "\\\\";
  });
  if (first === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(mended);
    if (!isPlainObject(value)) return undefined;
    const quoted = text.slice(first, first + QUOTED_ESCAPE_CHARS).replace(/[^\x21-\x7e]/g, "?");
    return { value, escape: quoted };
  } catch {
    return undefined;
  }
}

/** The top-level fields a tree needs, as far as they could be read from a line that is not JSON. */
export interface TreeFields {
  id: string;
  parentId: string | null;
  type?: string;
  timestamp?: string;
}

/**
 * Reads `id`, `parentId`, `type` and `timestamp` of the outermost object of a line that does not parse, by
 * scanning it the way `findValueEnd` does (string boundaries and bracket depth only, so a bad escape or a
 * stray character inside a string does not matter) and taking only keys at depth 1: an `id` inside the
 * message (a tool call's) is not the entry's. Undefined without a string `id` and a `parentId` that is a
 * string or null.
 */
export function scanTreeFields(text: string): TreeFields | undefined {
  const found = new Map<string, string | null>();
  let depth = 0;
  let position = 0;
  while (position < text.length) {
    const char = text[position];
    if (char === '"') {
      const end = stringEnd(text, position);
      if (end === -1) break;
      if (depth === 1) {
        const after = skipSpaces(text, end);
        if (text[after] === ":") {
          const key = text.slice(position + 1, end - 1);
          const valueAt = skipSpaces(text, after + 1);
          const value = readScalar(text, valueAt);
          if (value !== undefined && !found.has(key)) found.set(key, value.value);
          position = value === undefined ? valueAt : value.end;
          continue;
        }
      }
      position = end;
      continue;
    }
    if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") depth -= 1;
    position += 1;
  }
  const id = found.get("id");
  const parentId = found.get("parentId");
  if (typeof id !== "string" || id === "" || parentId === undefined) return undefined;
  const type = found.get("type");
  const timestamp = found.get("timestamp");
  return {
    id,
    parentId,
    ...(typeof type === "string" ? { type } : {}),
    ...(typeof timestamp === "string" ? { timestamp } : {}),
  };
}

/** Index just past the string opening at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === '"') return i + 1;
  }
  return -1;
}

function skipSpaces(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at] as string)) at += 1;
  return at;
}

/** A string (read as JSON where it can be, else as its raw text) or `null` at `at`; others undefined. */
function readScalar(text: string, at: number): { value: string | null; end: number } | undefined {
  if (text.startsWith("null", at)) return { value: null, end: at + 4 };
  if (text[at] !== '"') return undefined;
  const end = stringEnd(text, at);
  if (end === -1) return undefined;
  try {
    return { value: JSON.parse(text.slice(at, end)) as string, end };
  } catch {
    return { value: text.slice(at + 1, end - 1), end };
  }
}

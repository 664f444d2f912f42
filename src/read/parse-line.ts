import { isPlainObject } from "../plain-object.js";
import { boundNesting, MAX_NESTING, mayNestTooDeep } from "./bound-nesting.js";
import { mendBadEscapes, scanTreeFields, type TreeFields } from "./damaged-line.js";
import type { Problem } from "./problem.js";
import { findValueEnd, opensValue, skipJsonWhitespace } from "./split-glued-json.js";

/** A JSON object read from one line; `part` counts objects glued onto the same line, from 0. */
export interface LineObject {
  line: number;
  part: number;
  value: Record<string, unknown>;
}

export interface ParsedLine {
  objects: LineObject[];
  problems: Problem[];
  /** Set when the line is one JSON value that is not an object: what it is ("an array", "null", ...). */
  notAnObject?: string;
  /** For a line nothing could be read from: its entry's id and parent, when they can be read off the text. */
  treeFields?: TreeFields;
  /** Set when the line is one JSON value as it stands (`JSON.parse` takes it): what Pi's reader keeps. */
  whole?: true;
  /** The line's array, when it is one: a version 4 file's transaction of several writes. */
  array?: unknown[];
}

function describeJsonValue(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return `a ${typeof value}`;
}

/** Text quoted from a damaged line, its control characters escaped: a NUL byte must not reach a report. */
function escapeControls(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes.
    /[\u0000-\u001f\u007f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** An error's message, escaped: `JSON.parse` quotes the line, NUL bytes and all. */
function errorText(error: unknown): string {
  return escapeControls(error instanceof Error ? error.message : String(error));
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return escapeControls(flat.length > 40 ? `${flat.slice(0, 40)}…` : flat);
}

/**
 * Reads one line into the entry objects it holds.
 *
 * The common case is one `JSON.parse`. Only a line that fails is scanned for objects glued together
 * (Pi drops such lines whole; we keep every object we can), and whatever cannot be recovered is
 * reported with the line number and the reason, never dropped in silence. Values nested deeper than
 * `MAX_NESTING` are kept as their JSON text (bound-nesting.ts), with a problem that says so.
 */
export function parseLine(line: number, text: string): ParsedLine {
  const parsed = readObjects(line, text);
  if (parsed.objects.length === 0 || !mayNestTooDeep(text)) return parsed;
  let values = 0;
  for (const object of parsed.objects) values += boundNesting(object.value);
  if (values === 0) return parsed;
  return {
    ...parsed,
    problems: [
      ...parsed.problems,
      { line, kind: "repaired", code: "nested-too-deep", detail: { limit: MAX_NESTING, values } },
    ],
  };
}

function readObjects(line: number, text: string): ParsedLine {
  let firstError: unknown;
  try {
    const value: unknown = JSON.parse(text);
    if (isPlainObject(value)) return { objects: [{ line, part: 0, value }], problems: [], whole: true };
    return {
      whole: true,
      ...(Array.isArray(value) ? { array: value } : {}),
      objects: [],
      notAnObject: describeJsonValue(value),
      problems: [
        {
          line,
          kind: "unreadable",
          code: "not-an-object",
          detail: { value: describeJsonValue(value) },
        },
      ],
    };
  } catch (error) {
    firstError = error;
  }
  const mended = text.includes("\\") ? mendBadEscapes(text) : undefined;
  if (mended !== undefined) {
    return {
      objects: [{ line, part: 0, value: mended.value }],
      problems: [
        {
          line,
          kind: "repaired",
          code: "bad-escape",
          detail: { escape: escapeControls(mended.escape) },
        },
      ],
    };
  }
  const recovered = recoverGluedLine(line, text, firstError);
  if (recovered.objects.length > 0) return recovered;
  const fields = scanTreeFields(text);
  return fields === undefined ? recovered : { ...recovered, treeFields: fields };
}

/**
 * How Pi writes every line: `JSON.stringify` of an object whose first key is `type`. Where a line's text
 * stops forming values (an entry cut off by a crash with the next one appended straight after it, a stray
 * character), the next entry is looked for at the next of these.
 */
const ENTRY_START = '{"type":"';

/**
 * How many characters looking for entries past damage may scan, as a multiple of the line's length: each
 * place tried scans to where its value closes, so a hostile line of unclosed `{"type":"` would otherwise
 * take time quadratic in its length. A real line needs less than one pass.
 */
const RESYNC_SCAN_FACTOR = 4;

/** A value found past damage counts as an entry only if it has an entry's string `type` and `timestamp`. */
function isEntryLike(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && typeof value.type === "string" && typeof value.timestamp === "string";
}

/**
 * The next entry in `text` at or after `from`: where it starts and ends, and its value. Places that do not
 * hold an entry (a content block inside the damaged text, a value that never closes) are passed over.
 */
function nextEntry(
  text: string,
  from: number,
  budget: { chars: number },
): { start: number; end: number; value: Record<string, unknown> } | undefined {
  let start = text.indexOf(ENTRY_START, from);
  while (start !== -1 && budget.chars > 0) {
    const end = findValueEnd(text, start, start + budget.chars);
    budget.chars -= (end === -1 ? Math.min(text.length, start + budget.chars) : end) - start;
    if (end !== -1) {
      try {
        const value: unknown = JSON.parse(text.slice(start, end));
        if (isEntryLike(value)) return { start, end, value };
      } catch {
        // Not an entry after all: look at the next place.
      }
    }
    start = text.indexOf(ENTRY_START, start + 1);
  }
  return undefined;
}

/** What a stretch of a line that holds no entry was, for the line's problem. */
function describeLost(text: string): string {
  const startsValue = text.startsWith("{") || text.startsWith("[");
  return startsValue ? "an entry cut off mid-way" : `text that is not JSON ("${preview(text)}")`;
}

/**
 * A line that is not one JSON value: the values glued on it (a lost newline), and, past any damage (a
 * cut-off entry, a value that is not JSON, a stray character), the entries the writer appended after it.
 */
function recoverGluedLine(line: number, text: string, parseError: unknown): ParsedLine {
  const objects: LineObject[] = [];
  const lost: string[] = [];
  let valuesSeen = 0;
  const budget = { chars: RESYNC_SCAN_FACTOR * text.length };
  let position = skipJsonWhitespace(text, 0);
  while (position < text.length) {
    const end = opensValue(text, position) ? findValueEnd(text, position) : -1;
    let damage = "";
    if (end !== -1) {
      valuesSeen += 1;
      try {
        const value: unknown = JSON.parse(text.slice(position, end));
        if (isPlainObject(value)) objects.push({ line, part: objects.length, value });
        else lost.push(`${describeJsonValue(value)} that is not an entry`);
        position = skipJsonWhitespace(text, end);
        continue;
      } catch (error) {
        damage = `an object that is not valid JSON (${errorText(error)})`;
      }
    }
    // Past the damage, the entries the writer appended after it are still whole: find the next one.
    const next = nextEntry(text, position + 1, budget);
    lost.push(damage || describeLost(text.slice(position, next?.start ?? text.length).trim()));
    if (next === undefined) break;
    objects.push({ line, part: objects.length, value: next.value });
    position = skipJsonWhitespace(text, next.end);
  }

  if (objects.length === 0) {
    const cutOff = valuesSeen === 0 && (text.trimStart().startsWith("{") || text.trimStart().startsWith("["));
    const problem: Problem = cutOff
      ? { line, kind: "unreadable", code: "cut-off", detail: {} }
      : { line, kind: "unreadable", code: "not-json", detail: { error: errorText(parseError) } };
    return { objects, problems: [problem] };
  }
  if (lost.length === 0) {
    return {
      objects,
      problems: [
        {
          line,
          kind: "repaired",
          code: "glued",
          detail: { entries: objects.length },
        },
      ],
    };
  }
  return {
    objects,
    problems: [
      {
        line,
        kind: "unreadable",
        code: "glued-parts-lost",
        detail: { kept: objects.length, lost },
      },
    ],
  };
}

import type { Problem } from "./problem.js";
import { splitGluedJson } from "./split-glued-json.js";

/** A JSON object read from one line; `part` counts objects glued onto the same line, from 0. */
export interface LineObject {
  line: number;
  part: number;
  value: Record<string, unknown>;
}

export interface ParsedLine {
  objects: LineObject[];
  problems: Problem[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeJsonValue(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return `a ${typeof value}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}

/**
 * Reads one line into the entry objects it holds.
 *
 * The common case is one `JSON.parse`. Only a line that fails is scanned for objects glued together
 * (Pi drops such lines whole; we keep every object we can), and whatever cannot be recovered is
 * reported with the line number and the reason, never dropped in silence.
 */
export function parseLine(line: number, text: string): ParsedLine {
  let firstError: unknown;
  try {
    const value: unknown = JSON.parse(text);
    if (isPlainObject(value)) return { objects: [{ line, part: 0, value }], problems: [] };
    return {
      objects: [],
      problems: [
        {
          line,
          kind: "unreadable",
          message: `line ${line} holds ${describeJsonValue(value)}, not an entry object; skipped`,
        },
      ],
    };
  } catch (error) {
    firstError = error;
  }
  return recoverGluedLine(line, text, firstError);
}

function recoverGluedLine(line: number, text: string, parseError: unknown): ParsedLine {
  const { values, rest } = splitGluedJson(text);
  const objects: LineObject[] = [];
  const lost: string[] = [];
  for (const piece of values) {
    try {
      const value: unknown = JSON.parse(piece);
      if (isPlainObject(value)) objects.push({ line, part: objects.length, value });
      else lost.push(`${describeJsonValue(value)} that is not an entry`);
    } catch (error) {
      lost.push(`an object that is not valid JSON (${errorText(error)})`);
    }
  }
  if (rest !== "") {
    const startsValue = rest.startsWith("{") || rest.startsWith("[");
    lost.push(startsValue ? "an entry cut off mid-way" : `text that is not JSON ("${preview(rest)}")`);
  }

  if (objects.length === 0) {
    const cutOff =
      values.length === 0 && (text.trimStart().startsWith("{") || text.trimStart().startsWith("["));
    const message = cutOff
      ? `line ${line} is cut off mid-entry (the writer probably stopped before finishing it); skipped`
      : `line ${line} is not valid JSON (${errorText(parseError)}); skipped`;
    return { objects, problems: [{ line, kind: "unreadable", message }] };
  }
  if (lost.length === 0) {
    return {
      objects,
      problems: [
        {
          line,
          kind: "repaired",
          message: `line ${line} held ${objects.length} entries glued together (a lost newline); all ${objects.length} kept`,
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
        message: `line ${line} held ${objects.length + lost.length} glued parts: kept ${objects.length} ${
          objects.length === 1 ? "entry" : "entries"
        }, skipped ${lost.join(" and ")}`,
      },
    ],
  };
}

import { SessionReadError } from "./errors.js";
import { type LineObject, parseLine } from "./parse-line.js";
import type { Problem } from "./problem.js";
import type { RawSession } from "./raw-session.js";
import { sourceLines } from "./split-lines.js";

/** How far into a file to look for NUL bytes: JSON text never holds one, binary files nearly always do. */
const BINARY_SNIFF_BYTES = 8192;

/**
 * Reads the bytes of a JSON-lines file into a header, entry objects and problems.
 *
 * @param label how to name the input in an error (usually its path).
 * @throws {SessionReadError} when the bytes are empty, binary, or do not start with a Pi session header.
 */
export function parseSessionBytes(bytes: Uint8Array, label: string): RawSession {
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (sniff.includes(0)) {
    throw new SessionReadError(
      "binary",
      label,
      `${label}: this is a binary file, not a Pi session (JSON lines).`,
    );
  }
  const problems: Problem[] = [];
  const records: LineObject[] = [];
  let header: Record<string, unknown> | undefined;
  let headerLine = 0;
  for (const source of sourceLines(bytes)) {
    const parsed = parseLine(source.line, source.text);
    if (source.invalidUtf8) {
      problems.push({
        line: source.line,
        kind: "repaired",
        message: `line ${source.line} holds bytes that are not UTF-8; they are shown as �`,
      });
    }
    if (header === undefined) {
      header = takeHeader(parsed.objects, label, source.line);
      headerLine = source.line;
      for (const problem of parsed.problems) if (problem.kind !== "repaired") problems.push(problem);
      // Loops, not push(...): one hostile line can hold more glued objects than a call takes arguments.
      for (const object of parsed.objects.slice(1)) records.push(object);
      if (parsed.objects.length > 1) {
        problems.push({
          line: source.line,
          kind: "repaired",
          message: `line ${source.line} held the header and ${parsed.objects.length - 1} more entries glued together; all kept`,
        });
      }
      continue;
    }
    for (const problem of parsed.problems) problems.push(problem);
    for (const object of parsed.objects) records.push(object);
  }
  if (header === undefined) {
    throw new SessionReadError(
      "empty",
      label,
      `${label}: the file is empty; a Pi session starts with a header line.`,
    );
  }
  return { header, headerLine, records, problems };
}

function takeHeader(objects: LineObject[], label: string, line: number): Record<string, unknown> {
  const first = objects[0]?.value;
  if (first === undefined) {
    throw new SessionReadError(
      "not-a-session",
      label,
      `${label}: not a Pi session: line ${line} is not JSON (a session starts with {"type":"session",...}).`,
    );
  }
  if (first.type !== "session") {
    const found =
      typeof first.type === "string" ? `an entry of type "${first.type}"` : "an object without a type";
    throw new SessionReadError(
      "not-a-session",
      label,
      `${label}: not a Pi session: line ${line} is ${found}, not the session header {"type":"session",...}.`,
    );
  }
  return first;
}

import { isPlainObject } from "../plain-object.js";
import type { TreeFields } from "./damaged-line.js";
import { SessionReadError } from "./errors.js";
import { type LineObject, parseLine } from "./parse-line.js";
import type { Problem } from "./problem.js";
import type { PiReading, RawSession } from "./raw-session.js";
import { sourceLines } from "./split-lines.js";
import { isV4Header, readV4Session } from "./v4-session.js";

/** How far into a file to look for NUL bytes: JSON text never holds one, binary files nearly always do. */
const BINARY_SNIFF_BYTES = 8192;

const OPEN_BRACE = 0x7b;

/**
 * Whether the bytes are a binary file rather than a session: NUL bytes near the start of a file that does
 * not begin as JSON does. A session a crash left with a run of NULs (space the file system kept for text
 * that was never written) still begins with `{`, and is read, the NULs reported by line.
 */
function looksBinary(bytes: Uint8Array): boolean {
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (!sniff.includes(0)) return false;
  let at = sniff[0] === 0xef && sniff[1] === 0xbb && sniff[2] === 0xbf ? 3 : 0;
  while (at < sniff.length && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(sniff[at] as number)) at += 1;
  return sniff[at] !== OPEN_BRACE;
}

/** A line of nothing but NUL bytes (and white space), as a crash leaves at a file's end. */
const NUL_LINE = /^[\0\s]*$/;

/**
 * Whether an object is an entry as Pi writes them since version 2: a string `type`, `id` and `timestamp`,
 * and a `parentId`. Only such entries let a file without its header line be read as a session: other
 * tools' JSON lines are refused as before.
 */
function isPiEntry(value: Record<string, unknown>): boolean {
  return (
    typeof value.type === "string" &&
    typeof value.id === "string" &&
    typeof value.timestamp === "string" &&
    "parentId" in value
  );
}

/** The first non-blank line, when it was not the header: what it held, for the error or the problem. */
interface FirstLine {
  line: number;
  first: Record<string, unknown> | undefined;
  /** What it held when it was JSON but not an object (`ParsedLine.notAnObject`). */
  notAnObject: string | undefined;
}

/**
 * Reads the bytes of a JSON-lines file into a header, entry objects and problems.
 *
 * A file whose header is not on its first line is still read, when its header is further down (moved, or
 * after entries glued to a cut-off first line) or, failing that, when its entries are Pi's (FORMAT.md:
 * the real file wins). Each such repair is a problem on the line it concerns.
 *
 * @param label how to name the input in an error (usually its path).
 * @throws {SessionReadError} when the bytes are empty, binary, or neither start with a Pi session header
 *   nor hold Pi's entries.
 */
export function parseSessionBytes(bytes: Uint8Array, label: string): RawSession {
  if (looksBinary(bytes)) {
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
  let firstLine: FirstLine | undefined;
  const lostEntries: LostEntry[] = [];
  let v4Header: Record<string, unknown> | undefined;
  const piReading: PiReading = { dropped: [], headerFirst: false };
  let piParsedAny = false;
  for (const source of sourceLines(bytes)) {
    if (NUL_LINE.test(source.text)) {
      piReading.dropped.push(source.line);
      problems.push({
        line: source.line,
        kind: "unreadable",
        code: "nul-line",
        detail: {},
      });
      continue;
    }
    const parsed = parseLine(source.line, source.text);
    // Pi parses the line as it stands: a byte order mark is not JSON, and it does not strip it.
    if (parsed.whole !== true || source.bom === true) piReading.dropped.push(source.line);
    else if (!piParsedAny) {
      piParsedAny = true;
      piReading.headerFirst = isPiHeader(parsed.objects[0]?.value);
    }
    if (source.invalidUtf8) {
      problems.push({
        line: source.line,
        kind: "repaired",
        code: "not-utf8",
        detail: {},
      });
    }
    if (header === undefined && firstLine === undefined && parsed.objects[0]?.value.type === "session") {
      header = (parsed.objects[0] as LineObject).value;
      headerLine = source.line;
      // Glued objects on the header's line are said once, as `glued-header` below.
      for (const problem of parsed.problems) if (problem.code !== "glued") problems.push(problem);
      // Loops, not push(...): one hostile line can hold more glued objects than a call takes arguments.
      for (const object of parsed.objects.slice(1)) records.push(object);
      if (parsed.objects.length > 1) {
        problems.push({
          line: source.line,
          kind: "repaired",
          code: "glued-header",
          detail: { entries: parsed.objects.length - 1 },
        });
      }
      continue;
    }
    if (header === undefined && firstLine === undefined && isV4Header(parsed.objects[0]?.value)) {
      // Pi's agent core writes these into the same folders: read as such (src/read/v4-session.ts).
      header = v4Header = (parsed.objects[0] as LineObject).value;
      headerLine = source.line;
      for (const problem of parsed.problems) problems.push(problem);
      for (const object of parsed.objects.slice(1)) records.push(object);
      continue;
    }
    if (v4Header !== undefined && parsed.array !== undefined) {
      // A version 4 transaction: its writes, in order, each an object of its own.
      parsed.array.forEach((write, part) => {
        if (isPlainObject(write)) records.push({ line: source.line, part, value: write });
        else
          problems.push({
            line: source.line,
            kind: "invalid",
            code: "v4-unknown-kind",
            detail: { kind: undefined },
          });
      });
      continue;
    }
    if (header === undefined && firstLine === undefined) {
      firstLine = {
        line: source.line,
        first: parsed.objects[0]?.value,
        notAnObject: parsed.notAnObject,
      };
    }
    for (const problem of parsed.problems) problems.push(problem);
    for (const object of parsed.objects) records.push(object);
    if (parsed.treeFields !== undefined) {
      lostEntries.push({ line: source.line, fields: parsed.treeFields, problem: problems.length - 1 });
    }
  }
  const kept = withPlaceholders(records, lostEntries, problems);
  if (v4Header !== undefined) return readV4Session(v4Header, headerLine, kept, problems);
  if (header !== undefined) return { header, headerLine, records: kept, problems, piReading };
  if (firstLine === undefined) {
    throw new SessionReadError(
      "empty",
      label,
      `${label}: the file is empty; a Pi session starts with a header line.`,
    );
  }
  return { ...withoutHeaderFirst(kept, problems, firstLine, label), piReading };
}

/** Pi's test of its first parsed line (`loadEntriesFromFile`): `type` "session" and a string `id`. */
function isPiHeader(value: Record<string, unknown> | undefined): boolean {
  return value?.type === "session" && typeof value.id === "string";
}

/** A line nothing could be read from but its entry's id and parent; `problem` indexes its problem. */
interface LostEntry {
  line: number;
  fields: TreeFields;
  problem: number;
}

/**
 * Placeholders for the lost entries a later entry names as its parent: each keeps its id, parent, type
 * and timestamp, so one bad line does not cut the story in two (the entries after it would otherwise start
 * a separate root, and the first part look like an abandoned branch). A lost line no entry points to (a
 * last line cut off by a crash) stays lost: nothing is invented for it.
 */
function withPlaceholders(
  records: LineObject[],
  lost: readonly LostEntry[],
  problems: Problem[],
): LineObject[] {
  if (lost.length === 0) return records;
  const named = new Set(records.map((record) => record.value.parentId));
  const placeholders = lost.filter((entry) => named.has(entry.fields.id));
  if (placeholders.length === 0) return records;
  for (const { fields, problem } of placeholders) {
    const found = problems[problem] as Problem;
    // Only a line nothing could be read from has tree fields: it was cut off or is not JSON.
    if (found.code === "cut-off") problems[problem] = { ...found, detail: { placeholder: fields.id } };
    if (found.code === "not-json") {
      problems[problem] = { ...found, detail: { ...found.detail, placeholder: fields.id } };
    }
  }
  const objects = placeholders.map(
    ({ line, fields }): LineObject => ({ line, part: 0, value: { ...fields } }),
  );
  return [...records, ...objects].sort((a, b) => a.line - b.line || a.part - b.part);
}

/** A file whose first line is not its header: the header found further down, or none, or an error. */
function withoutHeaderFirst(
  records: LineObject[],
  problems: Problem[],
  firstLine: FirstLine,
  label: string,
): RawSession {
  const at = records.findIndex((record) => record.value.type === "session");
  if (at !== -1 && records.slice(0, at).every((record) => isPiEntry(record.value))) {
    const found = records[at] as LineObject;
    problems.push({
      line: found.line,
      kind: "repaired",
      code: "header-not-first",
      detail: { belongsOn: firstLine.line },
    });
    return {
      header: found.value,
      headerLine: found.line,
      records: records.filter((_, index) => index !== at),
      problems,
    };
  }
  if (at === -1 && records.some((record) => isPiEntry(record.value))) {
    problems.push({
      line: firstLine.line,
      kind: "structure",
      code: "no-header",
      detail: { firstLineRead: firstLine.first !== undefined },
    });
    return { header: { type: "session" }, headerLine: firstLine.line, headerless: true, records, problems };
  }
  throw notASession(firstLine, label);
}

function notASession(firstLine: FirstLine, label: string): SessionReadError {
  const { line, first, notAnObject } = firstLine;
  if (notAnObject !== undefined) {
    return new SessionReadError(
      "not-a-session",
      label,
      `${label}: not a Pi session: line ${line} holds ${notAnObject}, not the session header {"type":"session",...}.`,
    );
  }
  if (first === undefined) {
    return new SessionReadError(
      "not-a-session",
      label,
      `${label}: not a Pi session: line ${line} is not JSON (a session starts with {"type":"session",...}).`,
    );
  }
  const found =
    typeof first.type === "string" ? `an entry of type "${first.type}"` : "an object without a type";
  return new SessionReadError(
    "not-a-session",
    label,
    `${label}: not a Pi session: line ${line} is ${found}, not the session header {"type":"session",...}.`,
  );
}

import type { Problem } from "../read/problem.js";
import type { PiReading } from "../read/raw-session.js";
import type { EntryBody, SessionEntry } from "../schema/entry.js";
import { type SessionHeader, SessionHeaderSchema } from "../schema/header.js";
import { parseEntryBody } from "../schema/parse-entry-body.js";
import type { MigratedSession } from "./migrate-session.js";

/** A session read, migrated and typed: what every later stage works from. */
export interface Session {
  header: SessionHeader;
  /** The version the file was written in (1 to 4); entries are always v3 here. */
  inputVersion: number;
  /** The entry the file says it resumes from (a v4 file's `main` lane); otherwise the last entry is. */
  leafId?: string;
  /** Every entry recovered, in file order. */
  entries: SessionEntry[];
  /**
   * False when the file's first line is not its header (none at all, or further down): Pi's reader then
   * reads no entries from it (it starts a new session instead), which "what Pi shows" must say.
   */
  headerFirst: boolean;
  /** How Pi 1.6's reader sees the file; absent for a file it does not open (v4) or one given without it. */
  piReading?: PiReading;
  /** Everything the reader could not take at face value, in line order as found. */
  problems: Problem[];
}

/**
 * Validates each migrated record against the schema of its type. Nothing is dropped: an entry of an
 * unknown type, or with the wrong shape for its type, becomes an `other` entry and a problem.
 */
export function typeEntries(migrated: MigratedSession): Session {
  const problems = [...migrated.problems];
  const header = typeHeader(migrated.header, migrated.headerLine, problems);
  const entries = migrated.records.map((record, index): SessionEntry => {
    const body = parseEntryBody(record.value);
    noteBodyProblems(body, record.line, problems);
    const { id, parentId, timestamp } = record.value;
    return {
      index,
      line: record.line,
      // migrateSession guarantees a string id and a string-or-null parentId.
      id: id as string,
      parentId: (parentId as string | null | undefined) ?? null,
      timestamp: typeof timestamp === "string" ? timestamp : undefined,
      body,
    };
  });
  return {
    header,
    inputVersion: migrated.inputVersion,
    ...(migrated.leafId === undefined ? {} : { leafId: migrated.leafId }),
    entries,
    headerFirst:
      migrated.headerless !== true && migrated.records.every((record) => record.line >= migrated.headerLine),
    ...(migrated.piReading === undefined ? {} : { piReading: migrated.piReading }),
    problems,
  };
}

function noteBodyProblems(body: EntryBody, line: number, problems: Problem[]): void {
  const other =
    body.type === "other"
      ? body
      : body.type === "message" && body.message.role === "other"
        ? body.message
        : undefined;
  if (body.type === "other" && body.storedType === "session") {
    // A header among the entries: most often two session files joined into one (`cat a b > c`).
    problems.push({
      line,
      kind: "structure",
      code: "second-header",
      detail: {},
    });
    return;
  }
  if (other !== undefined) {
    problems.push({
      line,
      kind: other.malformed ? "invalid" : "note",
      code: "entry-kept-as-stored",
      detail: { reason: other.reason },
    });
    return;
  }
  if (body.type === "compaction" && "firstKeptEntryIndex" in body && body.firstKeptEntryId === undefined) {
    problems.push({
      line,
      kind: "note",
      code: "v1-first-kept-index",
      detail: {},
    });
  }
}

/** Keeps every header field; one of the wrong type is reported and left out of the typed header. */
function typeHeader(raw: Record<string, unknown>, line: number, problems: Problem[]): SessionHeader {
  const parsed = SessionHeaderSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const header: Record<string, unknown> = { ...raw };
  for (const [key, schema] of Object.entries(SessionHeaderSchema.shape)) {
    if (key in header && !schema.safeParse(header[key]).success) {
      problems.push({
        line,
        kind: "invalid",
        code: "header-field-type",
        detail: { key, value: header[key] },
      });
      delete header[key];
    }
  }
  return SessionHeaderSchema.parse({ ...header, type: "session" });
}

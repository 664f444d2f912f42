import type { LineObject } from "../read/parse-line.js";
import type { Problem } from "../read/problem.js";
import type { RawSession } from "../read/raw-session.js";
import { generatedId } from "../schema/generated-id.js";
import { joinAcrossLostLines } from "./join-across-lost-lines.js";
import { migrateV1ToV2 } from "./migrate-v1.js";
import { migrateV2ToV3 } from "./migrate-v2.js";

/** The newest session format this tool reads. */
export const CURRENT_VERSION = 3;

/** A raw session brought to v3 in memory: every entry has a string `id` and a `parentId`. */
export interface MigratedSession extends Omit<RawSession, "inputVersion"> {
  /** The version the file was written in. */
  inputVersion: number;
}

/**
 * Brings a session of any version to v3 in memory (FORMAT.md §2). The input is not modified.
 * Migrating the result again changes nothing.
 */
export function migrateSession(raw: RawSession): MigratedSession {
  const problems: Problem[] = [...raw.problems];
  const { version: inputVersion, inferred } =
    raw.inputVersion !== undefined
      ? { version: raw.inputVersion, inferred: false }
      : raw.headerless === true
        ? { version: versionOfEntries(raw.records), inferred: true }
        : readVersion(raw.header.version, raw.headerLine, raw.records, problems);
  let records: LineObject[] = [...raw.records];
  if (inputVersion < 2) records = migrateV1ToV2(records, problems);
  else
    records = joinAcrossLostLines(
      records.map((record) => withTreeFields(record, problems)),
      problems,
    );
  // A version read off the entries cannot tell 2 from 3; the rename is a no-op on a version 3 file.
  if (inputVersion < 3 || inferred) records = migrateV2ToV3(records);
  const header = { ...raw.header, version: CURRENT_VERSION };
  return {
    header,
    headerLine: raw.headerLine,
    records,
    problems,
    inputVersion,
    ...(raw.leafId === undefined ? {} : { leafId: raw.leafId }),
    ...(raw.piReading === undefined ? {} : { piReading: raw.piReading }),
  };
}

/**
 * The version a file's entries are in, for a header that does not say (or a file without one): entries
 * with an `id` and a `parentId` are version 2 or later (read as 3: see `migrateSession`), others version 1.
 */
function versionOfEntries(records: readonly LineObject[]): number {
  const tree = records.some((record) => typeof record.value.id === "string" && "parentId" in record.value);
  return tree ? CURRENT_VERSION : 1;
}

/** The header's version; `inferred` when the header gave none that could be read and the entries told. */
function readVersion(
  stored: unknown,
  line: number,
  records: readonly LineObject[],
  problems: Problem[],
): { version: number; inferred: boolean } {
  if (stored === undefined) return { version: 1, inferred: false };
  // A version written as text ("3"): the number it spells.
  const version = typeof stored === "string" && /^[0-9]{1,6}$/.test(stored) ? Number(stored) : stored;
  if (typeof version === "number" && Number.isInteger(version) && version >= 1) {
    if (version !== stored) {
      problems.push({
        line,
        kind: "note",
        code: "version-text",
        detail: { stored, readAs: Math.min(version, CURRENT_VERSION) },
      });
    }
    if (version > CURRENT_VERSION) {
      problems.push({
        line,
        kind: "note",
        code: "version-newer",
        detail: { version, current: CURRENT_VERSION },
      });
      return { version: CURRENT_VERSION, inferred: false };
    }
    return { version, inferred: false };
  }
  const byEntries = versionOfEntries(records);
  problems.push({
    line,
    kind: "note",
    code: "version-unreadable",
    detail: { stored, readAs: byEntries },
  });
  return { version: byEntries, inferred: true };
}

/** A v2+ entry must carry `id` and `parentId`; a damaged one gets a line-derived id and becomes a root. */
function withTreeFields(record: LineObject, problems: Problem[]): LineObject {
  const { id, parentId } = record.value;
  const idOk = typeof id === "string" && id !== "";
  const parentOk = parentId === null || typeof parentId === "string";
  if (idOk && parentOk) return record;
  const value = { ...record.value };
  if (!idOk) {
    value.id = typeof id === "number" ? String(id) : generatedId(record.line, record.part);
    problems.push({
      line: record.line,
      kind: "invalid",
      code: "no-usable-id",
      detail: { stored: id, calledIt: String(value.id) },
    });
  }
  if (!parentOk) {
    value.parentId = null;
    if (parentId !== undefined) {
      problems.push({
        line: record.line,
        kind: "invalid",
        code: "bad-parent-id",
        detail: { stored: parentId },
      });
    }
  }
  return { ...record, value };
}

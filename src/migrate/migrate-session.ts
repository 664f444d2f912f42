import type { LineObject } from "../read/parse-line.js";
import type { Problem } from "../read/problem.js";
import type { RawSession } from "../read/raw-session.js";
import { generatedId } from "./generated-id.js";
import { migrateV1ToV2 } from "./migrate-v1.js";
import { migrateV2ToV3 } from "./migrate-v2.js";

/** The newest session format this tool reads. */
export const CURRENT_VERSION = 3;

/** A raw session brought to v3 in memory: every entry has a string `id` and a `parentId`. */
export interface MigratedSession extends RawSession {
  /** The version the file was written in. */
  inputVersion: number;
}

/**
 * Brings a session of any version to v3 in memory (FORMAT.md §2). The input is not modified.
 * Migrating the result again changes nothing.
 */
export function migrateSession(raw: RawSession): MigratedSession {
  const problems: Problem[] = [...raw.problems];
  const inputVersion = readVersion(raw.header.version, raw.headerLine, problems);
  let records: LineObject[] = [...raw.records];
  if (inputVersion < 2) records = migrateV1ToV2(records, problems);
  else records = records.map((record) => withTreeFields(record, problems));
  if (inputVersion < 3) records = migrateV2ToV3(records);
  const header = { ...raw.header, version: CURRENT_VERSION };
  return {
    header,
    headerLine: raw.headerLine,
    records,
    problems,
    inputVersion,
    ...(raw.redactions === undefined ? {} : { redactions: raw.redactions }),
  };
}

function readVersion(version: unknown, line: number, problems: Problem[]): number {
  if (version === undefined) return 1;
  if (typeof version === "number" && Number.isInteger(version) && version >= 1) {
    if (version > CURRENT_VERSION) {
      problems.push({
        line,
        kind: "note",
        message: `the header says version ${version}, newer than ${CURRENT_VERSION}; read as version ${CURRENT_VERSION}`,
      });
      return CURRENT_VERSION;
    }
    return version;
  }
  problems.push({
    line,
    kind: "note",
    message: `the header's version ${JSON.stringify(version)} is not a number; read as version 1`,
  });
  return 1;
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
      message: `line ${record.line}: entry has no usable id (${JSON.stringify(id) ?? "missing"}); called it "${value.id}"`,
    });
  }
  if (!parentOk) {
    value.parentId = null;
    if (parentId !== undefined) {
      problems.push({
        line: record.line,
        kind: "invalid",
        message: `line ${record.line}: parentId ${JSON.stringify(parentId)} is not an id; treated as a root`,
      });
    }
  }
  return { ...record, value };
}

import { isPlainObject } from "../plain-object.js";
import { generatedId } from "../schema/generated-id.js";
import type { LineObject } from "./parse-line.js";
import type { Problem } from "./problem.js";
import type { RawSession } from "./raw-session.js";

/**
 * Version 4 files, written by hosts built on Pi's agent core (its `JsonlSessionRepo`) into the same folders
 * as Pi's own: a header `{"kind":"header","version":4,"id","createdAt","cwd",...}`, then one mutation per
 * line, in `seq` order:
 * - `entry`: a tree entry as in v3 (`id`, `parentId`, `type`, a Unix-ms `timestamp`); with `lane`, it is
 *   appended on that lane and moves the lane's leaf to it; without, it is a fork's copy and moves none.
 * - `lane`: a lane (a named leaf: `main` is the one Pi's interactive mode uses) created or moved to `leafId`.
 * - `fact`: the session's `name`, or an entry's `label` (`targetId`); the latest wins, none clears.
 * - `record`: the host's operation log (operation_started, tool_started, ...), never the conversation;
 *   among them `usage`, the cost ledger: one record per provider request settled (and per tool or hook
 *   that reported usage, and per `adjustment`). An entry's own `usage` is a snapshot of the latest
 *   non-adjustment record naming it (`entryId`); the session's cost is every record added once.
 * Pi's coding agent itself does not open these files ("not a valid pi session").
 */
export function isV4Header(value: Record<string, unknown> | undefined): boolean {
  return value?.kind === "header" && value.version === 4;
}

/** A lane's leaf: `leaf` counts the entries this reader placed on it, `written` only the file's own. */
interface Lane {
  leaf: string | null;
  written: string | null;
}

/** The lane Pi's interactive mode works on, and so the one a report opens at. */
const MAIN_LANE = "main";

/**
 * Maps a v4 file to what the rest of the reader works from: a v3-shaped header and entries, the leaf of
 * the `main` lane, `fact` lines as the `session_info` and `label` entries v3 keeps them in, and the
 * usage records no entry already carries as `usage` entries. Facts and usage records are placed on their
 * lane's chain where they were written (facts on `main`), as Pi's v3 writer appends them, so every later
 * stage reads a v4 file as it reads a v3 one. Nothing is dropped silently: the operation records left out
 * are counted in one note, a line of no known kind is reported.
 */
export function readV4Session(
  header: Record<string, unknown>,
  headerLine: number,
  records: readonly LineObject[],
  problems: Problem[],
): RawSession {
  const snapshots = usageSnapshots(records);
  const lanes = new Map<string, Lane>();
  const laneOf = (name: string): Lane => {
    let lane = lanes.get(name);
    if (lane === undefined) {
      lane = { leaf: null, written: null };
      lanes.set(name, lane);
    }
    return lane;
  };
  const entries: LineObject[] = [];
  /** Places an entry this reader makes at the end of a lane: the next entry written there follows it. */
  const place = (record: LineObject, laneName: string, value: Record<string, unknown>): void => {
    const lane = laneOf(laneName);
    entries.push({ ...record, value: { ...value, parentId: lane.leaf } });
    lane.leaf = value.id as string;
  };
  const operationRecords = new Map<string, number>();
  let lastLane: string | undefined;

  records.forEach((record, at) => {
    const { kind, ...value } = record.value;
    if (kind === "entry") {
      const { lane: laneName, seq: _seq, ...entry } = value;
      entry.timestamp = isoTime(entry.timestamp);
      if (typeof laneName === "string") {
        const lane = laneOf(laneName);
        // Written after the lane's leaf: it follows whatever this reader placed there since.
        if (entry.parentId === lane.written && lane.leaf !== lane.written) entry.parentId = lane.leaf;
        if (typeof entry.id === "string") lane.leaf = lane.written = entry.id;
        lastLane = laneName;
      }
      entries.push({ ...record, value: entry });
      return;
    }
    if (kind === "lane") {
      if (typeof value.lane !== "string") {
        problems.push({ line: record.line, kind: "invalid", code: "v4-unnamed-lane", detail: {} });
        return;
      }
      const leafId = typeof value.leafId === "string" ? value.leafId : null;
      const lane = laneOf(value.lane);
      lane.leaf = lane.written = leafId;
      lastLane = value.lane;
      return;
    }
    if (kind === "fact") {
      const id = generatedId(record.line, record.part);
      if (value.fact === "name") {
        place(record, MAIN_LANE, { type: "session_info", id, name: stringOr(value.name) });
        return;
      }
      if (value.fact === "label" && typeof value.targetId === "string") {
        place(record, MAIN_LANE, {
          type: "label",
          id,
          targetId: value.targetId,
          label: stringOr(value.label),
        });
        return;
      }
      problems.push({
        line: record.line,
        kind: "invalid",
        code: "v4-unknown-fact",
        detail: { fact: value.fact },
      });
      return;
    }
    if (kind === "record") {
      const type = typeof value.type === "string" ? value.type : "(no type)";
      if (type !== "usage") {
        operationRecords.set(type, (operationRecords.get(type) ?? 0) + 1);
        return;
      }
      if (typeof value.entryId === "string" && snapshots.get(value.entryId) === at) return;
      const id =
        typeof value.id === "string" && value.id !== "" ? value.id : generatedId(record.line, record.part);
      const adjustment = value.cause === "adjustment" || value.adjustment === true;
      place(record, typeof value.lane === "string" ? value.lane : MAIN_LANE, {
        type: "usage",
        id,
        timestamp: isoTime(value.timestamp),
        kind: adjustment ? "adjustment" : typeof value.cause === "string" ? value.cause : "usage",
        usage: value.usage,
      });
      return;
    }
    // A placeholder for a line that could not be read (parseSessionBytes) has no kind: it is an entry.
    if (kind === undefined && typeof value.id === "string" && "parentId" in value) {
      entries.push(record);
      return;
    }
    problems.push({ line: record.line, kind: "invalid", code: "v4-unknown-kind", detail: { kind } });
  });

  if (operationRecords.size > 0) {
    problems.push({
      line: headerLine,
      kind: "note",
      code: "v4-operations",
      detail: { counts: [...operationRecords].map(([type, count]) => ({ type, count })) },
    });
  }
  const leafLane = lanes.has(MAIN_LANE) ? MAIN_LANE : lastLane;
  const laneLeaf = leafLane === undefined ? undefined : lanes.get(leafLane)?.leaf;
  const leafId = entries.some((entry) => entry.value.id === laneLeaf) ? laneLeaf : undefined;
  if (typeof laneLeaf === "string" && leafId === undefined) {
    problems.push({
      line: headerLine,
      kind: "structure",
      code: "v4-leaf-missing",
      detail: { lane: leafLane as string, leaf: laneLeaf },
    });
  }
  return {
    header: v3Header(header),
    headerLine,
    records: entries,
    problems,
    inputVersion: 4,
    ...(typeof leafId === "string" ? { leafId } : {}),
  };
}

/**
 * For each entry that carries its own usage, the index of the usage record it is a snapshot of: the
 * latest one naming it that is not an adjustment. That record is counted through the entry; every other
 * usage record (a failed attempt, a retried summary, a replayed tool, an adjustment) is counted on its own.
 */
function usageSnapshots(records: readonly LineObject[]): Map<string, number> {
  const carriers = new Set<string>();
  for (const { value } of records) {
    if (value.kind === "entry" && typeof value.id === "string" && carriesUsage(value)) carriers.add(value.id);
  }
  const latest = new Map<string, number>();
  records.forEach(({ value }, at) => {
    if (value.kind !== "record" || value.type !== "usage" || typeof value.entryId !== "string") return;
    if (value.cause === "adjustment" || value.adjustment === true) return;
    if (carriers.has(value.entryId)) latest.set(value.entryId, at);
  });
  return latest;
}

/** Whether an entry stores usage of its own: a reply or tool result, a compaction or branch summary. */
function carriesUsage(entry: Record<string, unknown>): boolean {
  if (entry.type === "message") return isPlainObject(entry.message) && isPlainObject(entry.message.usage);
  return (entry.type === "compaction" || entry.type === "branch_summary") && isPlainObject(entry.usage);
}

/** The v3 header the later stages read: `createdAt` (Unix ms) as `timestamp`; every other field kept. */
function v3Header(header: Record<string, unknown>): Record<string, unknown> {
  const { kind: _kind, createdAt, ...rest } = header;
  const timestamp = isoTime(createdAt);
  return { ...rest, type: "session", version: 4, ...(timestamp === undefined ? {} : { timestamp }) };
}

/** A v4 time (Unix ms) as the ISO text v3 stores; text is kept as it is. */
function isoTime(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

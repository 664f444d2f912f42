import { isPlainObject } from "../plain-object.js";
import { generatedId } from "../schema/generated-id.js";
import type { LineObject } from "./parse-line.js";
import type { Problem } from "./problem.js";
import type { RawSession } from "./raw-session.js";
import { isV4StorageHeader, storageWritesAsMutations } from "./v4-storage-writes.js";

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
 * Pi's coding agent itself does not open these files ("not a valid pi session"). Since 0.87 the agent core
 * writes them through a storage layer (v4-storage-writes.ts), read by mapping its writes to these lines.
 */
export function isV4Header(value: Record<string, unknown> | undefined): boolean {
  return (value?.kind === "header" && value.version === 4) || isV4StorageHeader(value);
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
  stored: readonly LineObject[],
  problems: Problem[],
): RawSession {
  const records = isV4StorageHeader(header) ? storageWritesAsMutations(stored) : stored;
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
  const placed = new Set<string>();
  const place = (record: LineObject, laneName: string, value: Record<string, unknown>): void => {
    const lane = laneOf(laneName);
    entries.push({ ...record, value: { ...value, parentId: lane.leaf } });
    lane.leaf = value.id as string;
    placed.add(value.id as string);
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
      if (snapshots.has(at)) return;
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

  for (const lane of lanes.values()) tipFromTheFile(lane, entries, placed);
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

/** Usage records that stand for model work of their own even when they name an entry: never its snapshot. */
const OWN_WORK_CAUSES: ReadonlySet<unknown> = new Set(["tool", "hook", "adjustment"]);

/**
 * The usage records an entry's own usage is a snapshot of, by their index: for each entry that carries
 * usage, the latest record naming it (`entryId`) that is a request for it (not a tool's or a hook's
 * usage, which 0.84 files under the reply that called the tool, nor an adjustment); failing that, the
 * latest record before it that names no entry and holds the same usage (the agent core's summaries:
 * their row is written before the compaction or branch summary that stores it). That record is counted
 * through the entry; every other one (a failed attempt, a tool's or a hook's model work, a retried
 * summary, usage the host recorded, an adjustment) is counted on its own.
 */
function usageSnapshots(records: readonly LineObject[]): Set<number> {
  const carriers = new Map<string, Record<string, unknown>>();
  for (const { value } of records) {
    if (value.kind === "entry" && typeof value.id === "string" && carriesUsage(value))
      carriers.set(value.id, value);
  }
  const named = new Map<string, number>();
  const unnamed: number[] = [];
  const snapshots = new Set<number>();
  records.forEach(({ value }, at) => {
    if (
      value.kind === "entry" &&
      typeof value.id === "string" &&
      carriers.has(value.id) &&
      !named.has(value.id)
    ) {
      const own = JSON.stringify(storedUsage(value));
      const found = unnamed.findLastIndex((index) => JSON.stringify(records[index]?.value.usage) === own);
      if (found !== -1) snapshots.add(unnamed.splice(found, 1)[0] as number);
      return;
    }
    if (value.kind !== "record" || value.type !== "usage") return;
    if (OWN_WORK_CAUSES.has(value.cause) || value.adjustment === true) return;
    if (typeof value.entryId !== "string") unnamed.push(at);
    else if (carriers.has(value.entryId)) named.set(value.entryId, at);
  });
  for (const at of named.values()) snapshots.add(at);
  return snapshots;
}

/** The usage an entry stores: a message's, or a compaction's or branch summary's. */
function storedUsage(entry: Record<string, unknown>): unknown {
  return entry.type === "message" && isPlainObject(entry.message) ? entry.message.usage : entry.usage;
}

/**
 * Where this reader placed records or facts after a lane's last entry of the file, that entry becomes the
 * lane's tip again, after them: the leaf is an entry of the file (not one this reader made), and what was
 * placed stays on its branch. Only where nothing else hangs from that entry.
 */
function tipFromTheFile(lane: Lane, entries: LineObject[], placed: ReadonlySet<string>): void {
  if (lane.written === null || lane.leaf === lane.written || lane.leaf === null || !placed.has(lane.leaf))
    return;
  const children = entries.filter((entry) => entry.value.parentId === lane.written);
  const last = entries.find((entry) => entry.value.id === lane.written);
  const first = children[0];
  if (
    last === undefined ||
    first === undefined ||
    children.length !== 1 ||
    !placed.has(first.value.id as string)
  )
    return;
  first.value.parentId = last.value.parentId ?? null;
  last.value.parentId = lane.leaf;
  lane.leaf = lane.written;
}

/** Whether an entry stores usage of its own: a reply or tool result, a compaction or branch summary. */
function carriesUsage(entry: Record<string, unknown>): boolean {
  if (entry.type === "message") return isPlainObject(entry.message) && isPlainObject(entry.message.usage);
  return (entry.type === "compaction" || entry.type === "branch_summary") && isPlainObject(entry.usage);
}

/** The v3 header the later stages read: `createdAt` (Unix ms) as `timestamp`; every other field kept. */
function v3Header(header: Record<string, unknown>): Record<string, unknown> {
  const { kind: _kind, v: _v, createdAt, ...rest } = header;
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

import type { LineObject } from "./parse-line.js";

/**
 * Version 4 as Pi's agent core writes it since its storage layer (0.87): a header
 * `{"v":4,"kind":"header","storageVersion":1,"id","createdAt","cwd",...}`, then one committed transaction per
 * line (one write, or an array of writes), each write in `seq` order, of kind:
 * - `entry`: a tree entry as in v3, its `timestamp` in Unix ms; it names its parent and no lane;
 * - `usage`: a row of the cost ledger (`id`, `usage`, the `entryId` it was for, `adjustment`, `details`);
 *   the session's totals (`getStats()`) are every row added once;
 * - `value` (`set`/`delete` a `namespace` and `key`) and `list` (`append`/`delete`): the host's state. Among
 *   them `pi.branch.tip` (a branch's tip: the lanes), `pi.session.name` and `pi.entry.label` (by entry id);
 *   the rest (operations, pending frames, lane settings) is how the host ran, not the conversation.
 */
export function isV4StorageHeader(value: Record<string, unknown> | undefined): boolean {
  return value?.kind === "header" && value.v === 4 && "storageVersion" in value;
}

const BRANCH_TIP = "pi.branch.tip";
const SESSION_NAME = "pi.session.name";
const ENTRY_LABEL = "pi.entry.label";

/**
 * The storage writes as the mutation lines of the first version 4 layout (v4-session.ts reads those):
 * entries as they are, usage rows as `usage` records (an adjustment as such), branch tips as `lane` lines,
 * the name and labels as `fact` lines, and every other write as an operation record of its namespace
 * (counted in one note, never shown).
 */
export function storageWritesAsMutations(records: readonly LineObject[]): LineObject[] {
  return records.map((record, at): LineObject => {
    const value = asMutation(record.value);
    // An entry names no lane: the branch whose tip the same transaction moves to it is the one it joined.
    if (value.kind === "entry") {
      const lane = laneMovedTo(records, at, value.id);
      if (lane !== undefined) value.lane = lane;
    }
    return { ...record, value };
  });
}

/** The branch a transaction's later write moves to the entry `id` (the same line), if any. */
function laneMovedTo(records: readonly LineObject[], at: number, id: unknown): string | undefined {
  const { line } = records[at] as LineObject;
  for (let next = at + 1; next < records.length && records[next]?.line === line; next += 1) {
    const write = (records[next] as LineObject).value;
    if (write.kind === "value" && write.namespace === BRANCH_TIP && write.op === "set" && write.value === id)
      return typeof write.key === "string" ? write.key : undefined;
  }
  return undefined;
}

function asMutation(write: Record<string, unknown>): Record<string, unknown> {
  const { kind, seq: _seq, ...rest } = write;
  if (kind === "entry") return { kind: "entry", ...rest };
  if (kind === "usage") {
    const { adjustment, id, entryId, usage, details } = rest;
    return {
      kind: "record",
      type: "usage",
      id,
      usage,
      ...(typeof entryId === "string" ? { entryId } : {}),
      ...(adjustment === true ? { cause: "adjustment" } : {}),
      ...(details === undefined ? {} : { details }),
    };
  }
  if (kind !== "value" && kind !== "list") return write;
  const { namespace, key, op, value } = rest;
  const set = op === "set";
  if (kind === "value" && namespace === BRANCH_TIP && typeof key === "string" && set)
    return { kind: "lane", lane: key, leafId: value };
  if (kind === "value" && namespace === SESSION_NAME)
    return { kind: "fact", fact: "name", ...(set ? { name: value } : {}) };
  if (kind === "value" && namespace === ENTRY_LABEL && typeof key === "string")
    return { kind: "fact", fact: "label", targetId: key, ...(set ? { label: value } : {}) };
  return { kind: "record", type: typeof namespace === "string" ? namespace : `(${String(kind)})` };
}

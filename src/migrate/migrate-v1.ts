import type { LineObject } from "../read/parse-line.js";
import type { Problem } from "../read/problem.js";
import { generatedId } from "./generated-id.js";

/**
 * v1 -> v2: a v1 file is one straight chain without ids. Each entry gets a deterministic id and the
 * entry before it as parent; a compaction's `firstKeptEntryIndex` (an index into the parsed objects,
 * header = 0) becomes the `firstKeptEntryId` of the entry at that index. Returns new objects.
 */
export function migrateV1ToV2(records: readonly LineObject[], problems: Problem[]): LineObject[] {
  const ids = records.map((record) => generatedId(record.line, record.part));
  return records.map((record, position) => {
    const value: Record<string, unknown> = {
      ...record.value,
      id: ids[position],
      parentId: position === 0 ? null : ids[position - 1],
    };
    if (value.type === "compaction" && "firstKeptEntryIndex" in value) {
      const index = value.firstKeptEntryIndex;
      delete value.firstKeptEntryIndex;
      // Index 0 is the header, which cannot be kept; Pi leaves the id unset then, and so do we.
      const target =
        typeof index === "number" && Number.isInteger(index) && index > 0 ? ids[index - 1] : undefined;
      if (target !== undefined) value.firstKeptEntryId = target;
      else {
        problems.push({
          line: record.line,
          kind: "note",
          message: `line ${record.line}: compaction keeps from index ${String(index)}, which is no entry; nothing before it is kept`,
        });
      }
    }
    return { ...record, value };
  });
}

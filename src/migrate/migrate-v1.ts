import type { LineObject } from "../read/parse-line.js";
import type { Problem } from "../read/problem.js";
import { generatedId } from "../schema/generated-id.js";
import { lostLines } from "./lost-lines.js";

/**
 * Where each record stood in the file as its writer numbered the entries: the header 0, then one per
 * entry written, a line now unreadable included. The writer counted that line when it wrote the index (the
 * file was whole then), so an index past it still names the same entry. A line of NUL bytes is no entry a
 * writer wrote, and entries glued on one line were written one per line: each counts once.
 */
function writerPositions(records: readonly LineObject[], problems: readonly Problem[]): number[] {
  const lost = lostLines(records, problems);
  let next = 0;
  let position = 0;
  return records.map((record) => {
    while (next < lost.length && (lost[next] as number) < record.line) {
      position += 1;
      next += 1;
    }
    position += 1;
    return position;
  });
}

/**
 * v1 -> v2: a v1 file is one straight chain without ids. Each entry gets a deterministic id and the
 * entry before it as parent; a compaction's `firstKeptEntryIndex` (an index into the entries as written,
 * header = 0: `writerPositions`) becomes the `firstKeptEntryId` of the entry at that index. Returns new
 * objects.
 */
export function migrateV1ToV2(records: readonly LineObject[], problems: Problem[]): LineObject[] {
  const ids = records.map((record) => generatedId(record.line, record.part));
  const positions = writerPositions(records, problems);
  return records.map((record, at) => {
    const value: Record<string, unknown> = {
      ...record.value,
      id: ids[at],
      parentId: at === 0 ? null : ids[at - 1],
    };
    if (value.type === "compaction" && "firstKeptEntryIndex" in value) {
      const index = value.firstKeptEntryIndex;
      delete value.firstKeptEntryIndex;
      // Index 0 is the header, which cannot be kept; Pi leaves the id unset then, and so do we.
      const usable = typeof index === "number" && Number.isInteger(index) && index > 0;
      // The entry at that index, or, when it was on a line that can no longer be read, the next one.
      const kept = usable ? positions.findIndex((position) => position >= index) : -1;
      const target = kept === -1 ? undefined : ids[kept];
      if (target !== undefined) {
        value.firstKeptEntryId = target;
        if (positions[kept] !== index) {
          problems.push({
            line: record.line,
            kind: "note",
            code: "v1-keeps-lost-entry",
            detail: { index: index as number },
          });
        }
      } else {
        problems.push({
          line: record.line,
          kind: "note",
          code: "v1-keeps-no-entry",
          detail: { index },
        });
      }
    }
    return { ...record, value };
  });
}

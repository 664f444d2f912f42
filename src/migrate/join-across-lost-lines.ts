import type { LineObject } from "../read/parse-line.js";
import type { Problem } from "../read/problem.js";
import { lostLines } from "./lost-lines.js";

/**
 * An entry whose parent is in no line that could be read, after a line that could not be read at all:
 * its parent was most likely on that line. Joined to the entry before the lost line, so the pieces of the
 * conversation stand in file order on one branch (one bad line must not make the first part an abandoned
 * branch and open the report in the middle). Each join is reported. Returns new objects where changed.
 */
export function joinAcrossLostLines(records: readonly LineObject[], problems: Problem[]): LineObject[] {
  const lost = lostLines(records, problems);
  if (lost.length === 0) return [...records];
  const ids = new Set(records.map((record) => record.value.id));
  let lostAt = -1;
  let lastBeforeLost: LineObject | undefined;
  let previous: LineObject | undefined;
  return records.map((record) => {
    while (lostAt + 1 < lost.length && (lost[lostAt + 1] as number) < record.line) {
      lostAt += 1;
      lastBeforeLost = previous;
    }
    previous = record;
    const { parentId, id } = record.value;
    if (lostAt === -1 || typeof parentId !== "string" || parentId === id || ids.has(parentId)) return record;
    if (lastBeforeLost === undefined) return record;
    const lostLine = lost[lostAt] as number;
    problems.push({
      line: record.line,
      kind: "repaired",
      code: "joined-across-lost-line",
      detail: { parentId, lostLine, joinedTo: lastBeforeLost.line },
    });
    return { ...record, value: { ...record.value, parentId: lastBeforeLost.value.id } };
  });
}

import type { LineObject } from "../read/parse-line.js";
import type { Problem } from "../read/problem.js";

/**
 * The lines, in file order, that held an entry its writer wrote and that could not be read at all: an
 * unreadable line no record came from. A line of NUL bytes is no entry a writer wrote (a crash's zeroed
 * tail), so it is not among them.
 */
export function lostLines(records: readonly LineObject[], problems: readonly Problem[]): number[] {
  const withRecords = new Set(records.map((record) => record.line));
  return problems
    .filter(
      (problem) => problem.kind === "unreadable" && problem.line !== null && !withRecords.has(problem.line),
    )
    .filter((problem) => problem.code !== "nul-line")
    .map((problem) => problem.line as number)
    .sort((a, b) => a - b);
}

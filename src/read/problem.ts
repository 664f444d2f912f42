/**
 * What kind of trouble a problem reports, so a report can say "3 lines skipped, 1 repaired".
 * - `unreadable`: a line (or part of one) that could not be read; its content is lost.
 * - `repaired`: a line that was damaged but whose every entry was recovered.
 * - `invalid`: an entry that was read but does not have the shape its type requires; it is kept and shown raw.
 * - `structure`: the tree is damaged (duplicate ids, missing parents, cycles); entries are kept, links repaired.
 * - `note`: something worth knowing that changes nothing (a field Pi ignores, a newer format version).
 */
export type ProblemKind = "unreadable" | "repaired" | "invalid" | "structure" | "note";

/** One thing the reader could not take at face value, tied to the line of the file it concerns. */
export interface Problem {
  /** 1-based line number in the input file; `null` when the problem concerns no single line. */
  line: number | null;
  kind: ProblemKind;
  message: string;
}

/** Orders problems by line (problems without a line last), keeping insertion order among equals. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return problems
    .map((problem, order) => ({ problem, order }))
    .sort((a, b) => {
      const la = a.problem.line ?? Number.POSITIVE_INFINITY;
      const lb = b.problem.line ?? Number.POSITIVE_INFINITY;
      return la - lb || a.order - b.order;
    })
    .map(({ problem }) => problem);
}

/**
 * What kind of trouble a problem reports, so a report can say "3 lines skipped, 1 repaired".
 * - `unreadable`: a line (or part of one) that could not be read; its content is lost.
 * - `repaired`: a line that was damaged but whose every entry was recovered.
 * - `invalid`: an entry that was read but does not have the shape its type requires; it is kept and shown raw.
 * - `structure`: the tree is damaged (duplicate ids, missing parents, cycles); entries are kept, links repaired.
 * - `note`: something worth knowing that changes nothing (a field Pi ignores, a newer format version).
 */
export type ProblemKind = "unreadable" | "repaired" | "invalid" | "structure" | "note";

type Nothing = Record<string, never>;
/** The id of a lost entry kept as a placeholder (its id and parent read off the damaged text), if it was. */
type Skipped = { placeholder?: string };

/**
 * What each problem carries, by its code: the facts, never the words (`problemSentence` words them all).
 * Codes are grouped by the stage that finds them.
 */
export interface ProblemDetails {
  // read: lines of the file
  "nul-line": Nothing;
  "not-utf8": Nothing;
  "not-an-object": { value: string };
  "bad-escape": { escape: string };
  "cut-off": Skipped;
  "not-json": Skipped & { error: string };
  glued: { entries: number };
  "glued-parts-lost": { kept: number; lost: string[] };
  "glued-header": { entries: number };
  "header-not-first": { belongsOn: number };
  "nested-too-deep": { limit: number; values: number };
  "no-header": { firstLineRead: boolean };
  // read: version 4 files
  "v4-operations": { counts: { type: string; count: number }[] };
  "v4-leaf-missing": { lane: string; leaf: string };
  "v4-unnamed-lane": Nothing;
  "v4-unknown-fact": { fact: unknown };
  "v4-unknown-kind": { kind: unknown };
  // migrate
  "version-text": { stored: unknown; readAs: number };
  "version-newer": { version: number; current: number };
  "version-unreadable": { stored: unknown; readAs: number };
  "no-usable-id": { stored: unknown; calledIt: string };
  "bad-parent-id": { stored: unknown };
  "v1-keeps-lost-entry": { index: number };
  "v1-keeps-no-entry": { index: unknown };
  "joined-across-lost-line": { parentId: string; lostLine: number; joinedTo: number };
  "second-header": Nothing;
  "entry-kept-as-stored": { reason: string };
  "v1-first-kept-index": Nothing;
  "header-field-type": { key: string; value: unknown };
  // tree
  "duplicate-id": { id: string; alsoOn: number | undefined };
  "own-parent": Nothing;
  "missing-parent": { parentId: string | null };
  "parent-loop": { lines: (number | undefined)[] };
  // usage and sub-agents
  "usage-unreadable": { issue: string };
  "subagent-usage-unreadable": { issue: string };
  "subagent-files-over-limit": { limit: number; files: number };
  "subagent-file-loop": { runs: number };
}

export type ProblemCode = keyof ProblemDetails;

/**
 * One thing the reader could not take at face value, tied to the line of the file it concerns: data
 * (what, where, the facts); `problemSentence` turns it into the sentence the reports show.
 */
export type Problem = {
  [Code in ProblemCode]: {
    /** 1-based line number in the input file; `null` when the problem concerns no single line. */
    line: number | null;
    kind: ProblemKind;
    code: Code;
    detail: ProblemDetails[Code];
  };
}[ProblemCode];

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

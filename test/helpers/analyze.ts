import {
  type AnalyzeOptions,
  analyzeSession,
  readSessionFile,
  type SessionAnalysis,
} from "../../src/index.js";
import { emptyTotals, type Totals } from "../../src/usage/totals.js";
import { FIXTURES } from "./paths.js";

/**
 * A session file analyzed as read, nothing redacted, synchronously: what the stages are tested on. (The
 * library's `analyzeFile` redacts first; its own tests are in library.test.ts.)
 */
export function analyzeAsRead(path: string, options: AnalyzeOptions = {}): SessionAnalysis {
  return analyzeSession(readSessionFile(path), { sessionPath: path, ...options });
}

/** Analyzes a hand-made fixture from fixtures/sessions/, as read. */
export function analyzeFixture(name: string, options: AnalyzeOptions = {}): SessionAnalysis {
  return analyzeAsRead(`${FIXTURES}sessions/${name}`, options);
}
/** Ids of the entries at the given indices. */
export function idsOf(analysis: SessionAnalysis, indices: readonly number[]): string[] {
  return indices.map((index) => analysis.tree.entries[index]?.id ?? "?");
}

/** The branch ending at the entry with this id. */
export function branchAt(analysis: SessionAnalysis, tipId: string) {
  const branch = analysis.branches.find((b) => analysis.tree.entries[b.tip]?.id === tipId);
  if (branch === undefined) throw new Error(`no branch ends at ${tipId}`);
  return branch;
}

/** Totals with the cost rounded to 9 decimals, to compare sums of float dollars exactly. */
export function rounded(totals: Totals): Totals {
  return { ...totals, cost: Math.round(totals.cost * 1e9) / 1e9 };
}

/** Builds a Totals literal; unspecified fields are 0. */
export function totals(values: Partial<Totals>): Totals {
  return { ...emptyTotals(), ...values };
}

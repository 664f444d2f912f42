import { type AnalyzeOptions, analyzeFile, type SessionAnalysis } from "../../src/index.js";
import { emptyTotals, type Totals } from "../../src/usage/totals.js";
import { FIXTURES } from "./paths.js";

/** Analyzes a hand-made fixture from fixtures/sessions/. */
export function analyzeFixture(name: string, options: AnalyzeOptions = {}): SessionAnalysis {
  return analyzeFile(`${FIXTURES}sessions/${name}`, options);
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

/**
 * The index page's sentences, from a model made by hand: each figure appears once, in the words a reader
 * expects.
 */
import { describe, expect, it } from "vitest";
import type { ArchiveModel } from "../../src/archive/model/archive-model.js";
import { buildIndexView } from "../../src/archive/pages/index-view.js";
import { emptyTotals, type Totals } from "../../src/usage/totals.js";

const totals = (more: Partial<Totals>): Totals => ({ ...emptyTotals(), ...more });

function model(deduplicated: Totals): ArchiveModel {
  return {
    filters: { since: null, until: null, project: null },
    sessions: [],
    failed: [],
    skipped: [],
    filteredOut: 0,
    total: { total: emptyTotals(), subagent: emptyTotals() },
    deduplicated: { entries: 12, sessions: 1, usage: deduplicated },
    days: [],
    months: [],
    projects: [],
    models: [],
    machines: [],
    machine: null,
  } as unknown as ArchiveModel;
}

describe("the index's sentence on copies counted once", () => {
  it("names unpriced tokens once when all of the copied usage is unpriced", () => {
    const view = buildIndexView(model(totals({ totalTokens: 2_320_000, unpricedTokens: 2_320_000 })));
    expect(view.summary.deduplicated).toBe(
      "12 entries copied by /fork or /clone into 1 session were counted once, in their original: unpriced (2.32M tokens) not added again.",
    );
  });

  it("gives dollars, unpriced tokens and all tokens when they differ", () => {
    const view = buildIndexView(model(totals({ totalTokens: 3_000, cost: 0.3, unpricedTokens: 1_000 })));
    expect(view.summary.deduplicated).toBe(
      "12 entries copied by /fork or /clone into 1 session were counted once, in their original: $0.300 + 1.00k unpriced tokens (3.00k tokens) not added again.",
    );
  });
});

describe("the index's counts in words", () => {
  it("says one entry and one session in the singular", () => {
    const one = { ...model(totals({ totalTokens: 10, cost: 0.01 })), filteredOut: 1 } as ArchiveModel;
    one.deduplicated = { ...one.deduplicated, entries: 1 };
    const view = buildIndexView(one);
    expect(view.summary.deduplicated).toBe(
      "1 entry copied by /fork or /clone into 1 session was counted once, in their original: $0.010 (10 tokens) not added again.",
    );
    expect(view.summary.filteredOut).toBe("1 other session is left out.");
    expect(buildIndexView({ ...one, filteredOut: 3 } as ArchiveModel).summary.filteredOut).toBe(
      "3 other sessions are left out.",
    );
  });
});

import type { BranchAnalysis, SessionAnalysis } from "../../pipeline.js";
import { type WordedProblem, wordedProblem } from "../../read/problem-sentence.js";
import type { SessionEntry } from "../../schema/entry.js";
import type { ModelTotals } from "../../usage/summarize-usage.js";
import { roundCost, type Totals } from "../../usage/totals.js";
import type { UsageSource } from "../../usage/usage-item.js";
import { TOOL_VERSION } from "../../version.js";
import { type PromptRowKind, promptRows } from "../../view/prompt-rows.js";
import { type RedactionView, redactionView } from "../../view/redaction-view.js";
import { sessionTimes } from "../../view/session-times.js";
import { whatPiShows } from "../../view/usage-view.js";

export type { RedactionView };

/** Version of the JSON report's shape. Bumped on any change that could break a reader. */
export const JSON_SCHEMA_VERSION = 1;

/** The JSON report: a versioned contract documented in README.md ("JSON report"). */
export interface JsonReport {
  schemaVersion: typeof JSON_SCHEMA_VERSION;
  generator: { name: "pi-session-report"; version: string };
  session: {
    id: string | null;
    name: string | null;
    cwd: string | null;
    inputVersion: number;
    parentSession: string | null;
    startedAt: string | null;
    endedAt: string | null;
  };
  problems: WordedProblem[];
  /**
   * What redaction replaced: in the session, or, when it was left to this report (the command's way), in
   * the report's own strings; null when the session was analyzed as read (`analyzeSession`).
   */
  redaction: RedactionView | null;
  entryCount: number;
  leafId: string | null;
  /** Where Pi resumes (the last entry in the file): `leafId` unless `--leaf` chose another entry. */
  piLeafId: string | null;
  roots: string[];
  /** Every label in force, by the entry it names (Pi's latest `label` entry for it), in file order. */
  labels: { entryId: string; label: string }[];
  branches: JsonBranch[];
  /**
   * The prompt index, as every format shows it: each prompt of the active branch by its number (from 1)
   * and entry, with its usage up to the next prompt; the work before the first prompt (`before`) and the
   * usage off the active branch (`elsewhere`) in rows of their own (number 0, `entryId` their first
   * entry's). The rows add up to `usage.total`.
   */
  prompts: JsonPrompt[];
  usage: {
    total: Totals;
    activeBranch: Totals;
    bySource: Record<UsageSource, Totals>;
    byModel: ModelTotals[];
    /**
     * What Pi 1.6's footer shows for this file: `cost` in dollars, null when it shows none (a sum of 0,
     * which it leaves out, one that is no number, or a record its code fails on); its tokens, null when it
     * shows none or their sum is no number; and where this report's figure differs.
     */
    pi: { cost: number | null; tokens: number | null; comparison: string };
  };
}

export interface JsonPrompt {
  kind: PromptRowKind;
  number: number;
  entryId: string;
  usage: Totals;
}

export interface JsonBranch {
  tipId: string;
  active: boolean;
  label: string | null;
  entryCount: number;
  context: {
    messages: { role: string; entryId: string | null; fromEntryId?: string; edited?: "replaced" }[];
    model: { provider: string; modelId: string } | null;
    thinkingLevel: string;
    tokens: number | null;
    compactionId: string | null;
  };
  usage: Totals;
}

/**
 * Builds the JSON report of an analyzed session. Pure and deterministic. Its `redaction` is what
 * redaction of the session replaced; null when there was none, or when it is left to the report's own
 * strings (`renderJsonReport` redacts them and says what it replaced).
 */
export function buildJsonReport(analysis: SessionAnalysis): JsonReport {
  const { session, tree } = analysis;
  const idOf = (index: number): string => (tree.entries[index] as SessionEntry).id;
  const times = sessionTimes(session);
  return {
    schemaVersion: JSON_SCHEMA_VERSION,
    generator: { name: "pi-session-report", version: TOOL_VERSION },
    session: {
      id: session.header.id ?? null,
      name: tree.name,
      cwd: session.header.cwd ?? null,
      inputVersion: session.inputVersion,
      parentSession: session.header.parentSession ?? null,
      startedAt: times.startedAt,
      endedAt: times.endedAt,
    },
    problems: analysis.problems.map(wordedProblem),
    redaction: redactionView(
      analysis.redaction !== null && "summary" in analysis.redaction ? analysis.redaction.summary : undefined,
    ),
    entryCount: session.entries.length,
    leafId: tree.leaf === -1 ? null : idOf(tree.leaf),
    // Pi 1.6 does not open a v4 file: it resumes from nothing there.
    piLeafId: tree.entries.length === 0 || session.inputVersion === 4 ? null : idOf(tree.entries.length - 1),
    roots: tree.roots.map(idOf),
    labels: [...new Set(tree.entries.map((entry) => entry.id))].flatMap((entryId) => {
      const label = tree.labels.get(entryId);
      return label === undefined ? [] : [{ entryId, label }];
    }),
    branches: analysis.branches.map((branch) => jsonBranch(analysis, branch, idOf)),
    prompts: promptRows(analysis).map((row) => ({
      kind: row.kind,
      number: row.number,
      entryId: idOf(row.entryIndex),
      usage: roundTotals(row.usage),
    })),
    usage: {
      total: roundTotals(analysis.usage.total),
      activeBranch: roundTotals(analysis.activeBranch?.total ?? analysis.usage.total),
      bySource: Object.fromEntries(
        Object.entries(analysis.usage.bySource).map(([source, totals]) => [source, roundTotals(totals)]),
      ) as Record<UsageSource, Totals>,
      byModel: analysis.usage.byModel.map((row) => ({ ...row, ...roundTotals(row) })),
      pi: jsonPi(analysis),
    },
  };
}

function jsonPi(analysis: SessionAnalysis): JsonReport["usage"]["pi"] {
  const { cost, tokens, comparison } = whatPiShows(analysis);
  return { cost: cost === null || cost === 0 ? null : roundCost(cost), tokens, comparison };
}

function jsonBranch(
  analysis: SessionAnalysis,
  branch: BranchAnalysis,
  idOf: (index: number) => string,
): JsonBranch {
  const tipId = idOf(branch.tip);
  const { context } = branch;
  return {
    tipId,
    active: branch.active,
    label: analysis.tree.labels.get(tipId) ?? null,
    entryCount: branch.path.length,
    context: {
      messages: context.messages.map(({ role, entryId, fromEntryId, edited }) => ({
        role,
        entryId,
        ...(fromEntryId === undefined ? {} : { fromEntryId }),
        ...(edited === undefined ? {} : { edited }),
      })),
      model: context.model,
      thinkingLevel: context.thinkingLevel,
      tokens: context.tokens,
      compactionId: context.compactionId,
    },
    usage: roundTotals(branch.total),
  };
}

function roundTotals(totals: Totals): Totals {
  return { ...totals, cost: roundCost(totals.cost) };
}

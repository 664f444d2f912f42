import type { SessionAnalysis } from "../pipeline.js";
import type { UsageSource } from "../usage/collect-usage.js";
import type { ModelTotals } from "../usage/summarize-usage.js";
import { addToTotals, emptyTotals, type Totals } from "../usage/totals.js";
import { formatCost, formatTokens } from "./format.js";

/** How each usage source is named in a report. */
export const SOURCE_LABELS: Readonly<Record<UsageSource, string>> = {
  assistant: "Assistant replies",
  subagent: "Sub-agent runs",
  toolResult: "Tool results (model work inside tools)",
  summary: "Compaction and branch summaries",
  usageEntry: "Usage entries (cache warming, …)",
};

export interface UsageView {
  total: Totals;
  activeBranch: Totals;
  bySource: { source: UsageSource; label: string; totals: Totals }[];
  byModel: ModelTotals[];
  /** What Pi's own footer shows: the cost of the assistant replies it can read, abandoned branches included. */
  pi: { cost: number; tokens: number };
  /** One sentence on where our figure and Pi's differ, and why. */
  comparison: string;
}

/** The cost and usage section: whole file, active branch, by source, by model, and Pi's own figure. */
export function usageView(analysis: SessionAnalysis): UsageView {
  const total = analysis.usage.total;
  const pi = piFigure(analysis);
  return {
    total,
    activeBranch: analysis.activeBranch?.total ?? emptyTotals(),
    bySource: (Object.keys(SOURCE_LABELS) as UsageSource[])
      .map((source) => ({ source, label: SOURCE_LABELS[source], totals: analysis.usage.bySource[source] }))
      .filter(({ source, totals }) => source === "assistant" || totals.totalTokens > 0 || totals.turns > 0),
    byModel: analysis.usage.byModel,
    pi: { cost: pi.cost, tokens: pi.input + pi.output + pi.cacheRead + pi.cacheWrite },
    comparison: comparisonSentence(analysis, pi),
  };
}

/**
 * The lines Pi's reader drops: those `JSON.parse` fails on, which are the lines we could not read whole (an
 * `unreadable` problem) and those holding entries glued together. A line whose only fault was bytes that
 * are not UTF-8 is not one of them: Node decodes them as U+FFFD for Pi as for us, and the JSON parses.
 */
function linesPiDrops(analysis: SessionAnalysis): Set<number | null> {
  const dropped = new Set<number | null>(
    analysis.problems.filter((problem) => problem.kind === "unreadable").map((problem) => problem.line),
  );
  const seen = new Set<number>();
  for (const entry of analysis.tree.entries) {
    if (seen.has(entry.line)) dropped.add(entry.line);
    seen.add(entry.line);
  }
  return dropped;
}

/** Pi sums `usage.cost.total` of assistant replies over every entry it can parse: damaged lines are dropped. */
function piFigure(analysis: SessionAnalysis): Totals {
  const damaged = linesPiDrops(analysis);
  const totals = emptyTotals();
  for (const item of analysis.usageItems) {
    if (item.source !== "assistant") continue;
    if (damaged.has(analysis.tree.entries[item.entryIndex]?.line ?? -1)) continue;
    addToTotals(totals, item.usage, item.turns);
  }
  return totals;
}

function comparisonSentence(analysis: SessionAnalysis, pi: Totals): string {
  const ours = analysis.usage.total;
  const parts: string[] = [];
  const recovered = analysis.usage.bySource.assistant.cost - pi.cost;
  for (const source of ["subagent", "summary", "toolResult", "usageEntry"] as const) {
    const totals = analysis.usage.bySource[source];
    if (totals.totalTokens > 0)
      parts.push(`${formatCost(totals.cost)} of ${SOURCE_LABELS[source].toLowerCase()}`);
  }
  if (Math.abs(recovered) > 1e-9)
    parts.push(`${formatCost(recovered)} of replies on damaged lines Pi cannot read`);
  const unpriced =
    ours.unpricedTokens > 0
      ? ` ${formatTokens(ours.unpricedTokens)} tokens recorded no cost and are counted as unpriced, not free.`
      : "";
  if (parts.length === 0) {
    return `Pi shows ${formatCost(pi.cost)}, the same as this report: both count every assistant reply once, abandoned branches included.${unpriced}`;
  }
  return `Pi shows ${formatCost(pi.cost)}, counting assistant replies only; this report's ${formatCost(ours.cost)} adds ${joinList(parts)}.${unpriced}`;
}

function joinList(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

import type { SessionAnalysis } from "../pipeline.js";
import type { ModelTotals } from "../usage/summarize-usage.js";
import { emptyTotals, type Totals } from "../usage/totals.js";
import type { UsageSource } from "../usage/usage-item.js";
import { formatCost, formatTokens, plural } from "./format.js";
import { type PiFooter, piFooter } from "./pi-footer.js";

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
  /**
   * What Pi 1.6's footer shows: the cost of every reply, tool result, summary and usage entry it can read,
   * abandoned branches included; `cost` null when it shows none (`display` says so, else it is Pi's own
   * printed form, three decimals); `tokens` null when it shows none or their sum is no number.
   */
  pi: { cost: number | null; display: string; tokens: number | null; tokensDisplay: string };
  /** One sentence on where our figure and Pi's differ, and why. */
  comparison: string;
}

/** The cost and usage section: whole file, active branch, by source, by model, and Pi's own figure. */
export function usageView(analysis: SessionAnalysis): UsageView {
  const { comparison, ...pi } = whatPiShows(analysis);
  return {
    total: analysis.usage.total,
    activeBranch: analysis.activeBranch?.total ?? emptyTotals(),
    bySource: (Object.keys(SOURCE_LABELS) as UsageSource[])
      .map((source) => ({ source, label: SOURCE_LABELS[source], totals: analysis.usage.bySource[source] }))
      .filter(({ source, totals }) => source === "assistant" || totals.totalTokens > 0 || totals.turns > 0),
    byModel: analysis.usage.byModel,
    pi,
    comparison,
  };
}

/**
 * What Pi 1.6's footer shows for the file (its cost as Pi prints it, and its tokens), and one sentence on
 * where this report's figure differs and why: for the page and the JSON report alike.
 */
export function whatPiShows(analysis: SessionAnalysis): UsageView["pi"] & { comparison: string } {
  const dropped = linesPiDrops(analysis);
  const footer = piFooter(analysis, dropped);
  return {
    cost: footer.kind === "shown" ? footer.cost : null,
    // Pi's footer leaves a cost of 0 out: it shows no figure, not $0.
    display: footer.kind === "shown" ? footer.printed : footer.kind === "no cost" ? "no cost" : "no figure",
    tokens: footer.tokens,
    tokensDisplay: footer.tokens === null ? "no token count" : `${formatTokens(footer.tokens)} tokens`,
    comparison: comparisonSentence(analysis, footer, dropped),
  };
}

/**
 * The lines Pi's reader drops: those its `JSON.parse` rejects as they stand (the reader says which), with
 * every entry we recovered from them (glued entries, mended escapes, placeholders) and the usage they
 * carried. A session given without the reader's account (built in memory) falls back on its problems.
 */
function linesPiDrops(analysis: SessionAnalysis): Set<number | null> {
  const reading = analysis.session.piReading;
  if (reading !== undefined) return new Set(reading.dropped);
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

/** Where this report's cost and Pi's differ, each part worked out from both sides' records. */
interface Differences {
  /** What this report adds: sub-agent runs, usage on damaged lines. */
  adds: string[];
  /** Sub-agent tools' own usage, which Pi adds and this report replaces by the runs it describes. */
  replaced: number;
  /** What is left of Pi's sum: costs stored in a form this report reads as 0 (negative ones). */
  stored: number;
}

function differences(analysis: SessionAnalysis, footer: PiFooter, dropped: Set<number | null>): Differences {
  const lineOf = (entryIndex: number): number | null => analysis.tree.entries[entryIndex]?.line ?? null;
  const adds: string[] = [];
  const subagent = analysis.usage.bySource.subagent;
  if (subagent.totalTokens > 0 || subagent.cost !== 0)
    adds.push(`${formatCost(subagent.cost)} of sub-agent runs, which Pi does not count`);
  let damaged = 0;
  let damagedTokens = 0;
  const damagedLines = new Set<number>();
  let readable = 0;
  for (const item of analysis.usageItems) {
    if (item.source === "subagent") continue;
    const line = lineOf(item.entryIndex);
    if (dropped.has(line)) {
      damaged += item.usage.cost.total;
      damagedTokens += item.usage.totalTokens;
      if (line !== null) damagedLines.add(line);
    } else readable += item.usage.cost.total;
  }
  if (Math.abs(damaged) > 1e-9 || damagedTokens > 0)
    adds.push(damagedNote(damaged, damagedTokens, damagedLines));
  const runsAt = new Set(
    analysis.usageItems.filter((item) => item.source === "subagent").map((item) => item.entryIndex),
  );
  let replaced = 0;
  let piSum = 0;
  for (const item of footer.items) {
    const cost = typeof item.cost === "number" && Number.isFinite(item.cost) ? item.cost : 0;
    piSum += cost;
    if (item.source === "toolResult" && runsAt.has(item.entryIndex)) replaced += cost;
  }
  return { adds, replaced, stored: piSum - replaced - readable };
}

/** Lines named in the sentence before "and N more". */
const LINES_NAMED = 3;

/**
 * The usage this report mended from lines Pi's reader skips: "$0.024 (2.64k tokens) of usage on lines 5
 * and 6, which Pi's reader skips as not JSON (this report mends them)".
 */
function damagedNote(cost: number, tokens: number, lines: ReadonlySet<number>): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const named = sorted.slice(0, LINES_NAMED).map(String);
  if (sorted.length > LINES_NAMED) named.push(`${sorted.length - LINES_NAMED} more`);
  const where = named.length === 1 ? `line ${named[0]}` : `lines ${joinList(named)}`;
  return `${formatCost(cost)} (${formatTokens(tokens)} tokens) of usage on ${where}, which Pi's reader skips as not JSON (this report mends ${sorted.length === 1 ? "it" : "them"})`;
}

function comparisonSentence(
  analysis: SessionAnalysis,
  footer: PiFooter,
  dropped: Set<number | null>,
): string {
  const ours = analysis.usage.total;
  const unrecorded =
    ours.unrecordedTurns > 0
      ? ` ${plural(ours.unrecordedTurns, "model call", "model calls")} recorded no usage at all (some providers record none): what ${ours.unrecordedTurns === 1 ? "it" : "they"} cost is unknown, not $0.`
      : "";
  const unpriced = `${
    ours.unpricedTokens > 0
      ? ` ${formatTokens(ours.unpricedTokens)} tokens recorded no cost and are counted as unpriced, not free.`
      : ""
  }${unrecorded}`;
  if (footer.kind === "none") {
    return `Pi's footer shows no cost for this file: ${footer.reason}. This report counts ${formatCost(ours.cost)}, reading every cost it cannot use as 0 and listing it among the problems.${unpriced}`;
  }
  const { adds, replaced, stored } = differences(analysis, footer, dropped);
  const replacedNote =
    Math.abs(replaced) > 1e-9
      ? ` Pi's figure counts ${formatCost(replaced)} the sub-agent tools record for those runs instead.`
      : "";
  // Stored costs Pi adds and this report reads as 0 (negative ones): said apart, not taken for damage.
  const storedNote =
    Math.abs(stored) > 1e-9
      ? ` Pi's figure also adds ${formatCost(stored)} of negative costs stored in the file, which this report reads as 0.`
      : "";
  const notes = `${replacedNote}${storedNote}${unpriced}`;
  if (footer.kind === "no cost") {
    const ourCost =
      ours.cost === 0
        ? ""
        : ` This report counts ${formatCost(ours.cost)}${adds.length > 0 ? `: ${joinList(adds)}` : ""}.`;
    return `Pi's footer shows no cost: the usage it reads recorded none, and it leaves a cost of 0 out.${ourCost}${notes}`;
  }
  if (adds.length === 0 && replacedNote === "" && storedNote === "") {
    return `Pi shows ${footer.printed}, the same as this report: both count every reply, tool result, summary and usage entry once, abandoned branches included.${unpriced}`;
  }
  if (adds.length === 0)
    return `Pi shows ${footer.printed}; this report counts ${formatCost(ours.cost)}.${notes}`;
  return `Pi shows ${footer.printed}; this report's ${formatCost(ours.cost)} adds ${joinList(adds)}.${notes}`;
}

function joinList(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

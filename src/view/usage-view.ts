import type { SessionAnalysis } from "../pipeline.js";
import { isPlainObject } from "../plain-object.js";
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
  /**
   * What Pi's own footer shows: the cost of the assistant replies it can read, abandoned branches
   * included; `cost` null when its sum is no number it can show (`display` says so).
   */
  pi: { cost: number | null; display: string; tokens: number };
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
 * What Pi's own footer shows for the file (its cost, as the page shows it, and its tokens), and one
 * sentence on where this report's figure differs and why: for the page and the JSON report alike.
 */
export function whatPiShows(analysis: SessionAnalysis): UsageView["pi"] & { comparison: string } {
  const dropped = linesPiDrops(analysis);
  const pi = piFigure(analysis, dropped);
  const piSum = piFooterCost(analysis, dropped);
  return {
    cost: piSum.kind === "shown" ? piSum.cost : null,
    // Pi's footer leaves a cost of 0 out: it shows no figure, not $0.
    display: piSum.kind !== "shown" ? "no figure" : piSum.cost === 0 ? "no cost" : formatCost(piSum.cost),
    // Pi reads no entries from a file whose first line is not its header: no tokens either.
    tokens: analysis.session.headerFirst ? pi.input + pi.output + pi.cacheRead + pi.cacheWrite : 0,
    comparison: comparisonSentence(analysis, pi, piSum),
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

/**
 * This report's own figures for the assistant replies on the lines Pi reads: what Pi's sum would be had
 * every stored value been a usable count (damaged lines are dropped).
 */
function piFigure(analysis: SessionAnalysis, dropped: Set<number | null>): Totals {
  const totals = emptyTotals();
  for (const item of analysis.usageItems) {
    if (item.source !== "assistant") continue;
    if (dropped.has(analysis.tree.entries[item.entryIndex]?.line ?? -1)) continue;
    addToTotals(totals, item.usage, item.turns);
  }
  return totals;
}

/** What Pi's footer makes of the stored costs: a dollar figure, or why it shows none. */
type PiCost = { kind: "shown"; cost: number } | { kind: "none"; reason: string };

/** The stored `message` of an assistant reply, read or not (Pi sums a reply whatever shape we gave it). */
function assistantMessage(
  body: SessionAnalysis["tree"]["entries"][number]["body"],
): Record<string, unknown> | null {
  const raw: unknown = body.type === "other" ? body.value : body;
  if (!isPlainObject(raw) || raw.type !== "message" || !isPlainObject(raw.message)) return null;
  return raw.message.role === "assistant" ? raw.message : null;
}

/**
 * Pi's footer sum as Pi 0.73's code does it (`totalCost += entry.message.usage.cost.total` over every
 * assistant reply it parsed, unchecked, then `totalCost.toFixed(3)`, shown only when not 0): a cost stored
 * as text makes the sum text, which it cannot show; a missing total makes it NaN, which it does not show;
 * a negative one is added as it is.
 */
function piFooterCost(analysis: SessionAnalysis, dropped: Set<number | null>): PiCost {
  if (!analysis.session.headerFirst) {
    return {
      kind: "none",
      reason:
        "its first line is not the session header, so Pi reads none of its entries (it starts a new session in the file)",
    };
  }
  let sum: unknown = 0;
  let firstOdd: string | null = null;
  for (const entry of analysis.tree.entries) {
    if (dropped.has(entry.line)) continue;
    const message = assistantMessage(entry.body);
    if (message === null) continue;
    const usage = message.usage;
    if (!isPlainObject(usage) || usage.cost === undefined || usage.cost === null) {
      return {
        kind: "none",
        reason: `the reply on line ${entry.line} stores no cost, and its footer stops at it`,
      };
    }
    const total = isPlainObject(usage.cost) ? usage.cost.total : undefined;
    if (typeof total !== "number" || total < 0)
      firstOdd ??= `line ${entry.line} (${JSON.stringify(total) ?? "no total"})`;
    sum = (sum as number) + (total as number);
  }
  if (typeof sum === "number" && Number.isFinite(sum)) return { kind: "shown", cost: sum };
  return {
    kind: "none",
    reason: `its sum is ${typeof sum === "string" ? "text" : "not a number"}, from the cost stored on ${firstOdd ?? "a reply"}`,
  };
}

function comparisonSentence(analysis: SessionAnalysis, pi: Totals, piSum: PiCost): string {
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
  if (piSum.kind === "none") {
    return `Pi's footer shows no cost for this file: ${piSum.reason}. This report counts ${formatCost(ours.cost)}, reading every cost it cannot use as 0 and listing it among the problems.${unpriced}`;
  }
  if (piSum.cost === 0) {
    const ourCost =
      ours.cost === 0
        ? ""
        : ` This report counts ${formatCost(ours.cost)}${parts.length > 0 ? `: ${joinList(parts)}` : ""}.`;
    return `Pi's footer shows no cost: the replies it reads recorded none, and it leaves a cost of 0 out.${ourCost}${unpriced}`;
  }
  // Stored costs Pi adds and this report reads as 0 (negative ones): said apart, not taken for damage.
  const stored = piSum.cost - pi.cost;
  const storedNote =
    Math.abs(stored) > 1e-9
      ? ` Pi's figure also adds ${formatCost(stored)} of negative costs stored in the file, which this report reads as 0.`
      : "";
  if (parts.length === 0 && storedNote === "") {
    return `Pi shows ${formatCost(piSum.cost)}, the same as this report: both count every assistant reply once, abandoned branches included.${unpriced}`;
  }
  if (parts.length === 0) {
    return `Pi shows ${formatCost(piSum.cost)}; this report counts ${formatCost(ours.cost)}.${storedNote}${unpriced}`;
  }
  return `Pi shows ${formatCost(piSum.cost)}, counting assistant replies only; this report's ${formatCost(ours.cost)} adds ${joinList(parts)}.${storedNote}${unpriced}`;
}

function joinList(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

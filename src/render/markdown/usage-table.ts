import type { PhrasingContent, RootContent } from "mdast";
import type { Totals } from "../../usage/totals.js";
import type { TurnUsageView } from "../../view/entry-view.js";
import {
  formatCost,
  formatCostWithUnpriced,
  formatInteger,
  formatTokens,
  plural,
} from "../../view/format.js";
import type { UsageView } from "../../view/usage-view.js";
import { code, emphasis, paragraph, strong, table, text } from "./mdast.js";

/** Column headers of the totals table; tests read the table back by them. */
export const TOTALS_COLUMNS = [
  "Usage",
  "Input",
  "Output",
  "Cache read",
  "Cache write",
  "Tokens",
  "Cost",
  "Calls",
];

/** Row names of the totals table other than the models' (which are their `provider/model`). */
export const TOTALS_ROWS = {
  total: "Total (whole file)",
  unpriced: "of which unpriced",
  unrecorded: "of which usage not recorded",
  activeBranch: "Active branch",
  noModel: "(no model named)",
} as const;

/** "of which sub-agent runs" and so on: the sources Pi's own figure leaves out, each on its own row. */
export function sourceRowName(label: string): string {
  return `of which ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

function numbers(totals: Totals): PhrasingContent[] {
  return [
    text(formatInteger(totals.input)),
    text(formatInteger(totals.output)),
    text(formatInteger(totals.cacheRead)),
    text(formatInteger(totals.cacheWrite)),
    text(formatInteger(totals.totalTokens)),
    // Tokens nobody priced are never shown as $0: "unpriced (45k tokens)" or "$1.20 + 45k unpriced tokens".
    text(formatCostWithUnpriced(totals.cost, totals.unpricedTokens, totals.unrecordedTurns)),
    text(formatInteger(totals.turns)),
  ];
}

/** A model row's first cell: `provider/model` as code, or the words for usage no model was named for. */
function modelCell(row: { provider: string | null; model: string | null }): PhrasingContent {
  if (row.model === null) return text(TOTALS_ROWS.noModel);
  return code(row.provider === null ? row.model : `${row.provider}/${row.model}`);
}

/**
 * The totals table: tokens and cost by model (every source included), the whole file's total, then the
 * parts Pi's own figure leaves out (sub-agents, summaries, tool results, `usage` entries) and the
 * unpriced tokens and the calls that recorded no usage on rows of their own, and the active branch when it is not the whole file. Followed
 * by the sentence comparing this report's figure with Pi's.
 */
export function totalsTable(usage: UsageView, modelRows = usage.byModel.length): RootContent[] {
  const rows: PhrasingContent[][] = usage.byModel
    .slice(0, modelRows)
    .map((row) => [modelCell(row), ...numbers(row)]);
  rows.push([strong(text(TOTALS_ROWS.total)), ...numbers(usage.total).map((cell) => strong(cell))]);
  for (const source of usage.bySource) {
    if (source.source === "assistant") continue;
    rows.push([text(sourceRowName(source.label)), ...numbers(source.totals)]);
  }
  // "Of which" rows: one figure under Tokens or Calls, and what the cost is instead of an amount.
  const dash = text("—");
  if (usage.total.unpricedTokens > 0) {
    const tokens = text(formatInteger(usage.total.unpricedTokens));
    rows.push([text(TOTALS_ROWS.unpriced), dash, dash, dash, dash, tokens, text("unpriced"), dash]);
  }
  if (usage.total.unrecordedTurns > 0) {
    const calls = text(formatInteger(usage.total.unrecordedTurns));
    rows.push([
      text(TOTALS_ROWS.unrecorded),
      dash,
      dash,
      dash,
      dash,
      dash,
      text("usage not recorded"),
      calls,
    ]);
  }
  if (!sameTotals(usage.activeBranch, usage.total)) {
    rows.push([text(TOTALS_ROWS.activeBranch), ...numbers(usage.activeBranch)]);
  }
  const blocks: RootContent[] = [
    table(TOTALS_COLUMNS, rows, [null, "right", "right", "right", "right", "right", "right", "right"]),
  ];
  const left = usage.byModel.length - modelRows;
  if (left > 0) {
    blocks.push(paragraph(emphasis(text(`${formatInteger(left)} more models left out (all in the total).`))));
  }
  blocks.push(paragraph(text(usage.comparison)));
  return blocks;
}

/** Column headers of the short summary's totals table. */
export const COMPACT_TOTALS_COLUMNS = ["Model", "Tokens", "Cost", "Calls"];

/**
 * The short summary's totals: tokens, cost and calls by model (every source included, so the rows add up
 * to the total) and the whole file's total, with the sentence comparing this report's figure with Pi's.
 * The cost says unpriced tokens and calls with no usage recorded in words, never as $0.
 */
export function compactTotalsTable(usage: UsageView, modelRows = usage.byModel.length): RootContent[] {
  const cells = (totals: Totals): PhrasingContent[] => [
    text(formatInteger(totals.totalTokens)),
    text(formatCostWithUnpriced(totals.cost, totals.unpricedTokens, totals.unrecordedTurns)),
    text(formatInteger(totals.turns)),
  ];
  const rows: PhrasingContent[][] = usage.byModel
    .slice(0, modelRows)
    .map((row) => [modelCell(row), ...cells(row)]);
  const left = usage.byModel.length - modelRows;
  const total = left > 0 ? `Total (${plural(left, "more model", "more models")} in it)` : "Total";
  rows.push([strong(text(total)), ...cells(usage.total).map((cell) => strong(cell))]);
  return [
    table(COMPACT_TOTALS_COLUMNS, rows, [null, "right", "right", "right"]),
    paragraph(text(usage.comparison)),
  ];
}

/** Same counts, and dollars equal to the nine decimals reports round to (sums of floats pick up noise). */
function sameTotals(a: Totals, b: Totals): boolean {
  const keys = (Object.keys(a) as (keyof Totals)[]).filter((key) => key !== "cost");
  return keys.every((key) => a[key] === b[key]) && Math.abs(a.cost - b.cost) < 5e-10;
}

/**
 * One model call's tokens and cost, for the line under an entry, as the HTML badge says it:
 * "1.2k tokens · 300 reasoning · $0.0042", "· unpriced", or "usage not recorded" (never 0 tokens · $0).
 */
export function usageBadge(usage: TurnUsageView): string {
  if (usage.unrecorded) return "usage not recorded";
  const parts = [`${formatTokens(usage.totalTokens)} tokens`];
  if (usage.reasoning > 0) parts.push(`${formatTokens(usage.reasoning)} reasoning`);
  if (usage.cacheWrite1h > 0) parts.push(`${formatTokens(usage.cacheWrite1h)} cache write 1h`);
  const billed =
    usage.billed === null
      ? ""
      : ` billed by the provider (its rates give ${formatCost(usage.billed.partsCost)})`;
  parts.push(usage.unpriced ? "unpriced" : `${formatCost(usage.cost)}${billed}`);
  return parts.join(" · ");
}

/**
 * A usage worth a badge beside a record other than a reply: a record of nothing (no tokens, no cost) is
 * left out. A reply's badge is always shown: there, nothing recorded says "usage not recorded".
 */
export function worthABadge(usage: TurnUsageView | null): usage is TurnUsageView {
  return usage !== null && !usage.unrecorded;
}

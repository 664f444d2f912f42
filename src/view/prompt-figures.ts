import { formatCostWithUnpriced, plural } from "./format.js";
import type { PromptSummary } from "./prompt-index.js";

/** A row's cost as every format words it (the page's `costu`): unpriced tokens and unrecorded calls said. */
export function promptCostText(row: PromptSummary): string {
  const { usage } = row;
  return formatCostWithUnpriced(usage.cost, usage.unpricedTokens, usage.unrecordedTurns);
}

/** A row's model calls in words: "3 model calls". */
export function promptCallsText(row: PromptSummary): string {
  return plural(row.usage.turns, "model call", "model calls");
}

/** How many rows are prompts (the others hold the work before the first prompt, or other branches). */
export function promptCount(rows: readonly { kind: PromptSummary["kind"] }[]): number {
  let count = 0;
  for (const row of rows) if (row.kind === "prompt") count += 1;
  return count;
}

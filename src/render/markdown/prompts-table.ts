import type { RootContent } from "mdast";
import { formatInteger, formatTokens } from "../../view/format.js";
import { promptCostText } from "../../view/prompt-figures.js";
import type { PromptSummary } from "../../view/prompt-index.js";
import { table, text } from "./mdast.js";

/** Column headers of the prompts table; tests read the table back by them. */
export const PROMPT_COLUMNS = ["#", "Prompt", "Calls", "Tokens", "Cost", "Time"];

/**
 * The prompt index as a table, the page's rows and figures: each prompt of the active branch by its
 * number, and the usage that belongs to no prompt (before the first, other branches) in rows without one.
 */
export function promptsTable(rows: readonly PromptSummary[]): RootContent[] {
  if (rows.length === 0) return [];
  const cells = rows.map((row) => [
    text(row.kind === "prompt" ? formatInteger(row.number) : ""),
    text(row.title),
    text(formatInteger(row.usage.turns)),
    text(formatTokens(row.usage.totalTokens)),
    text(promptCostText(row)),
    text(row.duration ?? ""),
  ]);
  return [table(PROMPT_COLUMNS, cells, ["right", null, "right", "right", "right", "right"])];
}

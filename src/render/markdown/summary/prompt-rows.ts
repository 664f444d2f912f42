import type { List, PhrasingContent, RootContent } from "mdast";
import { promptCount } from "../../../view/prompt-figures.js";
import { list } from "../mdast.js";
import type { PromptOutline } from "./collect-facts.js";

/**
 * The outline's rows to show for a limit on prompts: the first `limit` prompts, and every row that is no
 * prompt (the work before the first prompt, other branches), which the totals need and which are short.
 */
export function rowsWithin(outline: readonly PromptOutline[], limit: number): PromptOutline[] {
  let prompts = 0;
  return outline.filter((item) => {
    if (item.row.kind !== "prompt") return true;
    prompts += 1;
    return prompts <= limit;
  });
}

/** How many prompts of the outline a limit leaves out. */
export function promptsLeftOut(outline: readonly PromptOutline[], limit: number): number {
  return Math.max(0, promptCount(outline.map((item) => item.row)) - limit);
}

/**
 * Rows as Markdown lists: prompts in an ordered list that starts at the index's own number (1. is the
 * first prompt in every format), the rows that are no prompt as bullets beside them.
 */
export function rowLists(
  rows: readonly PromptOutline[],
  line: (item: PromptOutline) => PhrasingContent[],
): RootContent[] {
  const blocks: RootContent[] = [];
  let run: PromptOutline[] = [];
  const flush = () => {
    const first = run[0];
    if (first === undefined) return;
    const ordered = first.row.kind === "prompt";
    const block = list(ordered, run.map(line)) as List;
    if (ordered) block.start = first.row.number;
    blocks.push(block);
    run = [];
  };
  for (const item of rows) {
    if (run.length > 0 && (run[0]?.row.kind === "prompt") !== (item.row.kind === "prompt")) flush();
    run.push(item);
  }
  flush();
  return blocks;
}

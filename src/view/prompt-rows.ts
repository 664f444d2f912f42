import type { SessionAnalysis } from "../pipeline.js";
import { addToTotals, emptyTotals, type Totals } from "../usage/totals.js";

/**
 * What a row of the prompt index stands for: a prompt of the active branch; the work on it before the
 * first prompt; or the usage recorded off it (abandoned branches, separate roots), which belongs to no
 * prompt of the branch shown but is in the session's totals all the same.
 */
export type PromptRowKind = "prompt" | "before" | "elsewhere";

/** One row's figures: which entries it holds and what they cost. */
export interface PromptRow {
  kind: PromptRowKind;
  /** 1, 2, ... in the order typed, counting prompts only; 0 for the rows that are no prompt. */
  number: number;
  /** The row's first entry: the prompt's, the branch's first, or the first off the branch with usage. */
  entryIndex: number;
  /** Its entries' indices, in order (for "elsewhere": those that hold usage). */
  entries: number[];
  /** Usage of its entries, sub-agent runs included: `turns` is the model calls. */
  usage: Totals;
}

function isPromptEntry(analysis: SessionAnalysis, index: number): boolean {
  const body = analysis.tree.entries[index]?.body;
  return body?.type === "message" && body.message.role === "user";
}

/**
 * The prompt index's rows, decided once for every format: the active branch cut at each prompt (a user
 * message), each row holding the usage of its entries up to the next prompt; the work before the first
 * prompt and the usage off the branch are rows of their own when they hold any usage. Every usage item
 * is in exactly one row, so the rows add up to the whole file's totals.
 */
export function promptRows(analysis: SessionAnalysis): PromptRow[] {
  const rows: PromptRow[] = [];
  const path = analysis.activeBranch?.path ?? [];
  let current: PromptRow | null = null;
  let prompts = 0;
  for (const index of path) {
    if (isPromptEntry(analysis, index)) {
      prompts += 1;
      current = row("prompt", prompts, index);
      rows.push(current);
    } else if (current === null) {
      current = row("before", 0, index);
      rows.push(current);
    }
    current.entries.push(index);
    addItems(current, analysis, index);
  }
  const first = rows[0];
  // The work before the first prompt (a model or thinking-level change) is a row only when it cost something.
  if (first?.kind === "before" && isEmpty(first.usage)) rows.shift();
  const onPath = new Set(path);
  let elsewhere: PromptRow | null = null;
  for (const [index] of analysis.usageByEntry) {
    if (onPath.has(index)) continue;
    elsewhere ??= row("elsewhere", 0, index);
    elsewhere.entries.push(index);
    addItems(elsewhere, analysis, index);
  }
  if (elsewhere !== null) rows.push(elsewhere);
  return rows;
}

function row(kind: PromptRowKind, number: number, entryIndex: number): PromptRow {
  return { kind, number, entryIndex, entries: [], usage: emptyTotals() };
}

function addItems(into: PromptRow, analysis: SessionAnalysis, index: number): void {
  for (const item of analysis.usageByEntry.get(index) ?? [])
    addToTotals(into.usage, item.usage, item.turns, item.failed);
}

function isEmpty(usage: Totals): boolean {
  return usage.turns === 0 && usage.totalTokens === 0 && usage.cost === 0;
}

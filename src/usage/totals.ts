import { isUnpriced, type Usage } from "./usage.js";

/** What a report shows for a group of usage: token counts, dollars, unpriced tokens and model calls. */
export interface Totals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  /** Recorded dollars. Tokens with no recorded cost are in `unpricedTokens`, not counted as free. */
  cost: number;
  /** Tokens of usage that recorded a cost of zero (subscriptions, custom and local providers). */
  unpricedTokens: number;
  /** Model calls: assistant replies, sub-agent turns, and one per summary, tool-result or `usage` record. */
  turns: number;
}

/** Totals of nothing. */
export function emptyTotals(): Totals {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: 0,
    unpricedTokens: 0,
    turns: 0,
  };
}

/** Adds one piece of usage and its model calls into `totals` (mutates it: totals are accumulators). */
export function addToTotals(totals: Totals, usage: Usage, turns: number): Totals {
  totals.input += usage.input;
  totals.output += usage.output;
  totals.cacheRead += usage.cacheRead;
  totals.cacheWrite += usage.cacheWrite;
  totals.totalTokens += usage.totalTokens;
  totals.cost += usage.cost.total;
  if (isUnpriced(usage)) totals.unpricedTokens += usage.totalTokens;
  totals.turns += turns;
  return totals;
}

/** Adds `more` into `totals` (mutates `totals`). */
export function mergeTotals(totals: Totals, more: Totals): Totals {
  totals.input += more.input;
  totals.output += more.output;
  totals.cacheRead += more.cacheRead;
  totals.cacheWrite += more.cacheWrite;
  totals.totalTokens += more.totalTokens;
  totals.cost += more.cost;
  totals.unpricedTokens += more.unpricedTokens;
  totals.turns += more.turns;
  return totals;
}

/** `totals` minus `less`, field by field (a new object). */
export function subtractTotals(totals: Totals, less: Totals): Totals {
  return {
    input: totals.input - less.input,
    output: totals.output - less.output,
    cacheRead: totals.cacheRead - less.cacheRead,
    cacheWrite: totals.cacheWrite - less.cacheWrite,
    totalTokens: totals.totalTokens - less.totalTokens,
    cost: totals.cost - less.cost,
    unpricedTokens: totals.unpricedTokens - less.unpricedTokens,
    turns: totals.turns - less.turns,
  };
}

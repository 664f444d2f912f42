import { isUnpriced, isUnrecorded, type Usage } from "./usage.js";

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
  /** Of `turns`, the calls whose usage records no tokens and no cost: unknown, never $0 (some providers record none). */
  unrecordedTurns: number;
  /** Reasoning tokens, already inside `output` (where the provider says how many). */
  reasoning: number;
  /** Cache-write tokens kept for an hour, already inside `cacheWrite`. */
  cacheWrite1h: number;
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
    unrecordedTurns: 0,
    reasoning: 0,
    cacheWrite1h: 0,
  };
}

/**
 * Adds one piece of usage and its model calls into `totals` (mutates it: totals are accumulators).
 * `failed`: an error or aborted reply, whose zeros mean nothing was billed, not that nothing was recorded.
 */
export function addToTotals(totals: Totals, usage: Usage, turns: number, failed = false): Totals {
  totals.input += usage.input;
  totals.output += usage.output;
  totals.cacheRead += usage.cacheRead;
  totals.cacheWrite += usage.cacheWrite;
  totals.totalTokens += usage.totalTokens;
  totals.cost += usage.cost.total;
  if (isUnpriced(usage)) totals.unpricedTokens += usage.totalTokens;
  totals.turns += turns;
  if (!failed && isUnrecorded(usage)) totals.unrecordedTurns += turns;
  totals.reasoning += usage.reasoning;
  totals.cacheWrite1h += usage.cacheWrite1h;
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
  totals.unrecordedTurns += more.unrecordedTurns;
  totals.reasoning += more.reasoning;
  totals.cacheWrite1h += more.cacheWrite1h;
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
    unrecordedTurns: totals.unrecordedTurns - less.unrecordedTurns,
    reasoning: totals.reasoning - less.reasoning,
    cacheWrite1h: totals.cacheWrite1h - less.cacheWrite1h,
  };
}

/** Dollar sums of many small floats pick up noise (0.1 + 0.2); nine decimals is finer than any price. */
export function roundCost(cost: number): number {
  return Math.round(cost * 1e9) / 1e9;
}

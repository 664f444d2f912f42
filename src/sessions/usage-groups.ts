import { emptyTotals, mergeTotals, roundCost, type Totals } from "../usage/totals.js";
import type { DigestUsage } from "./session-digest.js";

/** Usage added up, with the sub-agents' share beside it (a part of `total`, not added to it). */
export interface UsageTotals {
  total: Totals;
  subagent: Totals;
}

/** Usage of nothing. */
export function emptyUsageTotals(): UsageTotals {
  return { total: emptyTotals(), subagent: emptyTotals() };
}

/** Adds one piece of usage into `target` (mutates it: these are accumulators). */
export function addDigestUsage(target: UsageTotals, item: DigestUsage): UsageTotals {
  mergeTotals(target.total, item.totals);
  if (item.source === "subagent") mergeTotals(target.subagent, item.totals);
  return target;
}

/** Totals with the dollars rounded to nine decimals, as every report of this tool shows them. */
export function roundedTotals(totals: Totals): Totals {
  return { ...totals, cost: roundCost(totals.cost) };
}

/** `roundedTotals` for both halves. */
export function roundedUsageTotals(usage: UsageTotals): UsageTotals {
  return { total: roundedTotals(usage.total), subagent: roundedTotals(usage.subagent) };
}

/** Largest cost first, then most tokens, then by name: a stable order for any table of groups. */
export function byCostThenName<T extends UsageTotals>(name: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const nameA = name(a);
    const nameB = name(b);
    return (
      b.total.cost - a.total.cost ||
      b.total.totalTokens - a.total.totalTokens ||
      (nameA < nameB ? -1 : nameA > nameB ? 1 : 0)
    );
  };
}

/** Usage grouped by a key, each group created on first use with `make`. */
export class UsageGroups<Row extends UsageTotals> {
  readonly #rows = new Map<string, Row>();
  constructor(private readonly make: (key: string, item: DigestUsage) => Row) {}

  /** Adds `item` into the group `key` and returns that group. */
  add(key: string, item: DigestUsage): Row {
    let row = this.#rows.get(key);
    if (row === undefined) {
      row = this.make(key, item);
      this.#rows.set(key, row);
    }
    addDigestUsage(row, item);
    return row;
  }

  /** The groups, in the order `compare` gives. */
  rows(compare: (a: Row, b: Row) => number): Row[] {
    return [...this.#rows.values()].sort(compare);
  }
}

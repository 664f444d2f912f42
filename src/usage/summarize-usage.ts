import { addToTotals, emptyTotals, type Totals } from "./totals.js";
import type { UsageItem, UsageSource } from "./usage-item.js";
import { USAGE_SOURCES } from "./usage-item.js";

/** Totals of one model. `provider` or `model` is null where the session never named one. */
export interface ModelTotals extends Totals {
  provider: string | null;
  model: string | null;
}

/** Usage added up one way: overall, by source and by model. */
export interface UsageBreakdown {
  total: Totals;
  bySource: Record<UsageSource, Totals>;
  byModel: ModelTotals[];
}

/** Adds up usage items overall, by source and by model (largest cost first). */
export function breakDown(items: Iterable<UsageItem>): UsageBreakdown {
  const total = emptyTotals();
  const bySource = Object.fromEntries(USAGE_SOURCES.map((source) => [source, emptyTotals()])) as Record<
    UsageSource,
    Totals
  >;
  const byModel = new Map<string, ModelTotals>();
  for (const item of items) {
    addToTotals(total, item.usage, item.turns, item.failed);
    addToTotals(bySource[item.source], item.usage, item.turns, item.failed);
    const key = `${item.provider ?? ""}\u0000${item.model ?? ""}`;
    let row = byModel.get(key);
    if (row === undefined) {
      row = { provider: item.provider, model: item.model, ...emptyTotals() };
      byModel.set(key, row);
    }
    addToTotals(row, item.usage, item.turns, item.failed);
  }
  const rows = [...byModel.values()].sort(
    (a, b) =>
      b.cost - a.cost ||
      b.totalTokens - a.totalTokens ||
      (a.provider ?? "").localeCompare(b.provider ?? "") ||
      (a.model ?? "").localeCompare(b.model ?? ""),
  );
  return { total, bySource, byModel: rows };
}

/** Usage items grouped by the index of the entry that holds them. */
export function itemsByEntry(items: readonly UsageItem[]): Map<number, UsageItem[]> {
  const grouped = new Map<number, UsageItem[]>();
  for (const item of items) {
    const list = grouped.get(item.entryIndex);
    if (list === undefined) grouped.set(item.entryIndex, [item]);
    else list.push(item);
  }
  return grouped;
}

/** The usage items held by the entries of a path (root to tip), in path order. */
export function itemsOnPath(
  path: readonly number[],
  grouped: ReadonlyMap<number, readonly UsageItem[]>,
): UsageItem[] {
  return path.flatMap((index) => grouped.get(index) ?? []);
}

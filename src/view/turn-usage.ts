import { toUsage } from "../usage/to-usage.js";
import { isUnpriced, type Usage } from "../usage/usage.js";
import type { TurnUsageView } from "./entry-view.js";

/** The badge numbers of one stored usage; null when nothing was stored. */
export function turnUsage(stored: unknown): TurnUsageView | null {
  if (stored === undefined || stored === null) return null;
  return usageView(toUsage(stored).usage);
}

/** The badge numbers of a canonical usage. */
export function usageView(usage: Usage): TurnUsageView {
  return {
    input: usage.input,
    output: usage.output,
    cacheRead: usage.cacheRead,
    cacheWrite: usage.cacheWrite,
    totalTokens: usage.totalTokens,
    cost: usage.cost.total,
    unpriced: isUnpriced(usage),
  };
}

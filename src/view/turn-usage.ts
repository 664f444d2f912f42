import { toUsage } from "../usage/to-usage.js";
import { isUnpriced, isUnrecorded, type Usage } from "../usage/usage.js";
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
    unrecorded: isUnrecorded(usage),
    reasoning: usage.reasoning,
    cacheWrite1h: usage.cacheWrite1h,
    billed: billedCost(usage),
  };
}

/** A provider-billed total that differs from its parts (a discount, a surcharge): both are worth seeing. */
function billedCost(usage: Usage): TurnUsageView["billed"] {
  const { cost } = usage;
  if (cost.fromProvider !== true) return null;
  const partsCost = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  // Float noise is not a difference: reports round dollars to nine decimals.
  return Math.abs(partsCost - cost.total) < 5e-10 ? null : { partsCost };
}

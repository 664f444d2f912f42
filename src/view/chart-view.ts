import type { SessionAnalysis } from "../pipeline.js";
import type { SessionEntry } from "../schema/entry.js";
import { toUsage } from "../usage/to-usage.js";
import { isUnrecorded, tokenCount } from "../usage/usage.js";

/** One assistant turn on the active branch: the context it saw and what it cost. */
export interface ChartPoint {
  anchor: string;
  /** Input + cache + output tokens of the turn; null for error and aborted turns and unrecorded usage. */
  contextTokens: number | null;
  cost: number;
  /** The reply (not failed) recorded no tokens and no cost: its size and cost are unknown, not 0. */
  unrecorded: boolean;
}

/** The data of the context-size chart: a point per assistant turn, compactions between them. */
export interface ChartView {
  points: ChartPoint[];
  /** For each compaction on the active branch: how many turns came before it. */
  compactions: { afterTurns: number; anchor: string }[];
}

/** Context size and cost at each assistant turn along the active branch, with compactions marked. */
export function chartView(analysis: SessionAnalysis, anchors: readonly string[]): ChartView {
  const points: ChartPoint[] = [];
  const compactions: ChartView["compactions"] = [];
  for (const index of analysis.activeBranch?.path ?? []) {
    const { body } = analysis.tree.entries[index] as SessionEntry;
    if (body.type === "compaction")
      compactions.push({ afterTurns: points.length, anchor: anchors[index] as string });
    if (body.type !== "message" || body.message.role !== "assistant") continue;
    const usage = toUsage(body.message.usage).usage;
    const failed = body.message.stopReason === "error" || body.message.stopReason === "aborted";
    // A failed request says so; a reply that recorded nothing is unknown, not a fall to 0 tokens.
    const unrecorded = !failed && isUnrecorded(usage);
    points.push({
      anchor: anchors[index] as string,
      contextTokens: failed || unrecorded ? null : tokenCount(usage),
      cost: usage.cost.total,
      unrecorded,
    });
  }
  return { points, compactions };
}

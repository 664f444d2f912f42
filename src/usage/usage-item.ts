import type { Usage } from "./usage.js";

/** Where a piece of usage was recorded (FORMAT.md §5). */
export type UsageSource = "assistant" | "subagent" | "toolResult" | "summary" | "usageEntry";

export const USAGE_SOURCES: readonly UsageSource[] = [
  "assistant",
  "subagent",
  "toolResult",
  "summary",
  "usageEntry",
];

/** One piece of model work found in the session, tied to the entry that records it. */
export interface UsageItem {
  source: UsageSource;
  /** Index of the entry that holds it. */
  entryIndex: number;
  provider: string | null;
  model: string | null;
  /** True when the record names no model and the model in use at that point of the path was assumed. */
  modelAssumed: boolean;
  usage: Usage;
  /** Model calls this item stands for. */
  turns: number;
  /** For sub-agent runs: the agent's name. */
  agent?: string | null;
  /** An error or aborted reply: usage of zeros there is nothing billed, not usage left unrecorded. */
  failed?: true;
}

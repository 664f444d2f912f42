import type { Problem } from "../read/problem.js";
import type { SessionEntry } from "../schema/entry.js";
import type { SessionTree } from "../tree/build-tree.js";
import type { ModelRef } from "./model-in-use.js";
import { modelsInUse } from "./model-in-use.js";
import { qualifyModels } from "./qualify-models.js";
import { collectSubagentRuns } from "./subagent-usage.js";
import { toUsage } from "./to-usage.js";
import type { UsageItem, UsageSource } from "./usage-item.js";
import { modelKey, virtualModels } from "./virtual-models.js";

/**
 * Finds every piece of usage in the file, abandoned branches included, each once: assistant replies
 * (error turns count as turns), sub-agent runs in tool results, tool-result `usage`, compaction and
 * branch-summary `usage`, and `usage` entries of any kind. Records that name no model are attributed to
 * the model in use at that point of their path.
 */
export function collectUsage(
  tree: SessionTree,
  startModel: ModelRef | null,
): { items: UsageItem[]; problems: Problem[] } {
  const items: UsageItem[] = [];
  const problems: Problem[] = [];
  const virtual = virtualModels(tree);
  const inUse = modelsInUse(tree, startModel, virtual);
  for (const entry of tree.entries) {
    const assumed = inUse[entry.index] ?? null;
    const add = (source: UsageSource, stored: unknown, named: ModelRef | null, turns: number): void => {
      const { usage, issue } = toUsage(stored);
      if (issue !== undefined)
        problems.push({ line: entry.line, kind: "invalid", code: "usage-unreadable", detail: { issue } });
      const model = named ?? assumed;
      items.push({
        source,
        entryIndex: entry.index,
        provider: model?.provider ?? null,
        model: model?.model ?? null,
        modelAssumed: named === null,
        usage,
        turns,
      });
    };
    collectEntryUsage(entry, add, items, assumed, problems, virtual);
  }
  qualifyModels(items);
  return { items, problems };
}

type AddUsage = (source: UsageSource, stored: unknown, named: ModelRef | null, turns: number) => void;

function collectEntryUsage(
  entry: SessionEntry,
  add: AddUsage,
  items: UsageItem[],
  assumed: ModelRef | null,
  problems: Problem[],
  virtual: ReadonlySet<string>,
): void {
  const { body } = entry;
  switch (body.type) {
    case "message": {
      const message = body.message;
      if (message.role === "assistant") {
        // Billed to the model that answered, as Pi 1.6's /session does (dist/core/usage-totals.js
        // getUsageCostBreakdown: `responseModel ?? model`): a server-side fallback reply is the fallback's.
        const answered = message.responseModel ?? message.model;
        const provider = message.provider ?? null;
        // A reply left naming a router (its routing failed) was answered by no model: never a router's row.
        const named =
          answered === undefined || virtual.has(modelKey(provider, answered))
            ? null
            : { provider, model: answered };
        add("assistant", message.usage, named, 1);
        if (message.stopReason === "error" || message.stopReason === "aborted")
          (items.at(-1) as UsageItem).failed = true;
      } else if (message.role === "toolResult") {
        const runs = collectSubagentRuns(message.details);
        for (const run of runs) {
          if (run.issue !== undefined) {
            problems.push({
              line: entry.line,
              kind: "invalid",
              code: "subagent-usage-unreadable",
              detail: { issue: run.issue },
            });
          }
          const model = run.model === null ? assumed : { provider: run.provider, model: run.model };
          items.push({
            source: "subagent",
            entryIndex: entry.index,
            provider: model?.provider ?? null,
            model: model?.model ?? null,
            modelAssumed: run.model === null,
            usage: run.usage,
            turns: run.turns,
            agent: run.agent,
          });
        }
        // A sub-agent tool's own `usage` describes the same runs: counting it too would count them twice.
        if (runs.length === 0 && message.usage !== undefined) add("toolResult", message.usage, null, 1);
      }
      return;
    }
    case "compaction":
    case "branch_summary":
      if (body.usage !== undefined) add("summary", body.usage, null, 1);
      return;
    case "usage": {
      const named = body.model === undefined ? null : { provider: body.provider ?? null, model: body.model };
      add("usageEntry", body.usage, named, 1);
      return;
    }
    default:
      return;
  }
}

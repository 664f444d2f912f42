import { subagentResults } from "../../usage/subagent-usage.js";
import { turnUsage } from "../turn-usage.js";
import { asObject, numberField, stringField } from "./args.js";
import type { PresentMessages } from "./present-tool.js";
import type { SubagentRunView, ToolBody } from "./tool-view.js";

/** Sub-agent transcripts nest; past this depth a run is listed without its transcript. */
export const MAX_TRANSCRIPT_DEPTH = 4;

/** The runs of a `subagent` tool result: agent, task, model, usage and each run's own transcript. */
export function subagentBody(details: unknown, present: PresentMessages, depth: number): ToolBody {
  const runs = subagentResults(details).map((result): SubagentRunView => {
    const messages = Array.isArray(result.messages) ? result.messages : [];
    const usage = asObject(result.usage);
    return {
      agent: stringField(result, "agent"),
      task: stringField(result, "task"),
      model: namedModel(result) ?? firstReplyModel(messages),
      exitCode: numberField(result, "exitCode"),
      stopReason: stringField(result, "stopReason"),
      usage: turnUsage(usage),
      turns: usage === undefined ? 0 : (numberField(usage, "turns") ?? 0),
      messages: depth < MAX_TRANSCRIPT_DEPTH ? present(messages, depth + 1) : [],
    };
  });
  return { kind: "subagent", mode: stringField(asObject(details) ?? {}, "mode"), runs };
}

/** The run's own model, `provider/model` where it names its provider (oh-my-pi's `effectiveModel`). */
function namedModel(result: Record<string, unknown>): string | null {
  const model = stringField(result, "model");
  const provider = stringField(result, "provider");
  return model !== null && provider !== null ? `${provider}/${model}` : model;
}

/** The model a run's first reply names, for runs that do not record one of their own. */
function firstReplyModel(messages: unknown[]): string | null {
  for (const message of messages) {
    const record = asObject(message);
    if (record?.role === "assistant" && typeof record.model === "string") return record.model;
  }
  return null;
}

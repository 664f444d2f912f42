import { type ChildRun, childRunOf } from "../../usage/child-run-registry.js";
import { subagentResults } from "../../usage/subagent-usage.js";
import type { SubagentRunView, ToolBody } from "../entry-view.js";
import { turnUsage, usageView } from "../turn-usage.js";
import { asObject, numberField, stringField } from "./args.js";
import type { PresentMessages } from "./present-messages.js";

/** Sub-agent transcripts nest; past this depth a run is listed without its transcript. */
export const MAX_TRANSCRIPT_DEPTH = 4;

/** The runs of a `subagent` tool result: agent, task, model, usage and each run's own transcript. */
export function subagentBody(details: unknown, present: PresentMessages, depth: number): ToolBody {
  const runs = subagentResults(details).map((result): SubagentRunView => {
    const messages = Array.isArray(result.messages) ? result.messages : [];
    const usage = asObject(result.usage);
    const child = childRunOf(result);
    // What the run's own file holds stands in only where the parent recorded neither usage nor replies,
    // as it is counted (subagent-usage.ts).
    const fromChild = usage === undefined && messages.length === 0 && child?.usage != null ? child : null;
    return {
      agent: stringField(result, "agent"),
      task: stringField(result, "task"),
      model: namedModel(result) ?? firstReplyModel(messages) ?? childModel(fromChild),
      exitCode: numberField(result, "exitCode"),
      stopReason: stringField(result, "stopReason"),
      usage: fromChild?.usage != null ? usageView(fromChild.usage) : turnUsage(usage),
      turns:
        fromChild !== null ? fromChild.turns : usage === undefined ? 0 : (numberField(usage, "turns") ?? 0),
      messages: depth < MAX_TRANSCRIPT_DEPTH ? present(messages, depth + 1) : [],
      sessionFile:
        child === undefined ? null : { shown: child.shown, found: child.path !== null, path: child.path },
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

function childModel(child: ChildRun | null): string | null {
  if (child === null || child.model === null) return null;
  return child.provider === null ? child.model : `${child.provider}/${child.model}`;
}

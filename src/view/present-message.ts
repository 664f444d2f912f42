import type { AssistantMessage, StoredMessage, ToolResultMessage } from "../schema/message.js";
import { parseMessage } from "../schema/message.js";
import { toUsage } from "../usage/to-usage.js";
import { modelKey, VIRTUAL_MODEL_API } from "../usage/virtual-models.js";
import { imagesOf, otherBlocksOf, textOf } from "./content-view.js";
import type { AssistantPart, MessageView, ToolResultView, ToolView, TurnUsageView } from "./entry-view.js";
import type { ReplySelection } from "./reply-selection.js";
import { splitSkill } from "./skill.js";
import { systemView } from "./system-view.js";
import { nestedCallsView } from "./tools/nested-calls.js";
import { presentToolBody } from "./tools/present-tool.js";
import { turnUsage, usageView } from "./turn-usage.js";

/** Finds the result of a tool call among the messages in view, taking it so it is shown only there. */
export type TakeResult = (
  callId: string,
) => { message: ToolResultMessage; anchor: string | null } | undefined;

/** How to present a message: where tool results are found, and how deep in sub-agent transcripts we are. */
export interface MessageContext {
  takeResult: TakeResult;
  depth: number;
  /** True once an earlier system message was seen: later ones are patches. */
  systemSeen: boolean;
  /** What the session had selected before this entry; unknown inside a sub-agent's transcript. */
  selection?: ReplySelection;
  /** The virtual models (routers) the session names, as `provider/model`. */
  virtualModels?: ReadonlySet<string>;
}

/** One stored message as a view; a tool call is paired with its result when one is in view. */
export function presentMessage(message: StoredMessage, context: MessageContext): MessageView {
  switch (message.role) {
    case "user": {
      const { typed, skill } = splitSkill(textOf(message.content));
      return {
        role: "user",
        text: typed,
        skill,
        images: imagesOf(message.content),
        other: otherBlocksOf(message.content),
      };
    }
    case "assistant":
      return presentAssistant(message, context);
    case "toolResult":
      return { role: "toolResult", tool: orphanResultTool(message, null, context.depth) };
    case "bashExecution":
      return {
        role: "bashExecution",
        command: message.command,
        output: message.output,
        exitCode: message.exitCode ?? null,
        cancelled: message.cancelled === true,
        truncated: message.truncated === true,
        excluded: message.excludeFromContext === true,
        fullOutputPath: message.fullOutputPath ?? null,
      };
    case "custom":
      return {
        role: "custom",
        customType: message.customType ?? null,
        text: textOf(message.content),
        images: imagesOf(message.content),
        hidden: message.display === false,
        details: message.details,
      };
    case "system":
      return { role: "system", system: systemView(message, context.systemSeen) };
    case "other":
      return {
        role: "other",
        storedRole: typeof message.storedRole === "string" ? message.storedRole : "(none)",
        reason: message.reason,
        value: message.value,
      };
  }
}

function presentAssistant(message: AssistantMessage, context: MessageContext): MessageView {
  const blocks =
    typeof message.content === "string"
      ? [{ type: "text" as const, text: message.content }]
      : message.content;
  const parts = blocks.map((block): AssistantPart => {
    switch (block.type) {
      case "text":
        return { kind: "text", text: block.text };
      case "thinking":
        return { kind: "thinking", text: block.thinking, redacted: block.redacted === true };
      case "toolCall": {
        const found = block.id === undefined ? undefined : context.takeResult(block.id);
        const result = found === undefined ? null : resultView(found.message, found.anchor, context.depth);
        const tool: ToolView = {
          name: block.name,
          callId: block.id ?? null,
          args: block.arguments,
          called: true,
          result,
          body: presentToolBody(block.name, block.arguments, result, presentMessages, context.depth),
        };
        return { kind: "tool", tool };
      }
      default:
        return { kind: "other", value: block.type === "other" ? block.value : block };
    }
  });
  return {
    role: "assistant",
    provider: message.provider ?? null,
    model: message.model ?? null,
    responseModel: message.responseModel ?? null,
    ...routing(message, context),
    stopReason: message.stopReason ?? null,
    errorMessage: message.errorMessage ?? null,
    usage: replyUsage(message),
    parts,
  };
}

/**
 * The router beside a reply and the reply's own thinking level where it differs from the session's. A
 * reply that names a virtual model was never routed (Pi leaves the router on a message whose routing
 * failed); one asked while a router was selected names the physical model the router picked.
 */
function routing(
  message: AssistantMessage,
  context: MessageContext,
): { router: string | null; unrouted: boolean; thinkingLevel: string | null } {
  const own = message.model === undefined ? null : modelKey(message.provider ?? null, message.model);
  const unrouted =
    message.api === VIRTUAL_MODEL_API || (own !== null && context.virtualModels?.has(own) === true);
  const router = unrouted ? own : (context.selection?.router ?? null);
  const session = context.selection?.thinkingLevel ?? null;
  const level = message.thinkingLevel ?? null;
  return { router, unrouted, thinkingLevel: level !== null && level !== session ? level : null };
}

/**
 * A reply's badge numbers. Every reply is a model call: one with no usage stored says "usage not recorded",
 * never nothing; a failed one that recorded nothing was billed nothing and gets no badge.
 */
function replyUsage(message: AssistantMessage): TurnUsageView | null {
  const usage = usageView(toUsage(message.usage).usage);
  const failed = message.stopReason === "error" || message.stopReason === "aborted";
  return failed && usage.unrecorded ? null : usage;
}

/** A tool result shown on its own: its call is not in view. */
export function orphanResultTool(message: ToolResultMessage, anchor: string | null, depth: number): ToolView {
  const result = resultView(message, anchor, depth);
  const name = message.toolName ?? "unknown tool";
  return {
    name,
    callId: message.toolCallId ?? null,
    args: undefined,
    called: false,
    result,
    body: presentToolBody(name, {}, result, presentMessages, depth),
  };
}

function resultView(message: ToolResultMessage, anchor: string | null, depth: number): ToolResultView {
  return {
    anchor,
    isError: message.isError === true,
    text: textOf(message.content),
    images: imagesOf(message.content),
    details: message.details,
    usage: turnUsage(message.usage),
    nestedCalls: nestedCallsView(message.nestedCalls, presentMessages, depth),
  };
}

/**
 * A list of stored messages (a sub-agent's transcript) as views, tool calls paired with the results
 * that follow them in the list.
 */
export function presentMessages(raw: unknown[], depth: number): MessageView[] {
  const messages = raw.map(parseMessage);
  const taken = new Set<number>();
  const views: MessageView[] = [];
  let systemSeen = false;
  messages.forEach((message, position) => {
    if (taken.has(position)) return;
    const takeResult: TakeResult = (callId) => {
      const at = messages.findIndex(
        (candidate, index) =>
          index > position &&
          !taken.has(index) &&
          candidate.role === "toolResult" &&
          candidate.toolCallId === callId,
      );
      if (at === -1) return undefined;
      taken.add(at);
      return { message: messages[at] as ToolResultMessage, anchor: null };
    };
    views.push(presentMessage(message, { takeResult, depth, systemSeen }));
    if (message.role === "system") systemSeen = true;
  });
  return views;
}

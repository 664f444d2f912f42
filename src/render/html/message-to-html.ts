import type { AssistantPart, MessageView } from "../../view/entry-view.js";
import { SHELL_LANGUAGE } from "../primitives/highlight/languages.js";
import {
  codeSlot,
  type HtmlContext,
  type HtmlImage,
  htmlImages,
  jsonSlot,
  lineCount,
  markdownSlot,
  plainTextSlot,
  terminalSlot,
} from "./html-context.js";
import type {
  HtmlAssistantMessage,
  HtmlBashMessage,
  HtmlCustomMessage,
  HtmlMessage,
  HtmlOtherMessage,
  HtmlPart,
  HtmlSystemMessage,
  HtmlToolResultMessage,
  HtmlUserMessage,
} from "./template-data.js";
import { toolNamesOf, toolToHtml } from "./tool-to-html.js";

function partToHtml(part: AssistantPart, context: HtmlContext): HtmlPart | null {
  switch (part.kind) {
    case "text":
      return { text: markdownSlot(context, part.text) };
    case "thinking":
      if (!context.thinking) return null;
      return {
        // Shown as written: thinking is read rarely, can be long, and is not meant as markdown.
        thinking: part.redacted || part.text === "" ? null : plainTextSlot(part.text),
        redacted: part.redacted,
      };
    case "tool":
      return { tool: toolToHtml(part.tool, context) };
    case "other":
      return { other: jsonSlot(context, part.value, "tool-output") };
  }
}

type Role = MessageView["role"];
type RoleToHtml = {
  [R in Role]: (message: Extract<MessageView, { role: R }>, context: HtmlContext) => HtmlMessage;
};

/** Role -> template data. Every role of MessageView has a row; a new role fails to compile until it has one. */
const ROLE_TO_HTML = {
  user: (message, context): HtmlUserMessage => ({
    partial: "message-user",
    kind: "user",
    tools: [],
    error: false,
    text: message.text === "" ? null : markdownSlot(context, message.text),
    skill:
      message.skill === null
        ? null
        : {
            name: message.skill.name,
            location: message.skill.location,
            body: markdownSlot(context, message.skill.body),
          },
    images: htmlImages(message.images),
    other: message.other.length === 0 ? null : jsonSlot(context, message.other, "tool-output"),
  }),
  assistant: (message, context): HtmlAssistantMessage => {
    const parts = message.parts.flatMap((part) => {
      const html = partToHtml(part, context);
      return html === null ? [] : [html];
    });
    const tools = [...new Set(parts.flatMap((part) => ("tool" in part ? toolNamesOf(part.tool) : [])))];
    const failed = message.stopReason === "error" || message.stopReason === "aborted";
    return {
      partial: "message-assistant",
      kind: "assistant",
      tools,
      error: failed || parts.some((part) => "tool" in part && part.tool.failed),
      meta: true,
      usageShown: true,
      model: message.model,
      provider: message.provider,
      responseModel:
        message.responseModel !== null && message.responseModel !== message.model
          ? message.responseModel
          : null,
      router: message.router,
      unrouted: message.unrouted,
      thinkingLevel: message.thinkingLevel,
      stopReason: message.stopReason,
      failed,
      errorMessage: message.errorMessage,
      repeats: 1,
      usage: message.usage,
      parts,
      thinkingOmitted: !context.thinking && message.parts.some((part) => part.kind === "thinking"),
    };
  },
  toolResult: (message, context): HtmlToolResultMessage => {
    const tool = toolToHtml(message.tool, context);
    return {
      partial: "message-tool-result",
      kind: "toolResult",
      tools: [...new Set(toolNamesOf(tool))],
      error: tool.failed,
      tool,
    };
  },
  bashExecution: (message, context): HtmlBashMessage => {
    const failed = message.cancelled || (message.exitCode !== null && message.exitCode !== 0);
    const lines = lineCount(message.output);
    return {
      partial: "message-bash",
      kind: "bash",
      tools: [],
      error: failed,
      command: codeSlot(context, message.command, SHELL_LANGUAGE, "command"),
      output: terminalSlot(message.output),
      lines,
      // A failure's output is what the reader came for; a long success's is folded.
      open: failed || lines <= 20,
      exitCode: message.exitCode,
      failed,
      cancelled: message.cancelled,
      truncated: message.truncated,
      excluded: message.excluded,
      fullOutputPath: message.fullOutputPath,
    };
  },
  custom: (message, context): HtmlCustomMessage => ({
    partial: "message-custom",
    kind: "custom",
    tools: [],
    error: false,
    customType: message.customType,
    text: message.text === "" ? null : markdownSlot(context, message.text),
    images: htmlImages(message.images),
    hidden: message.hidden,
    details: message.details === undefined ? null : jsonSlot(context, message.details, "tool-output"),
  }),
  system: ({ system }, context): HtmlSystemMessage => ({
    partial: "message-system",
    kind: "system",
    tools: [],
    error: false,
    patch: system.patch,
    sections: system.sections.map((section) => ({
      name: section.name,
      removed: section.text === null,
      text: section.text === null ? null : codeSlot(context, section.text, undefined, "tool-output"),
    })),
    toolNames: system.tools,
    toolsAdded: system.toolsAdded,
    toolsRemoved: system.toolsRemoved,
    rest: Object.keys(system.rest).length === 0 ? null : jsonSlot(context, system.rest, "tool-output"),
  }),
  other: (message, context): HtmlOtherMessage => ({
    partial: "message-other",
    kind: "other",
    tools: [],
    error: false,
    storedRole: message.storedRole,
    reason: message.reason,
    json: jsonSlot(context, message.value, "tool-output"),
  }),
} satisfies RoleToHtml;

/** A message as template data, by its role. */
export function messageToHtml(message: MessageView, context: HtmlContext): HtmlMessage {
  const toHtml = ROLE_TO_HTML[message.role] as (message: MessageView, context: HtmlContext) => HtmlMessage;
  return toHtml(message, context);
}

/** A sub-agent's transcript as template data. */
export function messagesToHtml(messages: readonly MessageView[], context: HtmlContext): HtmlMessage[] {
  return messages.map((message) => messageToHtml(message, context));
}

export type { HtmlImage };

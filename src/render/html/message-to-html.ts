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
  type Slot,
  terminalSlot,
} from "./html-context.js";
import type { HtmlMessage } from "./html-message.js";
import { type HtmlTool, toolNamesOf, toolToHtml } from "./tool-to-html.js";

export type HtmlPart =
  | { text: Slot }
  | { thinking: Slot | null; redacted: boolean }
  | { tool: HtmlTool }
  | { other: Slot };

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

/** Role -> template data. Every role of MessageView has a line here; a new role fails to compile. */
export function messageToHtml(message: MessageView, context: HtmlContext): HtmlMessage {
  switch (message.role) {
    case "user":
      return {
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
      };
    case "assistant": {
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
        usage: message.usage,
        parts,
        thinkingOmitted: !context.thinking && message.parts.some((part) => part.kind === "thinking"),
      };
    }
    case "toolResult": {
      const tool = toolToHtml(message.tool, context);
      return {
        partial: "message-tool-result",
        kind: "toolResult",
        tools: [...new Set(toolNamesOf(tool))],
        error: tool.failed,
        tool,
      };
    }
    case "bashExecution": {
      const failed = message.cancelled || (message.exitCode !== null && message.exitCode !== 0);
      return {
        partial: "message-bash",
        kind: "bash",
        tools: [],
        error: failed,
        command: codeSlot(context, message.command, SHELL_LANGUAGE, "command"),
        output: terminalSlot(message.output),
        lines: lineCount(message.output),
        open: lineCount(message.output) <= 20,
        exitCode: message.exitCode,
        failed,
        cancelled: message.cancelled,
        truncated: message.truncated,
        excluded: message.excluded,
        fullOutputPath: message.fullOutputPath,
      };
    }
    case "custom":
      return {
        partial: "message-custom",
        kind: "custom",
        tools: [],
        error: false,
        customType: message.customType,
        text: message.text === "" ? null : markdownSlot(context, message.text),
        images: htmlImages(message.images),
        hidden: message.hidden,
        details: message.details === undefined ? null : jsonSlot(context, message.details, "tool-output"),
      };
    case "system": {
      const { system } = message;
      return {
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
      };
    }
    case "other":
      return {
        partial: "message-other",
        kind: "other",
        tools: [],
        error: false,
        storedRole: message.storedRole,
        reason: message.reason,
        json: jsonSlot(context, message.value, "tool-output"),
      };
  }
}

/** A sub-agent's transcript as template data. */
export function messagesToHtml(messages: readonly MessageView[], context: HtmlContext): HtmlMessage[] {
  return messages.map((message) => messageToHtml(message, context));
}

export type { HtmlImage };

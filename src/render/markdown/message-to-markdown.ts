import type { PhrasingContent, RootContent } from "mdast";
import type { AssistantPart, MessageView } from "../../view/entry-view.js";
import { fenceName } from "./fence-language.js";
import { jsonText, type MarkdownContext, plural } from "./markdown-context.js";
import { code, codeBlock, details, emphasis, paragraph, strong, text } from "./mdast.js";
import { outputBlocks } from "./output-blocks.js";
import { toolToMarkdown } from "./tool-to-markdown.js";
import { usageBadge } from "./usage-table.js";

/** A message as the report shows it: a title, facts for the line under it, and its blocks. */
export interface MarkdownMessage {
  title: string;
  /** Short facts (model, usage, badges), joined with " · " under the title. */
  meta: PhrasingContent[][];
  blocks: RootContent[];
}

function partToMarkdown(part: AssistantPart, context: MarkdownContext): RootContent[] {
  switch (part.kind) {
    case "text":
      return context.session(part.text);
    case "thinking":
      if (!context.thinking) return [];
      if (part.redacted || part.text === "") {
        const what = part.redacted ? "redacted by the provider: nothing readable" : "empty";
        return [paragraph(emphasis(text(`Thinking (${what}).`)))];
      }
      return details("Thinking", context.session(part.text));
    case "tool":
      return toolToMarkdown(part.tool, context);
    case "other":
      return details("Unrecognised content block", [codeBlock(jsonText(part.value), "json")]);
  }
}

type Role = MessageView["role"];
type RoleHandler<R extends Role> = (
  message: Extract<MessageView, { role: R }>,
  context: MarkdownContext,
) => MarkdownMessage;

function userMessage(
  message: Extract<MessageView, { role: "user" }>,
  context: MarkdownContext,
): MarkdownMessage {
  const blocks: RootContent[] = [];
  const { skill } = message;
  if (skill !== null) {
    const where = skill.location === null ? [] : [text(" "), emphasis(text(skill.location))];
    blocks.push(paragraph(text("Skill "), code(skill.name), ...where));
  }
  blocks.push(...context.session(message.text));
  if (skill !== null)
    blocks.push(...details("Skill text pasted into the prompt", context.session(skill.body)));
  blocks.push(...context.images.placeAll(message.images));
  if (message.other.length > 0) {
    blocks.push(...details("Other content", [codeBlock(jsonText(message.other), "json")]));
  }
  return { title: "User", meta: [], blocks };
}

/** The facts under an assistant reply: model, router, the model that answered, thinking level, usage. */
function assistantMeta(message: Extract<MessageView, { role: "assistant" }>): PhrasingContent[][] {
  const meta: PhrasingContent[][] = [];
  if (message.model !== null) {
    meta.push([code(message.provider === null ? message.model : `${message.provider}/${message.model}`)]);
  }
  if (message.router !== null) {
    meta.push(
      message.unrouted
        ? [text("a virtual model: its routing failed, no model answered")]
        : [text("routed by "), code(message.router)],
    );
  }
  if (message.responseModel !== null && message.responseModel !== message.model) {
    meta.push([text("answered as "), code(message.responseModel)]);
  }
  if (message.thinkingLevel !== null) meta.push([text("thinking "), code(message.thinkingLevel)]);
  if (message.usage !== null) meta.push([text(usageBadge(message.usage))]);
  return meta;
}

function assistantMessage(
  message: Extract<MessageView, { role: "assistant" }>,
  context: MarkdownContext,
): MarkdownMessage {
  const blocks: RootContent[] = [];
  if (message.stopReason === "error" || message.stopReason === "aborted") {
    const what = message.stopReason === "aborted" ? "Aborted" : "Request failed";
    const why = message.errorMessage === null || message.errorMessage === "" ? [] : [text(": ")];
    const reason = message.errorMessage ? [text(message.errorMessage)] : [];
    blocks.push(paragraph(strong(text(what)), ...why, ...reason));
  }
  for (const part of message.parts) blocks.push(...partToMarkdown(part, context));
  if (!context.thinking && message.parts.some((part) => part.kind === "thinking")) {
    blocks.push(paragraph(emphasis(text("Thinking left out of this report."))));
  }
  if (message.stopReason === "length") {
    blocks.push(paragraph(emphasis(text("Stopped at the output token limit."))));
  }
  if (message.stopReason === "deferred") {
    // The same words as the HTML report: an empty reply that is not an empty answer.
    blocks.push(
      paragraph(
        emphasis(
          text(
            "Deferred: the provider answers later (a background or batch request); this reply holds no answer.",
          ),
        ),
      ),
    );
  }
  return { title: "Assistant", meta: assistantMeta(message), blocks };
}

function bashExecutionMessage(message: Extract<MessageView, { role: "bashExecution" }>): MarkdownMessage {
  const meta: PhrasingContent[][] = [];
  if (message.excluded) meta.push([text("!! not sent to the model")]);
  if (message.cancelled) meta.push([strong(text("cancelled"))]);
  if (message.exitCode !== null && message.exitCode !== 0) {
    meta.push([strong(text(`exit ${message.exitCode}`))]);
  }
  if (message.truncated) {
    const where =
      message.fullOutputPath === null ? [] : [text(": full output in "), code(message.fullOutputPath)];
    meta.push([text("output truncated"), ...where]);
  }
  const blocks = [codeBlock(message.command, fenceName("shellscript")), ...outputBlocks(message.output)];
  return { title: "! command", meta, blocks };
}

function customMessage(
  message: Extract<MessageView, { role: "custom" }>,
  context: MarkdownContext,
): MarkdownMessage {
  const meta: PhrasingContent[][] = [];
  if (message.customType !== null) meta.push([code(message.customType)]);
  if (message.hidden) meta.push([text("hidden in Pi (display: false), still sent to the model")]);
  const blocks = [...context.session(message.text), ...context.images.placeAll(message.images)];
  if (message.details !== undefined) {
    blocks.push(
      ...details("Details (not sent to the model)", [codeBlock(jsonText(message.details), "json")]),
    );
  }
  return { title: "Extension message", meta, blocks };
}

function systemMessage(message: Extract<MessageView, { role: "system" }>): MarkdownMessage {
  const { system } = message;
  const parts = [plural(system.sections.length, "section", "sections")];
  if (system.tools.length > 0) parts.push(plural(system.tools.length, "tool", "tools"));
  if (system.toolsAdded.length > 0) parts.push(`tools added: ${system.toolsAdded.join(", ")}`);
  if (system.toolsRemoved.length > 0) parts.push(`tools removed: ${system.toolsRemoved.join(", ")}`);
  const inside: RootContent[] = system.sections.flatMap((section) => [
    paragraph(code(section.name), ...(section.text === null ? [text(" "), emphasis(text("removed"))] : [])),
    ...(section.text === null ? [] : [codeBlock(section.text)]),
  ]);
  if (system.tools.length > 0) {
    inside.push(
      paragraph(
        text("Tools: "),
        ...system.tools.flatMap((name, at) => [text(at > 0 ? ", " : ""), code(name)]),
      ),
    );
  }
  if (Object.keys(system.rest).length > 0) {
    inside.push(paragraph(text("Other fields:")), codeBlock(jsonText(system.rest), "json"));
  }
  const title = system.patch ? "Prompt patch" : "System prompt";
  return { title, meta: [], blocks: details(`${title}: ${parts.join(", ")}`, inside) };
}

function otherMessage(message: Extract<MessageView, { role: "other" }>): MarkdownMessage {
  return {
    title: "Message",
    meta: [],
    blocks: [
      paragraph(
        text("A message of role "),
        code(message.storedRole),
        text(` that this tool does not know (${message.reason}), shown as stored:`),
      ),
      codeBlock(jsonText(message.value), "json"),
    ],
  };
}

/** Role -> its title, facts and blocks. Every role of MessageView has a row; a new role fails to compile. */
const ROLE_HANDLERS: { [R in Role]: RoleHandler<R> } = {
  user: userMessage,
  assistant: assistantMessage,
  toolResult: (message, context) => ({
    title: "Tool result",
    meta: [],
    blocks: toolToMarkdown(message.tool, context),
  }),
  bashExecution: bashExecutionMessage,
  custom: customMessage,
  system: systemMessage,
  other: otherMessage,
};

/** A message as the report shows it, by its role (`ROLE_HANDLERS`). */
export function messageToMarkdown(message: MessageView, context: MarkdownContext): MarkdownMessage {
  return (ROLE_HANDLERS[message.role] as RoleHandler<Role>)(message as never, context);
}

/** A message of a sub-agent's transcript: its role in bold, its facts, its blocks. */
export function subMessageToMarkdown(message: MessageView, context: MarkdownContext): RootContent[] {
  const shown = messageToMarkdown(message, context);
  const line: PhrasingContent[] = [strong(text(shown.title))];
  for (const fact of shown.meta) line.push(text(" · "), ...fact);
  return [paragraph(...line), ...shown.blocks];
}

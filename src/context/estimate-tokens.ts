import { isPlainObject } from "../plain-object.js";
import type { Content } from "../schema/content.js";
import type { ContextMessage, ContextMessageBody } from "./context-message.js";

/** Pi counts an image as this many characters (dist/core/compaction/compaction.js ESTIMATED_IMAGE_CHARS). */
const IMAGE_CHARS = 4800;

/**
 * Pi 1.6's estimate of a message's tokens: its characters / 4, rounded up (`estimateTokens` in
 * dist/core/compaction/compaction.js). Text, thinking, a tool call's name and JSON arguments, a command and
 * its output, a summary; 4,800 characters per image; 0 for a role Pi does not know.
 */
export function estimateTokens(message: ContextMessageBody): number {
  switch (message.role) {
    case "user":
    case "custom":
    case "toolResult":
      return Math.ceil(contentChars(message.content) / 4);
    case "assistant": {
      // Pi walks a string content character by character and finds no block in it.
      if (typeof message.content === "string") return 0;
      let chars = 0;
      for (const block of message.content) {
        if (block.type === "text") chars += block.text.length;
        else if (block.type === "thinking") chars += block.thinking.length;
        else if (block.type === "toolCall") chars += block.name.length + jsonLength(block.arguments);
      }
      return Math.ceil(chars / 4);
    }
    case "bashExecution":
      return Math.ceil((message.command.length + message.output.length) / 4);
    case "branchSummary":
    case "compactionSummary":
      return Math.ceil(message.summary.length / 4);
    case "system":
      return storedSystemTokens(message as Record<string, unknown>);
    default:
      return 0;
  }
}

/**
 * Pi's estimate of the system prompt the model gets: every system message of the context replayed into one
 * (pi-ai's `getCurrentSystemMessage`: contents joined by newlines, sections patched by name, tools added
 * and removed); 0 when there is none (no system message with a timestamp, and no tools).
 */
export function currentSystemTokens(messages: readonly ContextMessage[]): number {
  return systemTokens(
    messages.flatMap(({ message }) =>
      message.role === "system" ? [message as Record<string, unknown>] : [],
    ),
  );
}

function systemTokens(systems: readonly Record<string, unknown>[]): number {
  const content: string[] = [];
  const sections = new Map<string, unknown>();
  const tools = new Map<unknown, unknown>();
  let timestamp: unknown;
  for (const system of systems) {
    timestamp ??= system.timestamp;
    const text = contentText(system.content);
    if (text.length > 0) content.push(text);
    if (isPlainObject(system.sections)) {
      for (const [name, value] of Object.entries(system.sections)) {
        if (value === null) sections.delete(name);
        else sections.set(name, value);
      }
    }
    for (const tool of listOf(system.toolsRemoved)) tools.delete(nameOf(tool));
    for (const tool of listOf(system.toolsAdded)) tools.set(nameOf(tool), tool);
  }
  if (timestamp === undefined && tools.size === 0) return 0;
  let chars = content.join("\n").length;
  for (const value of sections.values()) if (typeof value === "string") chars += value.length;
  if (tools.size > 0) chars += jsonLength([...tools.values()]);
  return Math.ceil(chars / 4);
}

/** One system message as stored: its content, its sections, its added tools as JSON. */
function storedSystemTokens(system: Record<string, unknown>): number {
  let chars = contentChars(system.content);
  if (isPlainObject(system.sections))
    for (const value of Object.values(system.sections)) if (typeof value === "string") chars += value.length;
  if (system.toolsAdded) chars += jsonLength(system.toolsAdded);
  return Math.ceil(chars / 4);
}

/** Text and images of message content (also of a stored system message's, which is not read for us). */
function contentChars(content: Content | unknown): number {
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  let chars = 0;
  for (const block of content as unknown[]) {
    if (!isPlainObject(block)) continue;
    if (block.type === "text" && typeof block.text === "string") chars += block.text.length;
    else if (block.type === "image") chars += IMAGE_CHARS;
  }
  return chars;
}

/** pi-ai's `contentText`: a string as it is, or its text blocks joined by newlines. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block) => isPlainObject(block) && block.type === "text" && typeof block.text === "string")
    .map((block) => (block as { text: string }).text)
    .join("\n");
}

function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function nameOf(tool: unknown): unknown {
  return isPlainObject(tool) ? tool.name : undefined;
}

import type { MessageEntry } from "./entry.js";

/**
 * A fast path for the bulk of a session: well-formed `message` entries of role user, assistant or
 * toolResult whose content blocks are all complete text, thinking, image or toolCall blocks. For those,
 * the zod schemas would only copy the object (no default applies, no block becomes `other`), which costs
 * as much as reading the file. This check accepts exactly such entries and returns them as they are;
 * anything else returns undefined and goes through zod. A property test holds every accepted entry equal
 * to zod's own parse of it, so the two can never drift apart.
 */
export function fastMessageEntry(value: Record<string, unknown>): MessageEntry | undefined {
  if (value.type !== "message") return undefined;
  const message = value.message;
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  if (!optionalNumber(m.timestamp)) return undefined;
  switch (m.role) {
    case "user":
      return content(m.content, false) ? (value as MessageEntry) : undefined;
    case "assistant":
      return Array.isArray(m.content) &&
        content(m.content, true) &&
        optionalString(m.api) &&
        optionalString(m.provider) &&
        optionalString(m.model) &&
        optionalString(m.responseModel) &&
        optionalString(m.stopReason) &&
        optionalString(m.errorMessage)
        ? (value as MessageEntry)
        : undefined;
    case "toolResult":
      return Array.isArray(m.content) &&
        content(m.content, false) &&
        optionalString(m.toolCallId) &&
        optionalString(m.toolName) &&
        (m.isError === undefined || typeof m.isError === "boolean")
        ? (value as MessageEntry)
        : undefined;
    default:
      return undefined;
  }
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === "string";
}

function optionalNumber(value: unknown): boolean {
  return value === undefined || typeof value === "number";
}

/** Content as a string, or blocks that each parse as themselves (thinking and tool calls where allowed). */
function content(value: unknown, assistant: boolean): boolean {
  if (typeof value === "string") return true;
  if (!Array.isArray(value)) return false;
  for (const block of value) {
    if (typeof block !== "object" || block === null || Array.isArray(block)) return false;
    const b = block as Record<string, unknown>;
    switch (b.type) {
      case "text":
        if (typeof b.text !== "string") return false;
        break;
      case "image":
        if (typeof b.data !== "string" || typeof b.mimeType !== "string") return false;
        break;
      case "thinking":
        if (
          !assistant ||
          typeof b.thinking !== "string" ||
          !(b.redacted === undefined || typeof b.redacted === "boolean")
        ) {
          return false;
        }
        break;
      case "toolCall":
        if (!assistant || typeof b.name !== "string" || !optionalString(b.id)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

import type { Content } from "../schema/content.js";
import type { SessionEntry } from "../schema/entry.js";
import type { ContextMessage, ContextMessageBody } from "./context-message.js";

/** What the latest `context_edit` on the path does to its target: omit it, or replace its content. */
export type ContextEdit = { omit: true } | { omit: false; content: Content };

/** The latest edit per target id among the `context_edit` entries of a path. */
export function latestEdits(path: readonly SessionEntry[]): Map<string, ContextEdit> {
  const edits = new Map<string, ContextEdit>();
  for (const { body } of path) {
    if (body.type !== "context_edit") continue;
    edits.set(
      body.targetId,
      body.replacement === null ? { omit: true } : { omit: false, content: body.replacement.content },
    );
  }
  return edits;
}

/**
 * Applies edits to the selected messages (FORMAT.md §7 step 4). An omitted target disappears; a replaced
 * one keeps its role and metadata with the new content. A target outside the selection is untouched
 * because it is not there. Stored entries never change: replaced messages are new objects.
 */
export function applyContextEdits(
  messages: readonly ContextMessage[],
  edits: ReadonlyMap<string, ContextEdit>,
): ContextMessage[] {
  if (edits.size === 0) return [...messages];
  const result: ContextMessage[] = [];
  for (const message of messages) {
    const edit = message.entryId === null ? undefined : edits.get(message.entryId);
    if (edit === undefined) result.push(message);
    else if (!edit.omit)
      result.push({ ...message, edited: "replaced", message: replaceContent(message.message, edit.content) });
  }
  return result;
}

function replaceContent(message: ContextMessageBody, content: Content): ContextMessageBody {
  switch (message.role) {
    case "assistant":
    case "toolResult":
      // These roles require content arrays: a string becomes one text block.
      return {
        ...message,
        content: typeof content === "string" ? [{ type: "text", text: content }] : content,
      };
    case "user":
    case "custom":
      return { ...message, content };
    case "branchSummary":
    case "compactionSummary":
      return { ...message, summary: typeof content === "string" ? content : textOf(content) };
    case "bashExecution":
      return { ...message, output: typeof content === "string" ? content : textOf(content) };
    default:
      return { ...message, content } as ContextMessageBody;
  }
}

function textOf(content: Exclude<Content, string>): string {
  return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

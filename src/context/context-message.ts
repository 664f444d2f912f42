import type { Content } from "../schema/content.js";
import type { StoredMessage } from "../schema/message.js";

/** A summary of compacted history, placed first in the context (never stored as a message). */
export interface CompactionSummaryMessage {
  role: "compactionSummary";
  summary: string;
  tokensBefore: number | undefined;
}

/** A summary of an abandoned branch, sent in place of it. */
export interface BranchSummaryMessage {
  role: "branchSummary";
  summary: string;
  fromId: string | undefined;
}

/** An extension's `custom_message` entry as the model receives it. */
export interface CustomContextMessage {
  role: "custom";
  customType: string | undefined;
  content: Content;
  display: boolean | undefined;
}

export type ContextMessageBody =
  | StoredMessage
  | CompactionSummaryMessage
  | BranchSummaryMessage
  | CustomContextMessage;

/** One message of the context the model had at a branch tip. */
export interface ContextMessage {
  /** The role the model saw: a stored role, `compactionSummary`, `branchSummary` or `custom`. */
  role: string;
  /** The entry that holds the message; null for messages no entry holds (a compaction summary, `retainedTail`). */
  entryId: string | null;
  /** For messages no entry holds: the compaction they came from. */
  fromEntryId?: string;
  /** Set when a `context_edit` replaced the content the model saw. */
  edited?: "replaced";
  message: ContextMessageBody;
}

/** The role a context message reports: a stored `other` message keeps its stored role when it had one. */
export function roleOf(message: ContextMessageBody): string {
  if (message.role === "other")
    return typeof message.storedRole === "string" ? message.storedRole : "unknown";
  return message.role;
}

import type { SessionEntry } from "../schema/entry.js";
import type { ContextMessageBody } from "./context-message.js";

/**
 * The message an entry contributes to the context (FORMAT.md §7 step 3), or undefined for entries that
 * reach no model: settings, labels, extension state, and `!!` commands (`excludeFromContext`).
 */
export function entryToMessage(entry: SessionEntry): ContextMessageBody | undefined {
  const { body } = entry;
  switch (body.type) {
    case "message":
      if (body.message.role === "bashExecution" && body.message.excludeFromContext === true) return undefined;
      return body.message;
    case "custom_message":
      return { role: "custom", customType: body.customType, content: body.content, display: body.display };
    case "branch_summary":
      return body.summary === ""
        ? undefined
        : { role: "branchSummary", summary: body.summary, fromId: body.fromId };
    default:
      return undefined;
  }
}

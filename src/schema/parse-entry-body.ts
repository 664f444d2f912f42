import { describeIssue } from "./describe-issue.js";
import { type EntryBody, entrySchemas } from "./entry.js";
import { fastMessageEntry } from "./fast-message-entry.js";

/**
 * Reads one entry object into its typed body; never throws. Message entries go through a hand-written
 * check first (`fastMessageEntry`) unless `fast` is false: then zod reads every entry, to the same body.
 */
export function parseEntryBody(value: Record<string, unknown>, fast = true): EntryBody {
  const quick = fast ? fastMessageEntry(value) : undefined;
  if (quick !== undefined) return quick;
  const type = value.type;
  if (typeof type !== "string" || !Object.hasOwn(entrySchemas, type)) {
    const reason = typeof type === "string" ? `unknown entry type "${type}"` : "the entry has no type";
    return { type: "other", storedType: type, value, reason, malformed: typeof type !== "string" };
  }
  const result = entrySchemas[type as keyof typeof entrySchemas].safeParse(value);
  if (result.success) return result.data;
  return {
    type: "other",
    storedType: type,
    value,
    reason: `${type} entry: ${describeIssue(result.error)}`,
    malformed: true,
  };
}

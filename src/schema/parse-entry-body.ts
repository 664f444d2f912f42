import { describeIssue } from "./describe-issue.js";
import { type EntryBody, entrySchemas } from "./entry.js";

/** Reads one entry object into its typed body with its zod schema; never throws. */
export function parseEntryBody(value: Record<string, unknown>): EntryBody {
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

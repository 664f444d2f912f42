import type { LineObject } from "../read/parse-line.js";

/**
 * v2 -> v3: the message role `hookMessage` became `custom`. Only the nested message role changes,
 * never the entry type (a `custom` entry is something else). Returns new objects where changed.
 */
export function migrateV2ToV3(records: readonly LineObject[]): LineObject[] {
  return records.map((record) => {
    const message = record.value.message;
    if (record.value.type !== "message" || typeof message !== "object" || message === null) return record;
    if ((message as Record<string, unknown>).role !== "hookMessage") return record;
    return { ...record, value: { ...record.value, message: { ...message, role: "custom" } } };
  });
}

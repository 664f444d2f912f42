import type { SessionEntry } from "../schema/entry.js";

/** Replays `label` entries in file order: a non-empty label sets, anything else clears (FORMAT.md §6). */
export function replayLabels(entries: readonly SessionEntry[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const { body } of entries) {
    if (body.type !== "label") continue;
    if (typeof body.label === "string" && body.label !== "") labels.set(body.targetId, body.label);
    else labels.delete(body.targetId);
  }
  return labels;
}

/** The name from the last `session_info` entry in file order, trimmed; an empty name clears it. */
export function sessionName(entries: readonly SessionEntry[]): string | null {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const body = entries[index]?.body;
    if (body?.type === "session_info") return body.name?.trim() || null;
  }
  return null;
}

import type { SystemMessage } from "../schema/message.js";
import type { SystemView } from "./entry-view.js";

const KNOWN = new Set(["role", "timestamp", "sections", "tools", "toolsAdded", "toolsRemoved"]);

/**
 * Reads a system message leniently: its layout is not pinned down, so sections may be an object
 * `{name: text|null}` or an array of `{name, content}`, tools declarations or bare names. Anything
 * else is kept in `rest` and shown as JSON.
 */
export function systemView(message: SystemMessage, patch: boolean): SystemView {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(message)) if (!KNOWN.has(key)) rest[key] = value;
  const sections = readSections(message.sections, rest);
  return {
    sections,
    tools: toolNames(message.tools, "tools", rest),
    toolsAdded: toolNames(message.toolsAdded, "toolsAdded", rest),
    toolsRemoved: toolNames(message.toolsRemoved, "toolsRemoved", rest),
    rest,
    patch,
  };
}

function readSections(value: unknown, rest: Record<string, unknown>): SystemView["sections"] {
  if (value === undefined) return [];
  if (Array.isArray(value)) {
    const sections: SystemView["sections"] = [];
    for (const item of value) {
      const record = item as { name?: unknown; content?: unknown; text?: unknown } | null;
      const text = record?.content ?? record?.text;
      if (typeof record?.name === "string" && (typeof text === "string" || text === null)) {
        sections.push({ name: record.name, text });
      } else return unrecognised("sections", value, rest);
    }
    return sections;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.every(([, text]) => typeof text === "string" || text === null)) {
      return entries.map(([name, text]) => ({ name, text: text as string | null }));
    }
  }
  return unrecognised("sections", value, rest);
}

function toolNames(value: unknown, field: string, rest: Record<string, unknown>): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return unrecognised(field, value, rest);
  const names: string[] = [];
  for (const tool of value) {
    if (typeof tool === "string") names.push(tool);
    else if (typeof (tool as { name?: unknown } | null)?.name === "string")
      names.push((tool as { name: string }).name);
    else return unrecognised(field, value, rest);
  }
  return names;
}

function unrecognised<T>(field: string, value: unknown, rest: Record<string, unknown>): T[] {
  rest[field] = value;
  return [];
}

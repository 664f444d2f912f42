import type { SkillView } from "./entry-view.js";

// `/skill:name args` is stored as the skill's whole text wrapped in <skill ...>...</skill>, then the words typed.
// One \s before the attributes, a word boundary before a name: no two parts can take the same characters.
const SKILL = /^\s*<skill\s([^>]*)>([\s\S]*?)<\/skill>\s*([\s\S]*)$/;
const ATTRIBUTE = /\b(\w+)="([^"]*)"/g;

/** Splits a user prompt into the words typed and, for a skill invocation, the pasted skill. */
export function splitSkill(text: string): { typed: string; skill: SkillView | null } {
  const match = SKILL.exec(text);
  if (match === null) return { typed: text, skill: null };
  const attributes = new Map<string, string>();
  for (const [, key, value] of (match[1] ?? "").matchAll(ATTRIBUTE))
    attributes.set(key as string, value as string);
  const name = attributes.get("name");
  if (name === undefined) return { typed: text, skill: null };
  return {
    typed: (match[3] ?? "").trim(),
    skill: { name, location: attributes.get("location") ?? null, body: (match[2] ?? "").trim() },
  };
}

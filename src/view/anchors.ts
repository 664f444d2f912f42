import type { SessionEntry } from "../schema/entry.js";

/** Characters kept as they are in an anchor; anything else is hex-escaped so ids stay inert and unique. */
const SAFE = /[A-Za-z0-9_-]/;

function escapeId(id: string): string {
  let anchor = "";
  for (const character of id) {
    anchor += SAFE.test(character) ? character : `.${(character.codePointAt(0) as number).toString(16)}`;
  }
  return anchor;
}

/**
 * A permalink anchor for every entry (by index): `e-<id>`, with characters outside [A-Za-z0-9_-]
 * escaped, and the line number added when an id is used twice, so every anchor is unique and safe in
 * an HTML id, a URL fragment and a CSS selector.
 */
export function entryAnchors(entries: readonly SessionEntry[]): string[] {
  const used = new Set<string>();
  return entries.map((entry) => {
    let anchor = `e-${escapeId(entry.id)}`;
    if (used.has(anchor)) anchor = `${anchor}-L${entry.line}`;
    for (let n = 2; used.has(anchor); n += 1) anchor = `e-${escapeId(entry.id)}-L${entry.line}-${n}`;
    used.add(anchor);
    return anchor;
  });
}

import type { SessionEntry } from "../schema/entry.js";

/** Characters kept as they are in an anchor; anything else is hex-escaped so ids stay inert and unique. */
const SAFE = /[A-Za-z0-9_-]/;
const ALL_SAFE = /^[A-Za-z0-9_-]*$/;

function escapeId(id: string): string {
  // Pi's ids are eight hex digits: nearly every id needs no escaping.
  if (ALL_SAFE.test(id)) return id;
  let anchor = "";
  for (const character of id) {
    anchor += SAFE.test(character) ? character : `.${(character.codePointAt(0) as number).toString(16)}`;
  }
  return anchor;
}

/** Anchors already made, by the list of entries they were made for. */
const made = new WeakMap<readonly SessionEntry[], readonly string[]>();

/**
 * A permalink anchor for every entry (by index): `e-<id>`, with characters outside [A-Za-z0-9_-]
 * escaped, and the line number added when an id is used twice, so every anchor is unique and safe in
 * an HTML id, a URL fragment and a CSS selector.
 */
export function entryAnchors(entries: readonly SessionEntry[]): readonly string[] {
  // The report's view and its page both need them: made once per list of entries.
  const known = made.get(entries);
  if (known !== undefined) return known;
  const used = new Set<string>();
  const anchors = entries.map((entry) => {
    let anchor = `e-${escapeId(entry.id)}`;
    if (used.has(anchor)) anchor = `${anchor}-L${entry.line}`;
    for (let n = 2; used.has(anchor); n += 1) anchor = `e-${escapeId(entry.id)}-L${entry.line}-${n}`;
    used.add(anchor);
    return anchor;
  });
  made.set(entries, anchors);
  return anchors;
}

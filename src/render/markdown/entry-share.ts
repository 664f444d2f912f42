import type { EntryView, TranscriptNode } from "../../view/entry-view.js";
import { type EntrySettings, markdownContext } from "./entry-context.js";
import { entriesToMarkdown, type MarkdownEntry } from "./entry-to-markdown.js";
import { MarkdownImages } from "./images.js";

/**
 * Renders entries of the Markdown report in another thread (the report thread, `markdownEntries`), in the
 * order given; null when it could not, and they are rendered here instead.
 */
export type RemoteEntries = (
  entries: readonly EntryView[],
  settings: EntrySettings,
) => Promise<MarkdownEntry[] | null>;

/**
 * The share of the transcript's characters another thread renders. Less than half: this thread also
 * copies that share to it, fills the templates and writes the report, and the other thread first loads
 * the Markdown code.
 */
export const REMOTE_SHARE = 0.4;

/** The entries of a transcript in reading order, folded branches included where they stand. */
export function readingOrder(nodes: readonly TranscriptNode[]): EntryView[] {
  const entries: EntryView[] = [];
  const stack: TranscriptNode[] = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.kind === "entry") entries.push(node.entry);
    else for (let at = node.nodes.length - 1; at >= 0; at -= 1) stack.push(node.nodes[at] as TranscriptNode);
  }
  return entries;
}

/**
 * Strings at least this long tie the entries holding them to one thread: a session repeats its texts (a
 * file read again, a branch re-sent, a summary carried on), and each thread parses and serializes every
 * text it meets once (session-pieces.ts), so a text met by both threads is done twice.
 */
const SHARED_TEXT_MIN = 64;

/** However the entries tie together, the other thread never gets more than this share of the characters. */
const MAX_SHARE = 0.5;

/**
 * Which entries another thread may render: about `share` of the characters, taken from the end of the
 * reading order, leaving out any entry with an image anywhere in it (a sub-agent's messages included).
 * Entries that hold the same long string go to the same thread, so that no text is parsed in both
 * (weighed once: it is rendered once). Images are numbered in reading order as they are written beside
 * the report, so they are placed here, in order; every other entry's Markdown depends on nothing but the
 * entry and `EntrySettings`.
 */
export function remoteShare(entries: readonly EntryView[], share: number): Set<EntryView> {
  const weights = entries.map(weigh);
  const groups = new EntryGroups(entries.length);
  const holder = new Map<string, number>();
  weights.forEach((weight, at) => {
    for (const text of weight.texts) {
      const first = holder.get(text);
      if (first === undefined) {
        holder.set(text, at);
        weight.chars += text.length;
      } else groups.join(first, at);
    }
  });
  const total = weights.reduce((sum, weight) => sum + weight.chars, 0);
  const byGroup = new Map<number, { members: number[]; chars: number; images: boolean }>();
  // From the end: a group is met first at its last entry, and the groups come out in that order.
  for (let at = entries.length - 1; at >= 0; at -= 1) {
    const weight = weights[at] as Weight;
    const root = groups.root(at);
    const group = byGroup.get(root) ?? { members: [], chars: 0, images: false };
    group.members.push(at);
    group.chars += weight.chars;
    group.images ||= weight.images;
    byGroup.set(root, group);
  }
  const away = new Set<EntryView>();
  let taken = 0;
  for (const group of byGroup.values()) {
    if (taken >= total * share) break;
    if (group.images || taken + group.chars > total * Math.max(share, MAX_SHARE)) continue;
    for (const at of group.members) away.add(entries[at] as EntryView);
    taken += group.chars;
  }
  return away;
}

/** Entries joined into groups (union-find over their positions). */
class EntryGroups {
  readonly #parent: number[];

  constructor(count: number) {
    this.#parent = Array.from({ length: count }, (_, at) => at);
  }

  root(at: number): number {
    let root = at;
    while (this.#parent[root] !== root) root = this.#parent[root] as number;
    // Every entry on the way points at the root from now on, so that later look-ups are short.
    for (let next = at; next !== root; ) {
      const up = this.#parent[next] as number;
      this.#parent[next] = root;
      next = up;
    }
    return root;
  }

  join(a: number, b: number): void {
    const [rootA, rootB] = [this.root(a), this.root(b)];
    if (rootA !== rootB) this.#parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  }
}

/**
 * Entries rendered as `renderMarkdown` renders them, in the other thread: `remoteShare` sends none with
 * an image, so no image is placed here (one would only become a note).
 */
export function renderEntries(entries: readonly EntryView[], settings: EntrySettings): MarkdownEntry[] {
  const context = markdownContext(settings, new MarkdownImages(undefined));
  return entriesToMarkdown(entries, context);
}

interface Weight {
  /** The characters of its short strings (what rendering it costs, roughly); `remoteShare` adds the long ones once. */
  chars: number;
  images: boolean;
  /** Its strings of `SHARED_TEXT_MIN` characters or more. */
  texts: string[];
}

/** An entry's strings, walked, and whether it holds an image. */
function weigh(entry: EntryView): Weight {
  const weight: Weight = { chars: 0, images: false, texts: [] };
  const stack: unknown[] = [entry];
  for (let value = stack.pop(); value !== undefined || stack.length > 0; value = stack.pop()) {
    if (typeof value === "string") {
      if (value.length >= SHARED_TEXT_MIN) weight.texts.push(value);
      else weight.chars += value.length;
    } else if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === "images" && Array.isArray(item) && item.length > 0) weight.images = true;
        stack.push(item);
      }
    }
  }
  return weight;
}

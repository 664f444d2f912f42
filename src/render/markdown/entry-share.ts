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
 * Which entries another thread may render: the last ones in reading order holding about `share` of the
 * characters, leaving out any entry with an image anywhere in it (a sub-agent's messages included).
 * Images are numbered in reading order as they are written beside the report, so they are placed here,
 * in order; every other entry's Markdown depends on nothing but the entry and `EntrySettings`.
 */
export function remoteShare(entries: readonly EntryView[], share: number): Set<EntryView> {
  const weights = entries.map(weigh);
  const total = weights.reduce((sum, weight) => sum + weight.chars, 0);
  const away = new Set<EntryView>();
  let taken = 0;
  for (let at = entries.length - 1; at >= 0 && taken < total * share; at -= 1) {
    const weight = weights[at] as { chars: number; images: boolean };
    if (weight.images) continue;
    away.add(entries[at] as EntryView);
    taken += weight.chars;
  }
  return away;
}

/**
 * Entries rendered as `renderMarkdown` renders them, in the other thread: `remoteShare` sends none with
 * an image, so no image is placed here (one would only become a note).
 */
export function renderEntries(entries: readonly EntryView[], settings: EntrySettings): MarkdownEntry[] {
  const context = markdownContext(settings, new MarkdownImages(undefined));
  return entriesToMarkdown(entries, context);
}

/** The characters of an entry's strings (what rendering it costs, roughly) and whether it holds an image. */
function weigh(entry: EntryView): { chars: number; images: boolean } {
  let chars = 0;
  let images = false;
  const stack: unknown[] = [entry];
  for (let value = stack.pop(); value !== undefined || stack.length > 0; value = stack.pop()) {
    if (typeof value === "string") chars += value.length;
    else if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === "images" && Array.isArray(item) && item.length > 0) images = true;
        stack.push(item);
      }
    }
  }
  return { chars, images };
}

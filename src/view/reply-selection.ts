import type { EntryBody } from "../schema/entry.js";
import type { SessionTree } from "../tree/build-tree.js";
import { modelKey } from "../usage/virtual-models.js";

/** What the session had selected when a reply was asked for: the router, if any, and the thinking level. */
export interface ReplySelection {
  /** `provider/model` of the selected virtual model, or null when a physical model was selected. */
  router: string | null;
  /** The session's thinking level (the latest `thinking_level_change`), or null when none was recorded. */
  thinkingLevel: string | null;
}

const NOTHING: ReplySelection = { router: null, thinkingLevel: null };

/**
 * For each entry, the selection in force just before it on its own path. Pi records the selection in
 * `model_change` and `thinking_level_change` entries and what each request was dispatched as on the reply
 * (docs/virtual-models.md): a reply is shown beside the router that picked its model, and with its own
 * thinking level where that is not the session's. Walks parents before children: no recursion.
 */
export function selectionsBefore(tree: SessionTree, virtual: ReadonlySet<string>): ReplySelection[] {
  const before: ReplySelection[] = new Array(tree.entries.length).fill(NOTHING);
  const after: ReplySelection[] = new Array(tree.entries.length).fill(NOTHING);
  for (const index of tree.order) {
    const parentIndex = tree.parent[index] as number;
    const inherited = parentIndex === -1 ? NOTHING : (after[parentIndex] ?? NOTHING);
    before[index] = inherited;
    after[index] = selectionAfter((tree.entries[index] as { body: EntryBody }).body, inherited, virtual);
  }
  return before;
}

function selectionAfter(
  body: EntryBody,
  current: ReplySelection,
  virtual: ReadonlySet<string>,
): ReplySelection {
  if (body.type === "model_change") {
    const key = modelKey(body.provider, body.modelId);
    return { ...current, router: virtual.has(key) ? key : null };
  }
  if (body.type === "thinking_level_change") return { ...current, thinkingLevel: body.thinkingLevel };
  return current;
}

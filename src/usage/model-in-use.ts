import type { EntryBody } from "../schema/entry.js";
import type { SessionTree } from "../tree/build-tree.js";
import { modelKey } from "./virtual-models.js";

/** A model as a session names it. `provider` is null when only a model name is known. */
export interface ModelRef {
  provider: string | null;
  model: string;
}

/**
 * The model an entry switches to: a `model_change`, or the requested model of an assistant reply. A
 * virtual model (a router) switches to nothing: the work is done by the physical models it routes to,
 * which each reply names, so usage that names no model stays with the last of those.
 */
export function modelSetBy(body: EntryBody, virtual: ReadonlySet<string> = new Set()): ModelRef | undefined {
  let set: ModelRef | undefined;
  if (body.type === "model_change") set = { provider: body.provider, model: body.modelId };
  else if (body.type === "message" && body.message.role === "assistant" && body.message.model !== undefined) {
    set = { provider: body.message.provider ?? null, model: body.message.model };
  }
  return set === undefined || virtual.has(modelKey(set.provider, set.model)) ? undefined : set;
}

/**
 * For each entry, the model in use just before it on its own path: what a compaction, a tool result or a
 * `usage` entry that names no model is attributed to. Old headers may name the starting model.
 */
export function modelsInUse(
  tree: SessionTree,
  start: ModelRef | null,
  virtual: ReadonlySet<string> = new Set(),
): (ModelRef | null)[] {
  const before: (ModelRef | null)[] = new Array(tree.entries.length).fill(null);
  const after: (ModelRef | null)[] = new Array(tree.entries.length).fill(null);
  for (const index of tree.order) {
    const parentIndex = tree.parent[index] as number;
    const inherited = parentIndex === -1 ? start : (after[parentIndex] ?? null);
    before[index] = inherited;
    after[index] = modelSetBy((tree.entries[index] as { body: EntryBody }).body, virtual) ?? inherited;
  }
  return before;
}

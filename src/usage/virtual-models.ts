import type { EntryBody } from "../schema/entry.js";
import type { SessionTree } from "../tree/build-tree.js";

/** Pi 1.6's API id of a virtual model (dist/core/virtual-models.js VIRTUAL_MODEL_API). */
export const VIRTUAL_MODEL_API = "pi-virtual";
/** The custom entry in which Pi stores a router's state on the branch (VIRTUAL_MODEL_STATE_ENTRY). */
export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";

/** The key of a model in the set {@link virtualModels} returns. */
export function modelKey(provider: string | null, model: string): string {
  return `${provider ?? ""}/${model}`;
}

/**
 * The virtual models (routers: docs/virtual-models.md) a session names: those its router-state entries
 * store state for, and those left on a reply whose routing failed (`api: "pi-virtual"`). Pi records the
 * selection in `model_change` entries and names the physical model that answered on each reply, so a
 * router is never the model that did the work.
 */
export function virtualModels(tree: SessionTree): ReadonlySet<string> {
  const found = new Set<string>();
  for (const { body } of tree.entries) {
    const named = virtualNamedBy(body);
    if (named !== undefined) found.add(named);
  }
  return found;
}

function virtualNamedBy(body: EntryBody): string | undefined {
  if (body.type === "custom" && body.customType === VIRTUAL_MODEL_STATE_ENTRY) {
    const data = body.data as { provider?: unknown; modelId?: unknown } | null | undefined;
    if (typeof data?.provider === "string" && typeof data.modelId === "string")
      return modelKey(data.provider, data.modelId);
  }
  if (
    body.type === "message" &&
    body.message.role === "assistant" &&
    body.message.api === VIRTUAL_MODEL_API
  ) {
    if (body.message.model !== undefined) return modelKey(body.message.provider ?? null, body.message.model);
  }
  return undefined;
}

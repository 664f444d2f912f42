import type { UsageItem } from "./usage-item.js";

/**
 * Gives usage that names its model without a provider (a sub-agent run's `model: "glm-5.1"`, or
 * `"zai/glm-5.1"` written as one string) the provider of the one provider-qualified model of that name in
 * the session, so one model gets one row. Where none or several providers serve that name, it stays as
 * it is: a guess would put cost on the wrong row. Mutates the items (they are built fresh per analysis).
 */
export function qualifyModels(items: UsageItem[]): void {
  const providersOf = new Map<string, Set<string>>();
  for (const { provider, model } of items) {
    if (provider === null || model === null) continue;
    const providers = providersOf.get(model) ?? new Set<string>();
    providers.add(provider);
    providersOf.set(model, providers);
  }
  for (const item of items) {
    if (item.provider !== null || item.model === null) continue;
    const slash = item.model.indexOf("/");
    // "zai/glm-5.1": the provider written into the name, where that provider serves that model here.
    if (slash > 0 && providersOf.get(item.model.slice(slash + 1))?.has(item.model.slice(0, slash))) {
      item.provider = item.model.slice(0, slash);
      item.model = item.model.slice(slash + 1);
      continue;
    }
    const providers = providersOf.get(item.model);
    if (providers?.size === 1) item.provider = [...providers][0] as string;
  }
}

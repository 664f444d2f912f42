import { readFileSync } from "node:fs";
import { packagePath } from "../package-root.js";
import type { DigestUsage } from "../sessions/session-digest.js";

/** What an estimate priced a piece of usage at, and the price table's model it took the price of. */
export interface PricedUsage {
  cost: number;
  /** `provider/model` as the price table names it (another provider's, when the file's has no price). */
  pricedAs: string;
}

/** Prices usage nobody recorded a cost for from a maintained table of prices (`--estimate`). */
export interface Estimator {
  /** The table: its package and version, e.g. `@pydantic/genai-prices` 0.1.8. */
  source: { name: string; version: string };
  /** The price of one piece of usage at its time, or null when the table knows no price for its model. */
  price(item: DigestUsage, at: string | null): PricedUsage | null;
}

/** The parts of `@pydantic/genai-prices` used: `calcPrice`. */
interface GenaiPrices {
  calcPrice(
    usage: Record<string, number>,
    modelId: string,
    options?: { providerId?: string; timestamp?: Date },
  ): { total_price: number; provider: { id: string }; model: { id: string } } | null;
}

/**
 * An estimator over `@pydantic/genai-prices`, which bundles its prices (no network): chosen over Pi's own
 * registry in `@earendil-works/pi-ai`, which needs Node 22 and every provider's SDK, and which priced fewer
 * of the corpus's unpriced models (docs/costs.md). A model is looked up with its provider, then, when that
 * provider is unknown to the table (a subscription, a reseller), by its id alone: the price is then
 * another provider's, and says so (`pricedAs`).
 */
export function genaiPricesEstimator(prices: GenaiPrices, version: string): Estimator {
  // Whether a provider's own price is known for a model, else none: decided once per model.
  const withProvider = new Map<string, boolean>();
  return {
    source: { name: "@pydantic/genai-prices", version },
    price(item, at) {
      if (item.model === null) return null;
      const { input, output, cacheRead, cacheWrite } = item.totals;
      // The table's input is every input token, cached ones included; Pi's `input` is the uncached part.
      const usage = {
        input_tokens: input + cacheRead + cacheWrite,
        cache_read_tokens: cacheRead,
        cache_write_tokens: cacheWrite,
        output_tokens: output,
      };
      const time = at === null ? Number.NaN : Date.parse(at);
      const timestamp = Number.isNaN(time) ? {} : { timestamp: new Date(time) };
      const key = `${item.provider ?? ""}\u0000${item.model}`;
      let found =
        item.provider !== null && withProvider.get(key) !== false
          ? prices.calcPrice(usage, item.model, { providerId: item.provider, ...timestamp })
          : null;
      if (item.provider !== null) withProvider.set(key, found !== null);
      found ??= prices.calcPrice(usage, item.model, timestamp);
      if (found === null) return null;
      return { cost: found.total_price, pricedAs: `${found.provider.id}/${found.model.id}` };
    },
  };
}

/**
 * The estimator `--estimate` uses, loaded when asked for: the table's code and data are ~0.8 MB that a run
 * without `--estimate` never loads.
 */
export async function loadEstimator(): Promise<Estimator> {
  const prices = (await import("@pydantic/genai-prices")) as unknown as GenaiPrices;
  // The version this package pins exactly (its own package.json exports none), bundled or not.
  const { dependencies } = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  return genaiPricesEstimator(prices, dependencies["@pydantic/genai-prices"] ?? "unknown");
}

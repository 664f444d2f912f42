import type { DigestUsage } from "../sessions/session-digest.js";
import {
  byCostThenName,
  emptyUsageTotals,
  roundedUsageTotals,
  UsageGroups,
  type UsageTotals,
} from "../sessions/usage-groups.js";
import { roundCost } from "../usage/totals.js";
import type { CostsEstimate, CostsModelRow } from "./costs-json.js";
import type { PricedUsage } from "./estimate.js";

/** A row's usage as it is added up: the archive's `UsageTotals`, and the estimate when one is made. */
export interface UsageRow extends UsageTotals {
  estimate?: CostsEstimate;
}

/** A model's key: provider and model, as the archive groups them. */
export const modelKey = (item: { provider: string | null; model: string | null }): string =>
  `${item.provider ?? ""}\u0000${item.model ?? ""}`;

/** Adds the estimate of one piece of usage into a row's (none made: `priced` undefined). */
export function addEstimate(row: UsageRow, item: DigestUsage, priced: PricedUsage | null | undefined): void {
  if (priced === undefined) return;
  row.estimate ??= { cost: 0, tokens: 0, unpricedTokens: 0 };
  if (item.totals.unpricedTokens === 0) return;
  if (priced === null) row.estimate.unpricedTokens += item.totals.unpricedTokens;
  else {
    row.estimate.cost += priced.cost;
    row.estimate.tokens += item.totals.unpricedTokens;
  }
}

/** A row's figures as the JSON and the table show them: dollars rounded as the archive rounds them. */
export function finished<Row extends UsageRow>(row: Row): Row {
  const rounded = { ...row, ...roundedUsageTotals(row) };
  if (row.estimate !== undefined) rounded.estimate = { ...row.estimate, cost: roundCost(row.estimate.cost) };
  return rounded;
}

/**
 * Usage added up in groups (days, sessions, projects...), each with its usage by model: the archive's
 * `UsageGroups`, with the estimate beside the recorded figures.
 */
export class RowsWithModels<Row extends UsageRow> {
  readonly #rows: UsageGroups<Row>;
  readonly #models = new Map<string, UsageGroups<CostsModelRow & UsageRow>>();
  readonly #keys = new Map<Row, string>();

  constructor(make: (key: string, item: DigestUsage) => Row) {
    this.#rows = new UsageGroups(make);
  }

  /** Adds one counted piece of usage to the group `key` and to its model's row within it. */
  add(key: string, item: DigestUsage, priced: PricedUsage | null | undefined): void {
    const row = this.#rows.add(key, item);
    this.#keys.set(row, key);
    addEstimate(row, item, priced);
    let models = this.#models.get(key);
    if (models === undefined) {
      models = new UsageGroups((_, first) => ({
        provider: first.provider,
        model: first.model,
        ...emptyUsageTotals(),
      }));
      this.#models.set(key, models);
    }
    addEstimate(models.add(modelKey(item), item), item, priced);
  }

  /** The models of the group `key`, largest cost first (as archive.json's days list theirs). */
  models(key: string): CostsModelRow[] {
    const models = this.#models.get(key);
    return models === undefined
      ? []
      : models.rows(byCostThenName<CostsModelRow & UsageRow>(modelKey)).map(finished);
  }

  /** The groups in the order `compare` gives, finished, each with its models. */
  rows(compare: (a: Row, b: Row) => number): (Row & { models: CostsModelRow[] })[] {
    return this.#rows
      .rows(compare)
      .map((row) => ({ ...finished(row), models: this.models(this.#keys.get(row) ?? "") }));
  }
}

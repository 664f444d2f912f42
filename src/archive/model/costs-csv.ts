import type { Totals } from "../../usage/totals.js";
import type { ArchiveModel } from "./archive-model.js";
import { toCsv } from "./csv.js";

const HEADER = [
  "row",
  "date",
  "file",
  "session_id",
  "project",
  "title",
  "provider",
  "model",
  "input",
  "output",
  "cache_read",
  "cache_write",
  "total_tokens",
  "cost",
  "unpriced_tokens",
  "turns",
  "subagent_tokens",
  "subagent_cost",
  "deduplicated_entries",
  "deduplicated_cost",
  "machine",
];

const figures = (total: Totals, subagent: Totals): number[] => [
  total.input,
  total.output,
  total.cacheRead,
  total.cacheWrite,
  total.totalTokens,
  total.cost,
  total.unpricedTokens,
  total.turns,
  subagent.totalTokens,
  subagent.cost,
];

/**
 * costs.csv: one `session` row per listed session (newest first; `date` is its start's UTC day; the
 * figures are what the archive counts, with the de-duplicated copies beside them), then one `day_model`
 * row per day and model (oldest day first). Either kind of row adds up to the archive's total. `machine`
 * (last, added in archive.json's version 2) names the machine whose archive holds the session.
 */
export function buildCostsCsv(model: ArchiveModel): string {
  const rows: (string | number | null)[][] = [HEADER];
  for (const session of model.sessions) {
    rows.push([
      "session",
      session.startedAt?.slice(0, 10) ?? null,
      session.file,
      session.id,
      session.cwd,
      session.title,
      null,
      null,
      ...figures(session.counted.total, session.counted.subagent),
      session.deduplicated.entries,
      session.deduplicated.usage.cost,
      session.machine,
    ]);
  }
  for (const day of model.days) {
    for (const row of day.models) {
      rows.push([
        "day_model",
        day.day,
        null,
        null,
        null,
        null,
        row.provider,
        row.model,
        ...figures(row.total, row.subagent),
        null,
        null,
        null,
      ]);
    }
  }
  return toCsv(rows);
}

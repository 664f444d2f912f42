import { TOOL_VERSION } from "../version.js";
import type { ArchiveModel } from "./archive-model.js";

/** Version of archive.json's shape. Fields may be added in version 1; anything that could break a reader bumps it. */
export const ARCHIVE_SCHEMA_VERSION = 1;

/**
 * archive.json: the archive for scripts. Every `Totals` is the JSON report's (`input`, `output`,
 * `cacheRead`, `cacheWrite`, `totalTokens`, `cost` in dollars rounded to 9 decimals, `unpricedTokens`,
 * `turns`); every `{ total, subagent }` pair holds all usage and, beside it, the sub-agents' part of it.
 *
 * - `counts`: sessions listed, `.jsonl` files skipped as not Pi sessions, sessions that failed to read,
 *   and sessions the filters left out.
 * - `total`: what the archive counts, every entry once: the sum of the sessions' own reports
 *   (`sessions[].reported`) less `deduplicated.usage`.
 * - `deduplicated`: entries that `/fork` or `/clone` copied into another file (same id and timestamp),
 *   counted in their original only: how many copies, in how many sessions, and their usage.
 * - `sessions[]`: newest first; `reported` is the session's own total, `counted` what the archive adds up.
 * - `days[]` (oldest first; usage falls on the UTC day of the entry recording it; `models[]` per day),
 *   `months[]`, `projects[]` (the header's cwd) and `models[]` (largest cost first): counted usage only.
 */
export interface ArchiveJson extends Omit<ArchiveModel, "filteredOut"> {
  schemaVersion: typeof ARCHIVE_SCHEMA_VERSION;
  generator: { name: "pi-session-report"; version: string };
  counts: { sessions: number; skipped: number; failed: number; filteredOut: number };
}

/** Builds archive.json from the archive's model. Pure and deterministic. */
export function buildArchiveJson(model: ArchiveModel): ArchiveJson {
  // Spelled out so the small, most-read fields come before the long lists.
  return {
    schemaVersion: ARCHIVE_SCHEMA_VERSION,
    generator: { name: "pi-session-report", version: TOOL_VERSION },
    counts: {
      sessions: model.sessions.length,
      skipped: model.skipped.length,
      failed: model.failed.length,
      filteredOut: model.filteredOut,
    },
    filters: model.filters,
    total: model.total,
    deduplicated: model.deduplicated,
    sessions: model.sessions,
    failed: model.failed,
    skipped: model.skipped,
    days: model.days,
    months: model.months,
    projects: model.projects,
    models: model.models,
  };
}

import { TOOL_VERSION } from "../../version.js";
import type { ArchiveModel } from "./archive-model.js";

/**
 * Version of archive.json's shape. Fields may be added within a version; anything that could break a
 * reader bumps it. 2: `machine`, `machines[]`, `costsOnly`, and per session `machine`, `headerTimestamp`
 * and `usage[]` (what merging archives of several machines needs).
 */
export const ARCHIVE_SCHEMA_VERSION = 2;

/**
 * archive.json: the archive for scripts. Every `Totals` is the JSON report's (`input`, `output`,
 * `cacheRead`, `cacheWrite`, `totalTokens`, `cost` in dollars rounded to 9 decimals, `unpricedTokens`,
 * `turns`); every `{ total, subagent }` pair holds all usage and, beside it, the sub-agents' part of it.
 *
 * - `machine`: the machine (or person) the sessions are from (`--machine`, by default the host's name);
 *   null in an archive merged from several (`--merge`), whose sessions each name theirs.
 * - `costsOnly`: true when the site holds no transcripts (`--costs-only`): no `report`, and titles are the
 *   files' names, never a prompt.
 * - `counts`: sessions listed, `.jsonl` files skipped as not Pi sessions, sessions that failed to read,
 *   and sessions the filters left out.
 * - `total`: what the archive counts, every entry once: the sum of the sessions' own reports
 *   (`sessions[].reported`) less `deduplicated.usage`.
 * - `deduplicated`: entries that `/fork` or `/clone` copied into another file (same id and timestamp),
 *   counted in their original only: how many copies, in how many sessions, and their usage. (Merged, it
 *   counts only copies of entries that record usage: an archive carries no others.)
 * - `sessions[]`: newest first, one per line; `reported` is the session's own total, `counted` what the
 *   archive adds up; `usage[]` all of its usage piece by piece, each with its `entry` (`["id","timestamp"]`
 *   as a string; null when the entry has no timestamp) and its non-zero figures.
 * - `days[]` (oldest first; usage falls on the UTC day of the entry recording it; `models[]` per day),
 *   `months[]`, `projects[]` (the header's cwd), `models[]` and `machines[]` (largest cost first):
 *   counted usage only.
 */
export interface ArchiveJson extends Omit<ArchiveModel, "filteredOut"> {
  schemaVersion: typeof ARCHIVE_SCHEMA_VERSION;
  generator: { name: "pi-session-report"; version: string };
  costsOnly: boolean;
  counts: { sessions: number; skipped: number; failed: number; filteredOut: number };
}

/** Builds archive.json from the archive's model. Pure and deterministic. */
export function buildArchiveJson(model: ArchiveModel, costsOnly = false): ArchiveJson {
  // Spelled out so the small, most-read fields come before the long lists.
  return {
    schemaVersion: ARCHIVE_SCHEMA_VERSION,
    generator: { name: "pi-session-report", version: TOOL_VERSION },
    machine: model.machine,
    costsOnly,
    counts: {
      sessions: model.sessions.length,
      skipped: model.skipped.length,
      failed: model.failed.length,
      filteredOut: model.filteredOut,
    },
    filters: model.filters,
    total: model.total,
    deduplicated: model.deduplicated,
    machines: model.machines,
    sessions: model.sessions,
    failed: model.failed,
    skipped: model.skipped,
    days: model.days,
    months: model.months,
    projects: model.projects,
    models: model.models,
  };
}

/**
 * archive.json's text in parts, a session a part: indented, but each session on one line (10,000 sessions
 * with their usage piece by piece would be ~20 lines a piece otherwise), and never one string of it all
 * (~75 MB more to hold at 10,000 sessions).
 */
export function archiveJsonParts(json: ArchiveJson): string[] {
  return [...archiveJsonChunks(json)];
}

/** `archiveJsonParts` one by one, each made when it is written: the text is never whole in memory. */
export function* archiveJsonChunks(json: ArchiveJson): Generator<string> {
  yield "{\n";
  for (const [index, [key, value]] of Object.entries(json).entries()) {
    yield `${index === 0 ? "" : ",\n"}  ${JSON.stringify(key)}: `;
    if (key === "sessions" && Array.isArray(value) && value.length > 0) {
      yield "[\n";
      for (const [at, session] of value.entries())
        yield `${at === 0 ? "" : ",\n"}    ${JSON.stringify(session)}`;
      yield "\n  ]";
    } else yield JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");
  }
  yield "\n}\n";
}

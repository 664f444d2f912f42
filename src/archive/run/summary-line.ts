import { formatCostWithUnpriced, formatInteger, plural } from "../../view/format.js";
import type { ArchiveSummary } from "./run-archive.js";

/**
 * The one line `pi-report archive` ends with: sessions, skipped, failed, de-duplicated entries and the
 * total cost, e.g. `pi-report: archived 998 sessions into site (3 rendered, 995 unchanged); 1 skipped
 * (not a Pi session), 1 failed; 340 copied entries counted once ($1.23); total $456.78`.
 */
export function summaryLine(summary: ArchiveSummary): string {
  const parts = [
    `archived ${plural(summary.sessions, "session", "sessions")} into ${summary.output} (${formatInteger(summary.rendered)} rendered, ${formatInteger(summary.unchanged)} unchanged)`,
    `${formatInteger(summary.skipped)} skipped (not Pi sessions), ${formatInteger(summary.failed)} failed`,
    `${plural(summary.deduplicatedEntries, "copied entry", "copied entries")} counted once (${formatCostWithUnpriced(summary.deduplicatedCost, 0)} not added again)`,
    `total ${formatCostWithUnpriced(summary.total.cost, summary.total.unpricedTokens)}`,
  ];
  if (summary.filteredOut > 0)
    parts.splice(1, 0, `${plural(summary.filteredOut, "session", "sessions")} left out by the filters`);
  return `pi-report: ${parts.join("; ")}`;
}

/** Names shown per kind of change; more are counted. */
const NAMES_SHOWN = 3;

/**
 * What changed since the last run, when anything did: `pi-report: since the last run: 1 new
 * (--p--/a.jsonl), 2 changed (…), 1 gone (…)`; null when nothing did, or on a first run.
 */
export function changesLine(summary: ArchiveSummary): string | null {
  const { changes } = summary;
  if (changes === null) return null;
  const named = (files: string[], what: string) => {
    if (files.length === 0) return null;
    const shown = files.slice(0, NAMES_SHOWN).join(", ");
    const more = files.length > NAMES_SHOWN ? ` and ${formatInteger(files.length - NAMES_SHOWN)} more` : "";
    return `${formatInteger(files.length)} ${what} (${shown}${more})`;
  };
  const parts = [
    named(changes.added, "new"),
    named(changes.changed, "changed"),
    named(changes.removed, "gone"),
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : `pi-report: since the last run: ${parts.join(", ")}`;
}

/**
 * The line `pi-report archive --merge` ends with: `pi-report: merged 3 archives (2 machines): 1,234
 * sessions into site; 40 copied entries counted once ($1.23 not added again); total $456.78`.
 */
export function mergeLine(summary: ArchiveSummary & { archives: number; machines: number }): string {
  return `pi-report: ${[
    `merged ${plural(summary.archives, "archive", "archives")} (${plural(summary.machines, "machine", "machines")}): ${plural(summary.sessions, "session", "sessions")} into ${summary.output}`,
    `${plural(summary.deduplicatedEntries, "copied entry", "copied entries")} counted once (${formatCostWithUnpriced(summary.deduplicatedCost, 0)} not added again)`,
    `total ${formatCostWithUnpriced(summary.total.cost, summary.total.unpricedTokens)}`,
  ].join("; ")}`;
}

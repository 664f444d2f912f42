import type { ProblemKind } from "../../read/problem.js";
import { entryOwners, type ReadSession, resolveForkParents, subagentParents } from "../../sessions/dedupe.js";
import { type EntryUsage, entryUsageOf } from "../../sessions/entry-usage.js";
import { type ArchiveFilters, matchesFilters } from "../../sessions/filters.js";
import type { DigestUsage } from "../../sessions/session-digest.js";
import {
  addDigestUsage,
  emptyUsageTotals,
  roundedTotals,
  roundedUsageTotals,
  type UsageTotals,
} from "../../sessions/usage-groups.js";
import { emptyTotals, mergeTotals, type Totals } from "../../usage/totals.js";
import type { FileRecord } from "./manifest.js";
import {
  type DayRow,
  type MachineRow,
  type ModelRow,
  type MonthRow,
  type ProjectRow,
  Tally,
} from "./tally.js";

/** A session as the site lists it, with what it cost once forks are counted once. */
export interface ArchivedSession {
  file: string;
  /** The machine (or person) whose archive holds it: `--machine`, by default the host's name. */
  machine: string | null;
  /** Its report, relative to the site folder; null when none could be written. */
  report: string | null;
  id: string | null;
  cwd: string | null;
  title: string;
  titleFrom: "name" | "prompt" | "file";
  parentSession: string | null;
  /** The archived file its `parentSession` names, when that file is in the archive. */
  forkOf: string | null;
  /** The archived session that ran this one as a sub-agent and counts it (so this one counts nothing). */
  subagentOf: string | null;
  /** The header's own timestamp: which of two copies of an entry is the original (merging archives). */
  headerTimestamp: string | null;
  startedAt: string | null;
  endedAt: string | null;
  models: string[];
  entryCount: number;
  problems: { kind: ProblemKind; count: number }[];
  /** Why its report is missing, when it is. */
  error: string | null;
  /** The session's own total, as `pi-report <file>` reports it. */
  reported: Totals;
  /** What the archive counts: `reported` less the entries another session counts. */
  counted: UsageTotals;
  /** Copies of entries another session counts (the original of a fork): how many, and their usage. */
  deduplicated: { entries: number; usage: Totals };
  /** All its usage, entry by entry (`reported`, piece by piece): what merging archives counts again. */
  usage: EntryUsage[];
}

/** Everything the index, archive.json and costs.csv show: built once, in a stable order. */
export interface ArchiveModel {
  /** The machine whose sessions these are (`--machine`); null for archives merged from several. */
  machine: string | null;
  filters: ArchiveFilters;
  /** Newest first (by start), then by file. */
  sessions: ArchivedSession[];
  /** Files that look like Pi sessions but could not be read. */
  failed: { file: string; error: string }[];
  /** `.jsonl` files that are not Pi sessions. */
  skipped: { file: string; reason: string }[];
  /** Pi sessions the filters left out. */
  filteredOut: number;
  total: UsageTotals;
  deduplicated: { entries: number; sessions: number; usage: Totals };
  /** Oldest first. Usage falls on the UTC day of the entry that records it. */
  days: DayRow[];
  months: MonthRow[];
  /** Largest cost first. */
  projects: ProjectRow[];
  models: ModelRow[];
  machines: MachineRow[];
}

/** A session whose usage the archive counts: what `buildArchiveModel` hands `onCounted` beside each piece. */
export interface CountedSession extends ReadSession {
  machine: string | null;
}

const newestFirst = (a: ArchivedSession, b: ArchivedSession): number => {
  // ISO strings from `sessionTimes` compare as times do; a session with no readable time goes last.
  if (a.startedAt !== b.startedAt) {
    if (a.startedAt === null) return 1;
    if (b.startedAt === null) return -1;
    return a.startedAt < b.startedAt ? 1 : -1;
  }
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
};

/**
 * Totals the archive: which sessions the filters keep, who counts each shared entry (`entryOwners`),
 * and the counted usage by session, day, month, project and model. Ownership is decided over every
 * readable session, filtered out or not, so a fork never counts what its original paid for, even when
 * the original lies outside the filters. `onCounted` sees every piece of usage the totals count, once, with
 * its session: other groupings of the same counting (`pi-report costs`: days in a time zone, weeks).
 */
export function buildArchiveModel(
  records: readonly FileRecord[],
  filters: ArchiveFilters,
  machine: string | null = null,
  onCounted?: (item: DigestUsage, session: CountedSession) => void,
): ArchiveModel {
  const read: (ReadSession & { report: string | null; error: string | null; machine: string | null })[] = [];
  const failed: ArchiveModel["failed"] = [];
  const skipped: ArchiveModel["skipped"] = [];
  for (const { file, path, outcome, machine: own } of records) {
    if (outcome.kind === "session") read.push({ file, path, ...outcome, machine: own ?? machine });
    else if (outcome.kind === "failed") failed.push({ file, error: outcome.error });
    else skipped.push({ file, reason: outcome.reason });
  }
  const parents = resolveForkParents(read);
  const owners = entryOwners(read, parents);
  const runBy = subagentParents(read);

  const tally = new Tally();
  const sessions: ArchivedSession[] = [];
  const dedup = { entries: 0, sessions: 0, usage: emptyTotals() };
  let filteredOut = 0;
  read.forEach((session, index) => {
    const { digest } = session;
    if (!matchesFilters(digest, filters)) {
      filteredOut += 1;
      return;
    }
    // A sub-agent run's own file is counted by the session that ran it: here, all of it is a copy.
    const runner = runBy[index] ?? null;
    const counts = (key: string | null | undefined): boolean =>
      runner === null && (key == null || owners.get(key) === index);
    const reported = emptyTotals();
    const counted = emptyUsageTotals();
    const copies = { entries: digest.entryKeys.filter((key) => !counts(key)).length, usage: emptyTotals() };
    for (const item of digest.usage) {
      mergeTotals(reported, item.totals);
      if (!counts(digest.entryKeys[item.entry])) {
        mergeTotals(copies.usage, item.totals);
        continue;
      }
      addDigestUsage(counted, item);
      tally.add(item, digest.cwd, session.machine);
      onCounted?.(item, session);
    }
    if (copies.entries > 0) {
      dedup.entries += copies.entries;
      dedup.sessions += 1;
      mergeTotals(dedup.usage, copies.usage);
    }
    const parent = parents[index] ?? null;
    sessions.push({
      file: session.file,
      machine: session.machine,
      report: session.report,
      id: digest.id,
      cwd: digest.cwd,
      title: digest.title,
      titleFrom: digest.titleFrom,
      parentSession: digest.parentSession,
      forkOf: parent === null ? null : (read[parent]?.file ?? null),
      subagentOf: runner === null ? null : (read[runner]?.file ?? null),
      headerTimestamp: digest.headerTimestamp,
      startedAt: digest.startedAt,
      endedAt: digest.endedAt,
      models: digest.models,
      entryCount: digest.entryCount,
      problems: digest.problems,
      error: session.error,
      reported: roundedTotals(reported),
      counted: roundedUsageTotals(counted),
      deduplicated: { entries: copies.entries, usage: roundedTotals(copies.usage) },
      usage: entryUsageOf(digest),
    });
  });

  return {
    machine,
    filters,
    sessions: sessions.sort(newestFirst),
    failed,
    skipped,
    filteredOut,
    deduplicated: { ...dedup, usage: roundedTotals(dedup.usage) },
    ...tally.result(),
  };
}

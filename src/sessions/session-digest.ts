import type { SessionAnalysis } from "../pipeline.js";
import type { ProblemKind } from "../read/problem.js";
import { childFilesOf } from "../subagents/child-runs.js";
import { addToTotals, emptyTotals, type Totals } from "../usage/totals.js";
import type { UsageSource } from "../usage/usage-item.js";
import { headerView } from "../view/header-view.js";
import { sessionTimes } from "../view/session-times.js";
import { whatPiShows } from "../view/usage-view.js";
import { utcDay } from "./time-zone.js";

/** One piece of usage as the archive needs it: which entry holds it, on which day, for which model. */
export interface DigestUsage {
  /** Index of the entry that holds it (into `SessionDigest.entryKeys`). */
  entry: number;
  /** UTC day (YYYY-MM-DD) of the entry's timestamp, else of the session's start; null when neither reads. */
  day: string | null;
  source: UsageSource;
  provider: string | null;
  model: string | null;
  totals: Totals;
}

/**
 * What the archive keeps of one session: enough to list it, total it and de-duplicate it against its
 * forks, without the analysis. Small on purpose: workers send it back and the manifest stores it.
 */
export interface SessionDigest {
  id: string | null;
  cwd: string | null;
  /** The session this one was forked from (`parentSession`, or an old header's `branchedFrom`). */
  parentSession: string | null;
  /** The header's own timestamp: when the file was created (a fork's is later than its original's). */
  headerTimestamp: string | null;
  title: string;
  titleFrom: "name" | "prompt" | "file";
  startedAt: string | null;
  endedAt: string | null;
  /** `provider/model` of the replies, in order of first use. */
  models: string[];
  entryCount: number;
  problems: { kind: ProblemKind; count: number }[];
  /** Per entry in file order, its `entryKey`; null for an entry without a timestamp (never matched). */
  entryKeys: (string | null)[];
  usage: DigestUsage[];
  /** Absolute paths of the sub-agent runs' own session files this session's report read (and counts). */
  childFiles: string[];
  /**
   * What Pi 1.6's footer shows for the file (`whatPiShows`): its cost, null where it shows none, and as
   * it is shown ("$1.234", "no cost", "no figure"). Absent where unknown (a session merged from archive.json).
   */
  piShows?: { cost: number | null; display: string };
}

/**
 * The identity of an entry across files: id AND timestamp. `/fork` and `/clone` keep both, while an id
 * alone may repeat by chance (8 hex characters) and a v1 file's ids are derived from line numbers.
 */
export function entryKey(id: string, timestamp: string): string {
  return JSON.stringify([id, timestamp]);
}

/** Reduces an analyzed session to its digest. Pure. */
export function digestSession(analysis: SessionAnalysis, sourcePath: string): SessionDigest {
  const { session } = analysis;
  const header = headerView(analysis, sourcePath);
  const times = sessionTimes(session);
  const startDay = utcDay(times.startedAt);
  const entries = analysis.tree.entries;
  const usage = analysis.usageItems.map((item): DigestUsage => {
    const entry = entries[item.entryIndex];
    return {
      entry: item.entryIndex,
      day: utcDay(entry?.timestamp) ?? startDay,
      source: item.source,
      provider: item.provider,
      model: item.model,
      totals: addToTotals(emptyTotals(), item.usage, item.turns, item.failed),
    };
  });
  return {
    id: session.header.id ?? null,
    cwd: session.header.cwd ?? null,
    parentSession: session.header.parentSession ?? session.header.branchedFrom ?? null,
    headerTimestamp: session.header.timestamp ?? null,
    title: header.title,
    titleFrom: header.titleFrom,
    startedAt: times.startedAt,
    endedAt: times.endedAt,
    models: header.models,
    entryCount: entries.length,
    problems: header.problemCounts,
    entryKeys: entries.map((entry) =>
      entry.timestamp === undefined ? null : entryKey(entry.id, entry.timestamp),
    ),
    usage,
    childFiles: childFilesOf(entries),
    piShows: piShowsOf(analysis),
  };
}

function piShowsOf(analysis: SessionAnalysis): NonNullable<SessionDigest["piShows"]> {
  const { cost, display } = whatPiShows(analysis);
  return { cost, display };
}

import type { ArchiveFilters } from "../../sessions/filters.js";
import type { UsageTotals } from "../../sessions/usage-groups.js";
import type { Totals } from "../../usage/totals.js";
import {
  firstLine,
  formatCost,
  formatCostWithUnpriced,
  formatDuration,
  formatInteger,
  formatTime,
  formatTokens,
  plural,
} from "../../view/format.js";
import type { ArchivedSession, ArchiveModel } from "../model/archive-model.js";
import { hrefOf } from "../site/site-paths.js";

/** A session's row in the index: display text, and raw values for the optional sorting script. */
export interface SessionRowView {
  href: string | null;
  title: string;
  /** True when the title is the first prompt (shown as a quote) rather than a name. */
  titleIsPrompt: boolean;
  /** The session file's name (its folder is the project's); null when the title already is it. */
  file: string | null;
  project: string;
  /** The machine whose archive holds it, in a site merged from several; else null. */
  machine: string | null;
  forkOf: { href: string | null; file: string } | null;
  /** The session that ran this one as a sub-agent, and counts it. */
  subagentOf: { href: string | null; file: string } | null;
  started: string;
  startedSort: string;
  duration: string;
  durationSort: number;
  models: string;
  tokens: string;
  tokensSort: number;
  cost: string;
  costSort: number;
  /** The sub-agents' part of the cost, and the copies of a fork's original left out. */
  subagent: string | null;
  deduplicated: string | null;
  problems: string | null;
  error: string | null;
  /**
   * The sub-agent runs this session ran whose own files are in the archive, listed under it (a run of a
   * run one level deeper): their cost is a part of this row's, so they are no rows of their own.
   */
  subagentRuns: SubagentRunView[];
}

/** A sub-agent run's own session file, shown under the session that ran it. */
export interface SubagentRunView {
  href: string | null;
  title: string;
  titleIsPrompt: boolean;
  file: string;
  /** 0 for a run of the row's session, 1 for a run of that run, … */
  depth: number;
  /** What the run's own file recorded (its part of the parent's cost, not added to it). */
  tokens: string;
  cost: string;
}

/** A totals row (a day, a month, a project or a model). */
export interface GroupRowView {
  label: string;
  tokens: string;
  tokensSort: number;
  cost: string;
  costSort: number;
  subagent: string;
  subagentSort: number;
  unpriced: string;
  unpricedSort: number;
}

/** Everything index.hbs shows, as display text; the template only lays it out. */
export interface IndexView {
  summary: {
    sessions: string;
    /** "3 sub-agent runs' own files, listed under the sessions that ran them." */
    subagentRuns: string | null;
    cost: string;
    tokens: string;
    subagent: string | null;
    unpriced: string | null;
    deduplicated: string | null;
    filters: string | null;
    /** "3 other sessions are left out." */
    filteredOut: string | null;
  };
  sessions: SessionRowView[];
  days: GroupRowView[];
  months: GroupRowView[];
  projects: GroupRowView[];
  models: GroupRowView[];
  /** By machine, in a site merged from several machines' archives (else empty: no table). */
  machines: GroupRowView[];
  failed: ArchiveModel["failed"];
  skipped: ArchiveModel["skipped"];
}

/** "$1.20 (3.4M tokens)"; usage that is all unpriced already says its tokens ("unpriced (3.4M tokens)"). */
const tokensAndCost = (totals: Totals): string =>
  totals.cost === 0 && totals.unpricedTokens === totals.totalTokens && totals.totalTokens > 0
    ? formatCostWithUnpriced(0, totals.unpricedTokens)
    : `${formatCostWithUnpriced(totals.cost, totals.unpricedTokens)} (${formatTokens(totals.totalTokens)} tokens)`;

function groupRow(label: string, row: UsageTotals): GroupRowView {
  return {
    label,
    tokens: formatTokens(row.total.totalTokens),
    tokensSort: row.total.totalTokens,
    cost: formatCost(row.total.cost),
    costSort: row.total.cost,
    subagent: row.subagent.totalTokens === 0 ? "" : formatCost(row.subagent.cost),
    subagentSort: row.subagent.cost,
    unpriced: row.total.unpricedTokens === 0 ? "" : formatTokens(row.total.unpricedTokens),
    unpricedSort: row.total.unpricedTokens,
  };
}

function sessionRow(
  session: ArchivedSession,
  reports: ReadonlyMap<string, string>,
  showMachine: boolean,
): SessionRowView {
  const { counted, deduplicated } = session;
  const duration =
    session.startedAt === null || session.endedAt === null
      ? null
      : Date.parse(session.endedAt) - Date.parse(session.startedAt);
  const parentReport = session.forkOf === null ? undefined : reports.get(session.forkOf);
  const runnerReport = session.subagentOf === null ? undefined : reports.get(session.subagentOf);
  const problems = session.problems.map(({ kind, count }) => `${formatInteger(count)} ${kind}`).join(", ");
  return {
    href: session.report === null ? null : hrefOf(session.report),
    title: firstLine(session.title, 100),
    titleIsPrompt: session.titleFrom === "prompt",
    file: session.titleFrom === "file" ? null : (session.file.split("/").pop() ?? session.file),
    project: session.cwd ?? "(no cwd)",
    machine: showMachine ? (session.machine ?? "(no machine named)") : null,
    forkOf:
      session.forkOf === null
        ? null
        : { href: parentReport === undefined ? null : hrefOf(parentReport), file: session.forkOf },
    subagentOf:
      session.subagentOf === null
        ? null
        : { href: runnerReport === undefined ? null : hrefOf(runnerReport), file: session.subagentOf },
    // The column's heading says UTC once.
    started: formatTime(session.startedAt)?.replace(/ UTC$/, "") ?? "unknown",
    startedSort: session.startedAt ?? "",
    duration: duration === null ? "" : formatDuration(duration),
    durationSort: duration ?? 0,
    models: session.models.join(", "),
    tokens: formatTokens(counted.total.totalTokens),
    tokensSort: counted.total.totalTokens,
    cost: formatCostWithUnpriced(counted.total.cost, counted.total.unpricedTokens),
    costSort: counted.total.cost,
    subagent: counted.subagent.totalTokens === 0 ? null : `sub-agents ${formatCost(counted.subagent.cost)}`,
    deduplicated:
      deduplicated.entries === 0 || session.subagentOf !== null
        ? null
        : `${plural(deduplicated.entries, "copied entry", "copied entries")} (${formatCost(deduplicated.usage.cost)}) counted in the original`,
    problems: problems === "" ? null : problems,
    error: session.error,
    subagentRuns: [],
  };
}

/**
 * The sessions that are rows of the index, each with the sub-agent runs listed under it: a session
 * whose runner is listed goes under the runner's top-level ancestor, depth first, in the list's order.
 */
function nestSubagentRuns(
  sessions: readonly ArchivedSession[],
  reports: ReadonlyMap<string, string>,
  showMachine: boolean,
): { rows: SessionRowView[]; nested: number } {
  const byFile = new Map(sessions.map((session) => [session.file, session]));
  // A runner that is not listed (filtered out) leaves its run a row of its own, saying whose it is; so
  // do runs that name each other round (no top-level session to go under).
  const isNested = (session: ArchivedSession): boolean => {
    if (session.subagentOf === null) return false;
    const seen = new Set([session.file]);
    for (let at: string | null = session.subagentOf; at !== null; ) {
      const runner = byFile.get(at);
      if (runner === undefined) return at !== session.subagentOf;
      if (seen.has(at)) return false;
      seen.add(at);
      at = runner.subagentOf;
    }
    return true;
  };
  const runsOf = new Map<string, ArchivedSession[]>();
  for (const session of sessions) {
    if (!isNested(session)) continue;
    const runner = session.subagentOf as string;
    runsOf.set(runner, [...(runsOf.get(runner) ?? []), session]);
  }
  let nested = 0;
  const under = (file: string, depth: number, seen: Set<string>): SubagentRunView[] =>
    (runsOf.get(file) ?? []).flatMap((run) => {
      if (seen.has(run.file)) return [];
      seen.add(run.file);
      nested += 1;
      const view: SubagentRunView = {
        href: run.report === null ? null : hrefOf(run.report),
        title: firstLine(run.title, 100),
        titleIsPrompt: run.titleFrom === "prompt",
        file: run.file.split("/").pop() ?? run.file,
        depth,
        tokens: formatTokens(run.reported.totalTokens),
        cost: formatCostWithUnpriced(run.reported.cost, run.reported.unpricedTokens),
      };
      return [view, ...under(run.file, depth + 1, seen)];
    });
  const rows = sessions
    .filter((session) => !isNested(session))
    .map((session) => ({
      ...sessionRow(session, reports, showMachine),
      subagentRuns: under(session.file, 0, new Set([session.file])),
    }));
  return { rows, nested };
}

function describeFilters(filters: ArchiveFilters): string | null {
  const days = [
    filters.since === null ? null : `on or after ${filters.since}`,
    filters.until === null ? null : `on or before ${filters.until}`,
  ].filter((part): part is string => part !== null);
  const parts = [
    days.length === 0 ? null : `started ${days.join(" and ")} (UTC)`,
    filters.project === null ? null : `whose working directory contains “${filters.project}”`,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : `Sessions ${parts.join(", ")}.`;
}

/** Builds the index page's view from the archive's model: text for people, newest first. */
export function buildIndexView(model: ArchiveModel): IndexView {
  const reports = new Map<string, string>();
  for (const session of model.sessions)
    if (session.report !== null) reports.set(session.file, session.report);
  const { total, subagent } = model.total;
  const dedup = model.deduplicated;
  // One machine's archive says nothing of machines; a merged one names each session's.
  const showMachine = model.machines.length > 1;
  const { rows, nested } = nestSubagentRuns(model.sessions, reports, showMachine);
  return {
    summary: {
      sessions: formatInteger(rows.length),
      subagentRuns:
        nested === 0
          ? null
          : `${plural(nested, "sub-agent run's own file is", "sub-agent runs' own files are")} listed under the session that ran ${nested === 1 ? "it" : "them"}, and counted there.`,
      cost: formatCost(total.cost),
      tokens: formatTokens(total.totalTokens),
      subagent: subagent.totalTokens === 0 ? null : tokensAndCost(subagent),
      unpriced: total.unpricedTokens === 0 ? null : formatTokens(total.unpricedTokens),
      deduplicated:
        dedup.entries === 0
          ? null
          : `${plural(dedup.entries, "entry", "entries")} copied by /fork or /clone into ${plural(dedup.sessions, "session", "sessions")} ${dedup.entries === 1 ? "was" : "were"} counted once, in their original: ${tokensAndCost(dedup.usage)} not added again.`,
      filters: describeFilters(model.filters),
      filteredOut:
        model.filteredOut === 0
          ? null
          : `${plural(model.filteredOut, "other session is", "other sessions are")} left out.`,
    },
    sessions: rows,
    days: model.days.map((row) => groupRow(row.day ?? "unknown day", row)).reverse(),
    months: model.months.map((row) => groupRow(row.month ?? "unknown month", row)).reverse(),
    projects: model.projects.map((row) => groupRow(row.project ?? "(no cwd)", row)),
    models: model.models.map((row) =>
      groupRow(
        row.model === null ? "(no model named)" : [row.provider, row.model].filter(Boolean).join("/"),
        row,
      ),
    ),
    machines: showMachine
      ? model.machines.map((row) => groupRow(row.machine ?? "(no machine named)", row))
      : [],
    failed: model.failed,
    skipped: model.skipped,
  };
}

import { rmSync } from "node:fs";
import { type ArchiveFilters, matchesFilters } from "../../sessions/filters.js";
import type { ManifestRecord } from "../model/manifest.js";
import { danglingLinks } from "./child-pages.js";
import type { WorkPlan } from "./plan-work.js";
import type { SessionResult, SessionTask } from "./process-session.js";
import { runTasks, type WrittenResult } from "./run-tasks.js";

/** What the sessions' work needs besides the plan. */
export interface SessionWork {
  /**
   * Records of files not read by this run (unlisted, not files), as `unread-records.ts` makes them: asked
   * for once the sessions are done, as its warnings are written then.
   */
  unread: () => readonly ManifestRecord[];
  filters: ArchiveFilters;
  redaction: SessionTask["redaction"];
  threads: number;
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  /** Where a site-relative file is staged. */
  staged: (relative: string) => string;
  /** What is kept of each result as it comes (`runTasks`). */
  settle: (task: SessionTask, result: SessionResult) => SessionResult;
  /** The work, as the progress bar names it (`runTasks`); default "archiving". */
  doing?: string;
}

/** Every file's record, in byte order of `file`, and the pages this run wrote (site-relative). */
export interface SessionRecords {
  records: ManifestRecord[];
  reports: string[];
}

function toRecord(task: SessionTask, result: WrittenResult): ManifestRecord {
  const stat = { size: result.size, mtimeMs: result.mtimeMs, hash: result.hash };
  const outcome: ManifestRecord["outcome"] =
    result.kind === "session"
      ? {
          kind: "session",
          digest: result.digest,
          report: result.report,
          error: result.error,
          ...(result.searchDocs === undefined ? {} : { searchDocs: result.searchDocs }),
        }
      : result.kind === "skipped"
        ? { kind: "skipped", reason: result.reason }
        : { kind: "failed", error: result.error };
  const childPages = Object.keys(task.childPages).length > 0 ? { childPages: task.childPages } : {};
  return { file: task.file, path: task.path, ...stat, outcome, ...childPages };
}

/** The reports of tasks that rendered theirs. */
function renderedReports(tasks: readonly SessionTask[], done: readonly WrittenResult[]): SessionTask[] {
  return tasks.filter((_, index) => {
    const result = done[index];
    return result?.kind === "session" && result.rendered;
  });
}

/**
 * Runs the plan's tasks (reading, digesting and rendering the sessions), then renders again each page
 * that links a sub-agent run's page this run did not make: the records of every file, those kept from
 * the earlier run with them.
 */
export async function sessionRecords(plan: WorkPlan, work: SessionWork): Promise<SessionRecords> {
  const { filters, redaction, threads, stderr, settle } = work;
  const results = await runTasks(plan.tasks, threads, stderr, settle, undefined, work.doing);
  const firstRecords = [
    ...plan.kept,
    ...plan.tasks.map((task, index) => toRecord(task, results[index] as (typeof results)[number])),
    ...work.unread(),
  ]
    .map((record) =>
      // A session the filters leave out has no report in this site (its earlier one is deleted).
      record.outcome.kind === "session" && !matchesFilters(record.outcome.digest, filters)
        ? { ...record, outcome: { ...record.outcome, report: null } }
        : record,
    )
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  // A page that links a sub-agent run's page that this run did not make is rendered again without it.
  const relink = [...danglingLinks(firstRecords)].map(([file, childPages]): SessionTask => {
    const record = firstRecords.find((r) => r.file === file) as ManifestRecord;
    const report = (record.outcome as { report: string }).report;
    // The page this run wrote first (if it did) is its own, in its staging folder: made anew.
    rmSync(work.staged(report), { force: true });
    return {
      path: record.path,
      file,
      report,
      reportFile: work.staged(report),
      childPages,
      filters,
      redaction,
    };
  });
  const relinked = await runTasks(relink, threads, stderr, settle);
  const again = new Map(
    relink.map((task, index) => [task.file, toRecord(task, relinked[index] as WrittenResult)]),
  );
  // A page rendered again replaces the first (whose staged file is gone, whatever became of it).
  const reports = [
    ...renderedReports(plan.tasks, results).filter((task) => !again.has(task.file)),
    ...renderedReports(relink, relinked),
  ].map((task) => task.report);
  return { records: firstRecords.map((record) => again.get(record.file) ?? record), reports };
}

import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { piSessionsRoot } from "../cli/find-session.js";
import { UsageError } from "../cli/io.js";
import { createRedactor } from "../redact/create-redactor.js";
import { DEFAULT_REDACTION, type RedactionSettings } from "../redact/redact-session.js";
import type { Totals } from "../usage/totals.js";
import { buildArchiveJson } from "./archive-json.js";
import { type ArchiveModel, buildArchiveModel } from "./archive-model.js";
import { buildCostsCsv } from "./costs-csv.js";
import { type Discovery, discoverSessionFiles } from "./discover.js";
import { matchesFilters, parseFilters } from "./filters.js";
import { renderIndexHtml } from "./index-html.js";
import {
  MANIFEST_FILE,
  type Manifest,
  type ManifestRecord,
  manifestText,
  readManifest,
  reusable,
} from "./manifest.js";
import { planWork } from "./plan-work.js";
import type { SessionResult, SessionTask } from "./process-session.js";
import { progressBar } from "./progress-bar.js";
import { createSessionRunner } from "./session-pool.js";
import { refuseSiteOverSessions, siteInsideSessions } from "./site-location.js";
import { isReportPath, siteFile } from "./site-paths.js";
import { inSiteTransaction } from "./site-transaction.js";

/** What `pi-report archive` was asked to do. */
export interface ArchiveOptions {
  /** The folder of sessions (searched recursively); default: Pi's sessions folder from `env`. */
  folder?: string;
  /** The site folder (created when missing). */
  output: string;
  /** UTC days (YYYY-MM-DD), inclusive, compared with each session's start. */
  since?: string;
  until?: string;
  /** Only sessions whose header cwd contains this. */
  project?: string;
  env: Record<string, string | undefined>;
  /** Progress goes here, and only when it is a terminal. */
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  /** Resolves relative `folder` and `output`; default: the process's. */
  cwd?: string;
  /** Worker threads; default: one per core. 0 runs every session in this thread, one after another. */
  workers?: number;
  /** Redaction of every report (on by default, as for a single report). */
  redaction?: RedactionSettings;
}

/** What a run did, for the summary line and for callers. */
export interface ArchiveSummary {
  folder: string;
  output: string;
  /** Sessions listed in the site. */
  sessions: number;
  /** Reports written by this run, and listed sessions whose earlier report stood. */
  rendered: number;
  unchanged: number;
  skipped: number;
  /** Files that could not be read, and listed sessions whose report could not be written. */
  failed: number;
  filteredOut: number;
  deduplicatedEntries: number;
  deduplicatedCost: number;
  /** What the archive counts, each entry once. */
  total: Totals;
  /**
   * Session files since the last run of this site (null on a first run, or when every report was made
   * again): new, changed (their bytes, not only their time), and gone; by name below the folder.
   */
  changes: { added: string[]; changed: string[]; removed: string[] } | null;
}

/** What changed among the input files since the run the manifest records (see `ArchiveSummary.changes`). */
function changesSince(
  previous: ReadonlyMap<string, ManifestRecord>,
  records: readonly ManifestRecord[],
): ArchiveSummary["changes"] {
  if (previous.size === 0) return null;
  const now = new Set(records.map((record) => record.file));
  const isFile = (file: string) => !file.endsWith("/");
  return {
    added: records.filter((record) => isFile(record.file) && !previous.has(record.file)).map((r) => r.file),
    changed: records
      .filter((record) => {
        const before = previous.get(record.file);
        return before !== undefined && isFile(record.file) && before.hash !== record.hash;
      })
      .map((record) => record.file),
    removed: [...previous.keys()].filter((file) => isFile(file) && !now.has(file)),
  };
}

function toRecord(task: SessionTask, result: Exclude<SessionResult, { kind: "unwritten" }>): ManifestRecord {
  const stat = { size: result.size, mtimeMs: result.mtimeMs, hash: result.hash };
  const outcome: ManifestRecord["outcome"] =
    result.kind === "session"
      ? { kind: "session", digest: result.digest, report: result.report, error: result.error }
      : result.kind === "skipped"
        ? { kind: "skipped", reason: result.reason }
        : { kind: "failed", error: result.error };
  return { file: task.file, path: task.path, ...stat, outcome };
}

async function runTasks(
  tasks: readonly SessionTask[],
  threads: number,
  stderr: ArchiveOptions["stderr"],
): Promise<SessionResult[]> {
  if (tasks.length === 0) return [];
  const progress = progressBar(stderr, tasks.length);
  const runner = createSessionRunner(Math.min(threads, tasks.length));
  // A report that could not be written means the site's disk failed: the sessions not yet started are
  // not rendered for nothing (a full disk stopped after 1 page, not after the 12 MB of the corpus's).
  const stop = new AbortController();
  try {
    return await Promise.all(
      tasks.map((task) =>
        runner
          .run(task, stop.signal)
          .then((result) => {
            if (result.kind === "unwritten") stop.abort();
            return result;
          })
          // processSession never throws; this is a worker that died (out of memory, killed), or a task
          // stopped before it began (the run is failing: writtenResults throws).
          .catch((error: unknown): SessionResult => {
            const reason = error instanceof Error ? error.message : String(error);
            return {
              size: null,
              mtimeMs: null,
              hash: null,
              kind: "failed",
              error: `${task.file}: worker failed: ${reason}`,
            };
          })
          .finally(progress.tick),
      ),
    );
  } finally {
    progress.done();
    await runner.close();
  }
}

/**
 * What stands for the folders that could not be listed: the records an earlier run made of the files in
 * them, kept as they were (a folder that cannot be listed today, by a change of permissions or a disk not
 * mounted, must not empty the site of its sessions), and the folder itself as failed, so that the index
 * and archive.json say so. Each is also said on stderr.
 */
function unlistedRecords(
  unlisted: Discovery["unlisted"],
  previous: ReadonlyMap<string, ManifestRecord>,
  folder: string,
  options: ArchiveOptions,
): ManifestRecord[] {
  const records: ManifestRecord[] = [];
  for (const { folder: below, reason } of unlisted) {
    // A folder's own record (a name ending in "/", from an earlier run) is made afresh below.
    const inside = (file: string) => !file.endsWith("/") && (below === "" || file.startsWith(`${below}/`));
    const kept = [...previous.values()].filter((record) => inside(record.file));
    const name = below === "" ? "the sessions folder" : `${below}/`;
    const what =
      kept.length === 0
        ? "any sessions in it are left out"
        : kept.length === 1
          ? "the session the last run archived from it is kept as it was"
          : `the ${kept.length} sessions the last run archived from it are kept as they were`;
    options.stderr.write(`pi-report: ${name}: cannot be listed (${reason}); ${what}.\n`);
    records.push(...kept, {
      file: below === "" ? "./" : `${below}/`,
      path: join(folder, below),
      size: null,
      mtimeMs: null,
      hash: null,
      outcome: { kind: "failed", error: `this folder cannot be listed (${reason}); ${what}` },
    });
  }
  return records;
}

/** The `.jsonl` names that are no file to read, as skipped: each also said on stderr. */
function notFileRecords(
  notFiles: Discovery["notFiles"],
  folder: string,
  options: ArchiveOptions,
): ManifestRecord[] {
  return notFiles.map(({ file, reason }) => {
    options.stderr.write(`pi-report: ${file}: skipped: ${reason}.\n`);
    const outcome = { kind: "skipped" as const, reason };
    return { file, path: join(folder, file), size: null, mtimeMs: null, hash: null, outcome };
  });
}

/** The files a site writes at its top: in a folder this tool did not make a site of, they are someone's. */
const SITE_FILES = ["index.html", "archive.json", "costs.csv"];

/**
 * Refuses to write the site over files of the same names that no earlier run of it wrote: a folder with a
 * manifest (even one of another version, or damaged) is a site this tool made, and is built again.
 */
function refuseForeignFiles(output: string, options: ArchiveOptions): void {
  if (existsSync(join(output, MANIFEST_FILE))) return;
  const there = SITE_FILES.filter((name) => existsSync(join(output, name)));
  if (there.length === 0) return;
  throw new UsageError(
    `-o ${options.output}: already holds ${there.join(", ")}, not from a site this tool made; give the site a new or empty folder.`,
  );
}

/** Reports an earlier run wrote that the site no longer lists (a session gone or filtered out), absolute. */
function staleReports(output: string, earlier: Manifest | null, model: ArchiveModel): string[] {
  const listed = new Set(model.sessions.map((session) => session.report));
  const stale: string[] = [];
  for (const { outcome } of earlier?.records ?? []) {
    if (outcome?.kind !== "session" || typeof outcome.report !== "string" || listed.has(outcome.report))
      continue;
    if (isReportPath(output, outcome.report)) stale.push(siteFile(output, outcome.report));
  }
  return stale;
}

/**
 * The results, once none is a report that could not be written: one that was means the site's disk
 * failed (full, read-only), and the run stops before anything of the site changes.
 *
 * @throws {Error} with the file system's `code`, which the site transaction turns into one line.
 */
function writtenResults(results: readonly SessionResult[]): Exclude<SessionResult, { kind: "unwritten" }>[] {
  const written: Exclude<SessionResult, { kind: "unwritten" }>[] = [];
  for (const result of results) {
    if (result.kind === "unwritten") {
      throw Object.assign(new Error(result.error), { code: result.code ?? "EIO" });
    }
    written.push(result);
  }
  return written;
}

/**
 * The site's folder is never searched for sessions (it is the archive's own); when it lies inside the
 * sessions folder and holds session files, they are left out, and the user is told so.
 */
function warnOfSessionsInSite(folder: string, output: string, options: ArchiveOptions): void {
  if (!siteInsideSessions(folder, output)) return;
  let left: number;
  try {
    left = discoverSessionFiles(output).files.length;
  } catch {
    return; // No such folder yet: nothing in it.
  }
  if (left === 0) return;
  options.stderr.write(
    `pi-report: ${left} session file${left === 1 ? "" : "s"} inside the site's folder (-o ${options.output}) ${
      left === 1 ? "is" : "are"
    } left out: the site's own folder is not searched; give the site a folder outside the sessions.\n`,
  );
}

/**
 * `pi-report archive`: turns a folder of Pi sessions into a static site in `output`: one HTML report per
 * session (exactly what `pi-report <file>` writes), index.html, archive.json, costs.csv, and a manifest so
 * that the next run reads and renders only what changed. A file that is no Pi session is skipped and one
 * that cannot be read is listed with its error; neither stops the run. The site changes as one: under a
 * lock, every file is written aside first and put in place at the end (`inSiteTransaction`), so a run that
 * fails leaves the site as it was, and one that is killed leaves what the next run removes.
 *
 * @throws {UsageError} for a missing folder, a bad filter, another run writing the site, or a site that
 *   cannot be written (a full disk: nothing of it changed).
 */
export async function runArchive(options: ArchiveOptions): Promise<ArchiveSummary> {
  const cwd = options.cwd ?? process.cwd();
  const folder = resolve(cwd, options.folder ?? piSessionsRoot(options.env).dir);
  const output = resolve(cwd, options.output);
  const filters = parseFilters(options);
  const redaction = options.redaction ?? DEFAULT_REDACTION;
  // A bad --redact pattern is the user's to fix before any work starts (it throws RedactPatternError).
  if (redaction.enabled) await createRedactor({ patterns: redaction.patterns, secrets: false });
  const settings = JSON.stringify({ redaction });
  if (options.output === "-") {
    throw new UsageError(
      "-o -: the archive is a folder of files and cannot go to standard output; give a folder.",
    );
  }
  refuseSiteOverSessions(folder, output, options.output);
  const { files: found, notFiles, unlisted } = discoverSessionFiles(folder, output);
  warnOfSessionsInSite(folder, output, options);
  return inSiteTransaction(output, options.output, async (staging) => {
    const earlier = readManifest(output);
    refuseForeignFiles(output, options);
    if (earlier !== null && earlier.folder !== folder) {
      options.stderr.write(
        `pi-report: -o ${options.output} held the site of ${earlier.folder}; it now shows ${folder} instead.\n`,
      );
    }
    const previous = new Map(
      reusable(earlier, folder, settings) ? earlier.records.map((record) => [record.file, record]) : [],
    );
    const plan = planWork(found, previous, { filters, redaction }, output, staging.path);
    const results = writtenResults(
      await runTasks(plan.tasks, options.workers ?? availableParallelism(), options.stderr),
    );
    const records = [
      ...plan.kept,
      ...plan.tasks.map((task, index) => toRecord(task, results[index] as (typeof results)[number])),
      ...unlistedRecords(unlisted, previous, folder, options),
      ...notFileRecords(notFiles, folder, options),
    ]
      .map((record) =>
        // A session the filters leave out has no report in this site (its earlier one is deleted).
        record.outcome.kind === "session" && !matchesFilters(record.outcome.digest, filters)
          ? { ...record, outcome: { ...record.outcome, report: null } }
          : record,
      )
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

    const model = buildArchiveModel(records, filters);
    await staging.write("index.html", renderIndexHtml(model));
    await staging.write("archive.json", `${JSON.stringify(buildArchiveJson(model), null, 2)}\n`);
    await staging.write("costs.csv", buildCostsCsv(model));
    await staging.write(MANIFEST_FILE, manifestText(folder, settings, records));
    const reports = plan.tasks.filter((_, index) => {
      const result = results[index];
      return result?.kind === "session" && result.rendered;
    });
    staging.commit(
      [...reports.map((task) => task.report), ...SITE_FILES],
      staleReports(output, earlier, model),
      MANIFEST_FILE,
    );

    const rendered = reports.length;
    return {
      folder,
      output,
      sessions: model.sessions.length,
      rendered,
      unchanged: model.sessions.filter((session) => session.report !== null).length - rendered,
      skipped: model.skipped.length,
      failed: model.failed.length + model.sessions.filter((session) => session.error !== null).length,
      filteredOut: model.filteredOut,
      deduplicatedEntries: model.deduplicated.entries,
      deduplicatedCost: model.deduplicated.usage.cost,
      total: model.total.total,
      changes: changesSince(previous, records),
    };
  });
}

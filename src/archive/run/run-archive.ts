import { availableParallelism, hostname } from "node:os";
import { resolve } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { createRedactor } from "../../redact/create-redactor.js";
import { DEFAULT_REDACTION, type RedactionSettings } from "../../redact/redact-session.js";
import { discoverSessionFiles } from "../../sessions/discover.js";
import { parseFilters } from "../../sessions/filters.js";
import { defaultSessionsFolder } from "../../sessions/find-session.js";
import type { Totals } from "../../usage/totals.js";
import { type ManifestRecord, readManifest, reusable } from "../model/manifest.js";
import { siteRedaction } from "../model/site-redaction.js";
import { planWork } from "../pool/plan-work.js";
import type { SessionResult, SessionTask } from "../pool/process-session.js";
import { sessionRecords } from "../pool/session-records.js";
import { notFileRecords, unlistedRecords } from "../pool/unread-records.js";
import { shardName } from "../search/search-index.js";
import { appendSearchText } from "../search/search-text.js";
import { SPILLED_SEARCH_TEXT } from "../search/site-search.js";
import { refuseSiteOverSessions, siteInsideSessions } from "../site/site-location.js";
import { inSiteTransaction } from "../site/site-transaction.js";
import { refuseForeignFiles } from "./site-files.js";
import { writeSite } from "./write-site.js";

/** What `pi-report archive` was asked to do. */
export interface ArchiveOptions {
  /** The folder of sessions (searched recursively); default: Pi's sessions folder from `env`, else oh-my-pi's. */
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
  /** The name archive.json gives this machine (or person), for merging; default: the host's name. */
  machine?: string;
  /** No transcripts: archive.json, costs.csv and an index of the costs only (`--costs-only`). */
  costsOnly?: boolean;
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

/**
 * A session's searchable text, as its result comes, goes to its shard's file in `folder` (in the staging
 * folder; search-text.ts): what is kept of the result is how many pieces there were.
 */
function putSearchTextAside(folder: string) {
  return (task: SessionTask, result: SessionResult): SessionResult => {
    if (result.kind !== "session" || result.search === undefined) return result;
    const { search, ...rest } = result;
    appendSearchText(folder, shardName(task.file), task.file, result.hash, search);
    return { ...rest, searchDocs: search.length };
  };
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
  const folder = resolve(cwd, options.folder ?? defaultSessionsFolder(options.env));
  const output = resolve(cwd, options.output);
  const filters = parseFilters(options);
  const redaction = options.redaction ?? DEFAULT_REDACTION;
  // A bad --redact pattern is the user's to fix before any work starts (it throws RedactPatternError).
  if (redaction.enabled) await createRedactor({ patterns: redaction.patterns, secrets: false });
  const costsOnly = options.costsOnly === true;
  const machine = options.machine ?? hostname();
  // Pages or none: a site switched either way is read again whole.
  const settings = JSON.stringify(costsOnly ? { redaction, costsOnly } : { redaction });
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
    const site = await siteRedaction(redaction);
    const reportPaths = await site.reportPaths(found.map((file) => file.file));
    const plan = planWork(
      found,
      previous,
      { filters, redaction, render: !costsOnly },
      output,
      reportPaths,
      staging.path,
    );
    // This run's searchable text, by shard, until the shards are built (then it is the staged folder's).
    const spilled = staging.path(SPILLED_SEARCH_TEXT);
    const threads = options.workers ?? availableParallelism();
    const { records, reports } = await sessionRecords(plan, {
      unread: () => [
        ...unlistedRecords(unlisted, previous, folder, options.stderr),
        ...notFileRecords(notFiles, folder, options.stderr),
      ],
      filters,
      redaction,
      threads,
      stderr: options.stderr,
      staged: staging.path,
      settle: putSearchTextAside(spilled),
    });
    const model = await writeSite(staging, {
      folder,
      output,
      spilled,
      settings,
      records,
      reports,
      earlier,
      filters,
      machine,
      costsOnly,
      site,
      threads,
    });
    return {
      folder,
      output,
      sessions: model.sessions.length,
      rendered: reports.length,
      unchanged: model.sessions.filter((session) => session.report !== null).length - reports.length,
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

import { existsSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, hostname } from "node:os";
import { join, posix, resolve } from "node:path";
import { UsageError } from "../output/usage-error.js";
import { createRedactor } from "../redact/create-redactor.js";
import { DEFAULT_REDACTION, type RedactionSettings } from "../redact/redact-session.js";
import {
  escapeControlCharactersInJson,
  showControlCharacters,
} from "../render/primitives/control-characters.js";
import { defaultSessionsFolder } from "../sessions/find-session.js";
import type { Totals } from "../usage/totals.js";
import { archiveJsonChunks, buildArchiveJson } from "./archive-json.js";
import { type ArchiveModel, buildArchiveModel } from "./archive-model.js";
import { danglingLinks } from "./child-pages.js";
import { buildCostsCsv } from "./costs-csv.js";
import { discoverSessionFiles } from "./discover.js";
import { matchesFilters, parseFilters } from "./filters.js";
import { renderIndexPages } from "./index-html.js";
import {
  MANIFEST_FILE,
  type Manifest,
  type ManifestRecord,
  manifestChunks,
  readManifest,
  reusable,
} from "./manifest.js";
import { planWork } from "./plan-work.js";
import type { SessionResult, SessionTask } from "./process-session.js";
import { runTasks, type WrittenResult } from "./run-tasks.js";
import {
  SEARCH_LIBRARY,
  type SearchSession,
  type SearchShard,
  searchLibrary,
  searchShards,
  shardName,
} from "./search-index.js";
import { appendSearchText, readSearchText, SEARCH_TEXT_FOLDER, searchTextFile } from "./search-text.js";
import { refuseSiteOverSessions, siteInsideSessions } from "./site-location.js";
import { isReportPath, siteFile } from "./site-paths.js";
import { type SiteRedaction, siteRedaction } from "./site-redaction.js";
import { inSiteTransaction } from "./site-transaction.js";
import { notFileRecords, unlistedRecords } from "./unread-records.js";

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

/** Each part changed by `change`, as it is written (the parts are never all in memory). */
function* mapParts(parts: Iterable<string>, change: (part: string) => string): Generator<string> {
  for (const part of parts) yield change(part);
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

/**
 * The model of a site without transcripts (`--costs-only`): a title taken from a prompt or a name is
 * session text, so every session is named by its file; costs, days, models and projects stay.
 */
function withoutSessionText(model: ArchiveModel): ArchiveModel {
  return {
    ...model,
    sessions: model.sessions.map((session) => ({
      ...session,
      title: posix.basename(session.file),
      titleFrom: "file",
    })),
  };
}

/**
 * The sessions the search finds, with their page and title as the index shows them (`shown`, the model
 * redacted: its sessions are `built`'s, in the same order) and the text their record keeps.
 */
function searchSessions(
  built: ArchiveModel,
  shown: ArchiveModel,
  records: readonly ManifestRecord[],
): SearchSession[] {
  const byFile = new Map(records.map((record) => [record.file, record]));
  return built.sessions.flatMap((session, index): SearchSession[] => {
    const record = byFile.get(session.file);
    const display = shown.sessions[index];
    if (record?.outcome.kind !== "session" || display?.report == null) return [];
    const docCount = record.outcome.searchDocs ?? 0;
    return [
      { file: session.file, report: display.report, title: display.title, hash: record.hash, docCount },
    ];
  });
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
 * Writes the search shards that changed, each with the text it was built from, one at a time, and the
 * library when there is any: the files to put in place.
 */
async function writeSearch(
  staging: { write(relative: string, content: string): Promise<void> },
  shards: readonly SearchShard[],
): Promise<string[]> {
  if (shards.length === 0) return [];
  const written: string[] = [SEARCH_LIBRARY];
  await staging.write(SEARCH_LIBRARY, searchLibrary());
  for (const shard of shards) {
    if (shard.build === null) continue;
    const { text, inputs } = shard.build();
    await staging.write(shard.path, text);
    await staging.write(searchTextFile(shard.name), inputs);
    written.push(shard.path, searchTextFile(shard.name));
  }
  return written;
}

/** Text files of shards an earlier run wrote that this one has not (site-relative). */
function staleSearchText(output: string, shards: readonly SearchShard[]): string[] {
  const folder = join(output, SEARCH_TEXT_FOLDER);
  if (!existsSync(folder)) return [];
  const now = new Set(shards.map((shard) => searchTextFile(shard.name)));
  return readdirSync(folder)
    .map((name) => `${SEARCH_TEXT_FOLDER}/${name}`)
    .filter((path) => !now.has(path));
}

/**
 * The model as the site shows it. The sessions' usage piece by piece holds nothing to redact and is most
 * of the model at 10,000 sessions: it is set aside rather than copied by the redaction, and put back.
 */
export async function shownWithUsage(site: SiteRedaction, model: ArchiveModel): Promise<ArchiveModel> {
  const usage = model.sessions.map((session) => session.usage);
  const shown = await site.shown({
    ...model,
    sessions: model.sessions.map((session) => ({ ...session, usage: [] })),
  });
  // The redaction keeps the sessions' order.
  return {
    ...shown,
    sessions: shown.sessions.map((session, index) => ({ ...session, usage: usage[index] ?? [] })),
  };
}

/** Writes the index's pages (index.html, index-2.html, …): the names of those after the first. */
export async function writeIndexPages(
  staging: { write(relative: string, content: string): Promise<void> },
  model: ArchiveModel,
  search: Parameters<typeof renderIndexPages>[1],
): Promise<string[]> {
  const pages = renderIndexPages(model, search);
  for (const page of pages) await staging.write(page.name, showControlCharacters(page.html));
  return pages.map((page) => page.name).filter((name) => name !== "index.html");
}

/** Pages of the index an earlier run wrote that this one does not (the site has fewer sessions now). */
export function stalePages(output: string, pages: readonly string[]): string[] {
  const now = new Set(pages);
  return readdirSync(output).filter((name) => /^index-[0-9]+\.html$/.test(name) && !now.has(name));
}

/** The files a site writes at its top: in a folder this tool did not make a site of, they are someone's. */
export const SITE_FILES = ["index.html", "archive.json", "costs.csv"];

/**
 * Refuses to write the site over files of the same names that no earlier run of it wrote: a folder with a
 * manifest (even one of another version, or damaged) is a site this tool made, and is built again.
 */
export function refuseForeignFiles(output: string, options: { output: string }): void {
  if (existsSync(join(output, MANIFEST_FILE))) return;
  const there = SITE_FILES.filter((name) => existsSync(join(output, name)));
  if (there.length === 0) return;
  throw new UsageError(
    `-o ${options.output}: already holds ${there.join(", ")}, not from a site this tool made; give the site a new or empty folder.`,
  );
}

/** Reports an earlier run wrote that the site no longer lists (a session gone or filtered out), absolute. */
export function staleReports(output: string, earlier: Manifest | null, model: ArchiveModel): string[] {
  const listed = new Set(model.sessions.map((session) => session.report));
  const stale: string[] = [];
  for (const { outcome } of earlier?.records ?? []) {
    if (outcome?.kind !== "session" || typeof outcome.report !== "string" || listed.has(outcome.report))
      continue;
    if (isReportPath(output, outcome.report)) stale.push(outcome.report);
  }
  return stale;
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
    const threads = options.workers ?? availableParallelism();
    // This run's searchable text, by shard, until the shards are built (then it is the staged folder's).
    const spilled = staging.path(".search-text");
    const settle = putSearchTextAside(spilled);
    const results = await runTasks(plan.tasks, threads, options.stderr, settle);
    const firstRecords = [
      ...plan.kept,
      ...plan.tasks.map((task, index) => toRecord(task, results[index] as (typeof results)[number])),
      ...unlistedRecords(unlisted, previous, folder, options.stderr),
      ...notFileRecords(notFiles, folder, options.stderr),
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
      rmSync(staging.path(report), { force: true });
      return {
        path: record.path,
        file,
        report,
        reportFile: staging.path(report),
        childPages,
        filters,
        redaction,
      };
    });
    const relinked = await runTasks(relink, threads, options.stderr, settle);
    const again = new Map(
      relink.map((task, index) => [task.file, toRecord(task, relinked[index] as WrittenResult)]),
    );
    const records = firstRecords.map((record) => again.get(record.file) ?? record);

    // Shown as the pages are: the files' names, cwds and titles redacted.
    const built = buildArchiveModel(records, filters, machine);
    const model = await shownWithUsage(site, costsOnly ? withoutSessionText(built) : built);
    // Terminal controls and bidi overrides from the sessions are shown, as in the pages (costs.csv's
    // cells do so themselves: its line ends are CRLF).
    const search = costsOnly
      ? []
      : searchShards(
          searchSessions(built, model, records),
          settings,
          earlier?.searchShards ?? {},
          (path) => existsSync(siteFile(output, path)),
          // This run's text first (a session read again), then the text the site's shard was built from.
          (shard, members) => {
            const thisRun = siteFile(spilled, searchTextFile(shard));
            const docs = readSearchText(
              [thisRun, siteFile(output, searchTextFile(shard))],
              new Map(members.map((member) => [member.file, member.hash])),
            );
            // Gone before the shard's files are written: a run needs no more room on disk than its site.
            rmSync(thisRun, { force: true });
            return docs;
          },
        );
    const searchFiles = await writeSearch(staging, search);
    const pages = await writeIndexPages(
      staging,
      model,
      search.length === 0 ? null : { library: SEARCH_LIBRARY, shards: search.map((s) => s.path) },
    );
    await staging.write(
      "archive.json",
      mapParts(archiveJsonChunks(buildArchiveJson(model, costsOnly)), escapeControlCharactersInJson),
    );
    await staging.write("costs.csv", buildCostsCsv(model));
    await staging.write(
      MANIFEST_FILE,
      mapParts(
        manifestChunks(
          folder,
          settings,
          records,
          Object.fromEntries(search.map((shard) => [shard.path, shard.fingerprint])),
        ),
        escapeControlCharactersInJson,
      ),
    );
    const rendered = (tasks: readonly SessionTask[], done: readonly WrittenResult[]) =>
      tasks.filter((_, index) => {
        const result = done[index];
        return result?.kind === "session" && result.rendered;
      });
    // A page rendered again replaces the first (whose staged file is gone, whatever became of it).
    const reports = [
      ...rendered(plan.tasks, results).filter((task) => !again.has(task.file)),
      ...rendered(relink, relinked),
    ].map((task) => task.report);
    const shards = new Set(search.map((shard) => shard.path));
    const staleSearch = [
      ...Object.keys(earlier?.searchShards ?? {}).filter((path) => !shards.has(path)),
      ...(search.length === 0 && earlier?.searchShards !== undefined ? [SEARCH_LIBRARY] : []),
    ].filter((path) => existsSync(siteFile(output, path)));
    staleSearch.push(...staleSearchText(output, search));
    staging.commit(
      [...reports, ...SITE_FILES, ...pages, ...searchFiles],
      [...staleReports(output, earlier, model), ...staleSearch, ...stalePages(output, pages)],
      MANIFEST_FILE,
    );

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

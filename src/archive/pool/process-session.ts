import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { analyze, type SessionAnalysis } from "../../pipeline.js";
import { SessionReadError, type SessionReadErrorCode } from "../../read/errors.js";
import { parseSessionBytes } from "../../read/parse-session-text.js";
import type { RedactionSettings } from "../../redact/redact-session.js";
import { OUTPUT_FORMATS } from "../../render/formats.js";
import { type ArchiveFilters, matchesFilters } from "../../sessions/filters.js";
import { digestSession, type SessionDigest } from "../../sessions/session-digest.js";
import { type SearchDoc, searchDocs } from "../search/search-docs.js";
import { writeWholeFile } from "../site/write-whole-file.js";

/** One session file for a worker: read, digest, and render when the site shows it. */
export interface SessionTask {
  /** The session file: absolute, and its name in the archive (path below the folder, `/`-separated). */
  path: string;
  file: string;
  /** Where its report is written (absolute, in the run's staging folder), and as the site links it. */
  reportFile: string;
  report: string;
  /**
   * The pages of archived files its sub-agent runs may have run in, by absolute path, as links from its
   * own page (`childPageLinks`): a run's card links its file's page.
   */
  childPages: Record<string, string>;
  filters: ArchiveFilters;
  /** False for a site without transcripts (`--costs-only`): the session is read and digested only. */
  render?: boolean;
  /**
   * Kept without rendering: the titles stay in the digest. For `pi-report costs`, whose records stay on this
   * machine (its cache); a costs-only site, which is shared, keeps none.
   */
  keepTitles?: boolean;
  /** How every string is redacted before the session is read on (as for a single report). */
  redaction: RedactionSettings;
}

/** What became of a task. Small on purpose: it crosses threads and lands in the manifest. */
export type SessionResult = {
  /** Size and mtime of the file as read (fstat before reading); null when it could not be opened. */
  size: number | null;
  mtimeMs: number | null;
  /** SHA-256 (hex) of the bytes read; null when they could not be read. */
  hash: string | null;
} & (
  | {
      kind: "session";
      digest: SessionDigest;
      report: string | null;
      rendered: boolean;
      error: string | null;
      /** Its searchable text, when its page was written (the site's search finds the page's entries). */
      search?: SearchDoc[];
      /** How many docs `search` had, once the run has put them aside (search-text.ts). */
      searchDocs?: number;
    }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; error: string }
  // The report could not be written into the run's staging folder (a full disk): the run stops.
  | { kind: "unwritten"; code: string | null; error: string }
);

/** Read errors that mean "this .jsonl is something else", as opposed to a Pi session we failed to read. */
const NOT_A_PI_SESSION: ReadonlySet<SessionReadErrorCode> = new Set(["not-a-session", "binary"]);

/** What went wrong, for the index's list beside the file's name: so without the path the message starts with. */
function describe(error: unknown): string {
  if (error instanceof SessionReadError) {
    const named = `${error.path}: `;
    return error.message.startsWith(named) ? error.message.slice(named.length) : error.message;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code === undefined ? `internal error: ${message} (please report it)` : message;
}

function readWithStat(path: string): { bytes: Buffer; size: number; mtimeMs: number } {
  const fd = openSync(path, "r");
  try {
    // fstat first: if the file grows while we read, the manifest holds the older stat and the next run
    // looks again, never the other way round.
    const stat = fstatSync(fd);
    return { bytes: readFileSync(fd), size: stat.size, mtimeMs: stat.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/**
 * The worker's job for one file. Never throws: a file that is no Pi session comes back `skipped`, one that
 * cannot be read or crashes the reader comes back `failed`, and a report that cannot be rendered or
 * written leaves the session listed with its `error`. The report is exactly what `pi-report <file>` writes.
 */
export async function processSession(task: SessionTask): Promise<SessionResult> {
  let read: ReturnType<typeof readWithStat>;
  try {
    read = readWithStat(task.path);
  } catch (error) {
    return {
      size: null,
      mtimeMs: null,
      hash: null,
      kind: "failed",
      error: `${task.file}: ${describe(error)}`,
    };
  }
  const base = {
    size: read.size,
    mtimeMs: read.mtimeMs,
    hash: createHash("sha256").update(read.bytes).digest("hex"),
  };

  let analysis: SessionAnalysis;
  let digest: SessionDigest;
  try {
    // Named by its path in the archive: the site's messages do not depend on where the folder lives.
    analysis = await analyze(parseSessionBytes(read.bytes, task.file), {
      sessionPath: task.path,
      redaction: task.redaction,
    });
    digest = digestSession(analysis, task.path);
  } catch (error) {
    if (error instanceof SessionReadError && NOT_A_PI_SESSION.has(error.code)) {
      return { ...base, kind: "skipped", reason: describe(error) };
    }
    return { ...base, kind: "failed", error: describe(error) };
  }
  if (task.render === false) {
    // A site without transcripts keeps no session text, its manifest neither: named by its file.
    const named =
      task.keepTitles === true
        ? digest
        : { ...digest, title: posix.basename(task.file), titleFrom: "file" as const };
    return { ...base, kind: "session", digest: named, report: null, rendered: false, error: null };
  }
  if (!matchesFilters(digest, task.filters)) {
    return { ...base, kind: "session", digest, report: null, rendered: false, error: null };
  }
  let html: string | readonly string[];
  try {
    // The site's pages are the HTML reports, as `pi-report <file>` writes them.
    ({ text: html } = await OUTPUT_FORMATS.html.render({
      analysis,
      sourcePath: task.path,
      thinking: true,
      childPages: new Map(Object.entries(task.childPages)),
    }));
  } catch (error) {
    const reason = describe(error);
    return { ...base, kind: "session", digest, report: null, rendered: false, error: `no report: ${reason}` };
  }
  try {
    await writeWholeFile(task.reportFile, html);
  } catch (error) {
    // The site's disk, not the session, failed: the run stops and leaves the site as it was (runArchive).
    const code = (error as NodeJS.ErrnoException).code;
    return { ...base, kind: "unwritten", code: code ?? null, error: describe(error) };
  }
  return {
    ...base,
    kind: "session",
    digest,
    report: task.report,
    rendered: true,
    error: null,
    search: searchDocs(analysis),
  };
}

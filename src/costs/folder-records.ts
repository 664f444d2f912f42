import type { ManifestRecord } from "../archive/model/manifest.js";
import type { WorkPlan } from "../archive/pool/plan-work.js";
import { sessionRecords } from "../archive/pool/session-records.js";
import { notFileRecords, unlistedRecords } from "../archive/pool/unread-records.js";
import { DEFAULT_REDACTION } from "../redact/redact-session.js";
import { discoverSessionFiles, type FoundFile } from "../sessions/discover.js";
import type { ArchiveFilters } from "../sessions/filters.js";
import { keepInCache, openCostsCache } from "./costs-cache.js";
import { type SiteToReuse, siteRecords } from "./site-records.js";

/** What `folderRecords` needs. */
export interface FolderReading {
  /** The sessions folder, absolute. */
  folder: string;
  filters: ArchiveFilters;
  env: Record<string, string | undefined>;
  /** An archive site whose records may stand for reading the sessions again. */
  site: SiteToReuse | null;
  /** Worker threads (0: this thread). */
  threads: number;
  /** Warnings, and the progress bar when it is a terminal. */
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
}

/** Every file's record, and how many sessions this run read and how many records it took as they were. */
export interface FolderRecords {
  records: ManifestRecord[];
  read: number;
  reused: number;
}

/** The settings the cache's records were made with: the archive's redaction, and this cache's shape. */
const SETTINGS = JSON.stringify({ redaction: DEFAULT_REDACTION, costs: 1 });

/** Whether a record stands for the file as it is now: same size and time, and made with Pi's figure. */
function standsFor(record: ManifestRecord | undefined, file: FoundFile): record is ManifestRecord {
  if (record === undefined || record.size !== file.size || record.mtimeMs !== file.mtimeMs) return false;
  return record.outcome.kind !== "session" || record.outcome.digest.piShows !== undefined;
}

/**
 * The archive's records of every session file in the folder, made as `pi-report archive --costs-only`
 * makes them (`processSession`, in the archive's worker pool) for the files that changed since the cache
 * or the site last saw them; the rest are taken as they were. The cache is then kept for the next run.
 */
export async function folderRecords(reading: FolderReading): Promise<FolderRecords> {
  const { folder, filters, stderr } = reading;
  const { files, notFiles, unlisted } = discoverSessionFiles(folder);
  const cache = openCostsCache(reading.env, folder, SETTINGS);
  const site = reading.site === null ? new Map() : siteRecords(reading.site, folder, stderr);
  const plan: WorkPlan = { kept: [], tasks: [] };
  const previous = new Map<string, ManifestRecord>();
  // Whether the cache differs from what this run found: a file read, taken from the site, new or gone.
  let changed = files.length + notFiles.length + unlisted.length !== cache.records.size;
  for (const file of [...files].sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1))) {
    const cached = cache.records.get(file.file);
    const standing = standsFor(cached, file) ? cached : site.get(file.file);
    if (standing !== undefined) previous.set(file.file, standing);
    if (standsFor(standing, file)) {
      if (standing !== cached) changed = true;
      plan.kept.push({ ...standing, path: file.path });
      continue;
    }
    changed = true;
    // Largest first, as the archive plans it: no thread is left finishing one long session at the end.
    plan.tasks.push({
      path: file.path,
      file: file.file,
      report: "",
      reportFile: "",
      childPages: {},
      filters,
      render: false,
      keepTitles: true,
      redaction: DEFAULT_REDACTION,
    });
  }
  const { records } = await sessionRecords(plan, {
    unread: () => [
      ...unlistedRecords(unlisted, previous, folder, stderr),
      ...notFileRecords(notFiles, folder, stderr),
    ],
    filters,
    redaction: DEFAULT_REDACTION,
    threads: reading.threads,
    stderr,
    staged: () => {
      throw new Error("pi-report costs writes no page");
    },
    settle: (_, result) => result,
    doing: "reading",
  });
  if (changed || records.some((record) => !cache.records.has(record.file))) {
    const why = await keepInCache(cache, folder, SETTINGS, records);
    if (why !== null) {
      stderr.write(
        `pi-report: the costs cache (${cache.dir ?? "none"}) cannot be written (${why}); the next run reads every session again.\n`,
      );
    }
  }
  return { records, read: plan.tasks.length, reused: plan.kept.length };
}

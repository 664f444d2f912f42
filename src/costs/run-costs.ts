import { availableParallelism, homedir, hostname } from "node:os";
import { resolve, sep } from "node:path";
import { buildArchiveJson } from "../archive/model/archive-json.js";
import type { ArchiveModel } from "../archive/model/archive-model.js";
import { buildArchiveModel } from "../archive/model/archive-model.js";
import type { FileRecord } from "../archive/model/manifest.js";
import { type MergeInput, mergedRecords, readMergeInput } from "../archive/model/merge-archives.js";
import { DEFAULT_REDACTION } from "../redact/redact-session.js";
import { type ArchiveFilters, parseFilters } from "../sessions/filters.js";
import { defaultSessionsFolder } from "../sessions/find-session.js";
import { checkTimeZone, localTimeZone } from "../sessions/time-zone.js";
import type { CostsBy, CostsJson } from "./costs-json.js";
import { type Estimator, loadEstimator } from "./estimate.js";
import { folderRecords } from "./folder-records.js";
import { buildCostsJson } from "./group-costs.js";
import type { SiteToReuse } from "./site-records.js";

/** What `pi-report costs` was asked for. */
export interface CostsOptions {
  /** The sessions folder; default: Pi's, as `archive` finds it. With `merge`, only when given. */
  folder?: string;
  by: CostsBy;
  since?: string;
  until?: string;
  project?: string;
  /** An IANA time zone for the days; default: this machine's. */
  timeZone?: string;
  /** Default: oldest first for periods and sessions, largest first for models, projects and machines. */
  order?: "asc" | "desc";
  /** Price unpriced tokens from a price table, beside the recorded cost. */
  estimate?: boolean;
  /** Other machines' archives (site folders or archive.json files), for a team's total. */
  merge?: string[];
  /** An archive site of the same folder whose records may spare reading sessions again. */
  site?: SiteToReuse | null;
  /** The name this machine's sessions go by; default: the host's name. */
  machine?: string;
  env: Record<string, string | undefined>;
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd?: string;
  /** Worker threads; default: one per core; 0: this thread. */
  workers?: number;
}

/**
 * The model as `archive` shows it: session names and folders redacted. Loaded when a table shows
 * sessions, or this machine's sessions join a merge: the other tables show nothing of them by name.
 */
async function shown(model: ArchiveModel): Promise<ArchiveModel> {
  const { shownWithUsage, siteRedaction } = await import("../archive/model/site-redaction.js");
  return shownWithUsage(await siteRedaction(DEFAULT_REDACTION), model);
}

/** The records to count and where they came from: a folder's sessions, other machines' archives, or both. */
async function gather(
  options: CostsOptions,
  filters: ArchiveFilters,
  cwd: string,
): Promise<{ records: FileRecord[]; machine: string | null; sources: CostsJson["sources"] }> {
  const merging = options.merge !== undefined && options.merge.length > 0;
  const machine = options.machine ?? hostname();
  const folder =
    options.folder !== undefined || !merging
      ? resolve(cwd, options.folder ?? defaultSessionsFolder(options.env))
      : null;
  const read =
    folder === null
      ? null
      : await folderRecords({
          folder,
          filters,
          env: options.env,
          site: options.site ?? null,
          threads: options.workers ?? availableParallelism(),
          stderr: options.stderr,
        });
  if (!merging) return { records: read?.records ?? [], machine, sources: { folder, merged: [] } };
  const inputs: MergeInput[] = (options.merge ?? []).map((given) => readMergeInput(given, cwd));
  if (read !== null && folder !== null) {
    // This machine's sessions join as its archive.json would: named and redacted as `archive` names them.
    const model = buildArchiveModel(read.records, parseFilters({}), machine);
    inputs.unshift({ given: folder, path: folder, json: buildArchiveJson(await shown(model)) });
  }
  return {
    records: mergedRecords(inputs),
    machine: null,
    sources: { folder, merged: inputs.filter((input) => input.path !== folder).map((input) => input.path) },
  };
}

/**
 * `pi-report costs`: the archive's counting of a folder of sessions (and of other machines' archives), as a
 * table by day, week, month, session, model, project or machine. Sessions are read as `archive` reads them,
 * in its worker pool, and only when they changed since the last run (a cache in the user's cache folder, or
 * an archive site of the same folder).
 *
 * @throws {UsageError} for a missing folder, a bad filter or time zone, or an archive that cannot be merged.
 */
export async function runCosts(options: CostsOptions): Promise<CostsJson> {
  const cwd = options.cwd ?? process.cwd();
  const timeZone =
    options.timeZone === undefined ? localTimeZone(options.env) : checkTimeZone("--tz", options.timeZone);
  const parsed = parseFilters(options);
  // In UTC the filters are the archive's own; elsewhere --since and --until name that zone's days.
  const filters: ArchiveFilters = timeZone === "UTC" ? parsed : { ...parsed, timeZone };
  const estimator: Estimator | null = options.estimate === true ? await loadEstimator() : null;
  const { records, machine, sources } = await gather(options, filters, cwd);
  // Paths as every output of this tool shows them: the home directory as `~` (the JSON may be shared).
  const home = options.env.HOME || homedir();
  const shownPath = (path: string): string =>
    path === home || path.startsWith(`${home}${sep}`) ? `~${path.slice(home.length)}` : path;
  const periods =
    options.by === "day" || options.by === "week" || options.by === "month" || options.by === "session";
  return buildCostsJson(records, {
    by: options.by,
    timeZone,
    order: options.order ?? (periods ? "asc" : "desc"),
    filters,
    machine,
    estimator,
    sources: {
      folder: sources.folder === null ? null : shownPath(sources.folder),
      merged: sources.merged.map(shownPath),
    },
    shown,
  });
}

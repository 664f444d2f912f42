import { homedir } from "node:os";
import { UsageError } from "../output/usage-error.js";
import { homeDirsFrom } from "../redact/home-dirs.js";
import type { SessionDigest } from "./session-digest.js";
import { utcDay, zonedDay } from "./time-zone.js";

/** Which sessions the site shows. Dates are UTC days (YYYY-MM-DD), both ends inclusive. */
export interface ArchiveFilters {
  since: string | null;
  until: string | null;
  /** A substring of the header's `cwd` (case-sensitive, as paths are; a home directory may be given as `~` or in full). */
  project: string | null;
  /** The IANA time zone whose days `since` and `until` are (`pi-report costs --tz`); absent: UTC. */
  timeZone?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(flag: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  // Round-tripping through Date rejects 2025-02-30 as well as text that is no date at all.
  if (!DAY.test(value) || utcDay(`${value}T00:00:00.000Z`) !== value) {
    throw new UsageError(`${flag} ${value}: not a date; give a day as YYYY-MM-DD, e.g. ${flag} 2025-06-01.`);
  }
  return value;
}

/**
 * Checks and normalises the filter flags.
 *
 * @throws {UsageError} for a date that is not YYYY-MM-DD, or --since after --until.
 */
export function parseFilters(flags: { since?: string; until?: string; project?: string }): ArchiveFilters {
  const since = parseDay("--since", flags.since);
  const until = parseDay("--until", flags.until);
  if (since !== null && until !== null && since > until) {
    throw new UsageError(`--since ${since} is after --until ${until}; no session could match.`);
  }
  const project = flags.project === undefined || flags.project === "" ? null : flags.project;
  return { since, until, project };
}

/**
 * Whether the site shows a session: its start day (in `timeZone`, else UTC) within --since/--until (a
 * session whose start cannot be read matches no date filter) and --project found in its header's cwd.
 */
export function matchesFilters(digest: SessionDigest, filters: ArchiveFilters): boolean {
  if (filters.since !== null || filters.until !== null) {
    const day = zonedDay(digest.startedAt, filters.timeZone ?? "UTC");
    if (day === null) return false;
    if (filters.since !== null && day < filters.since) return false;
    if (filters.until !== null && day > filters.until) return false;
  }
  if (
    filters.project !== null &&
    !projectForms(filters.project).some((form) => (digest.cwd ?? "").includes(form))
  )
    return false;
  return true;
}

/**
 * What `--project` may be found as in a session's cwd. The cwd the archive keeps is redacted: a home
 * directory shows as `~` (`/home/dev/app` is `~/app`), so a path given in full, as `$PWD` is, is also
 * looked for with its home directory as `~`.
 */
function projectForms(project: string): string[] {
  const homes = homeDirsFrom(project, homedir()).filter((home) => project.startsWith(home));
  const shortened = homes.map((home) => `~${project.slice(home.length)}`);
  return [project, ...shortened.filter((form) => form !== project)];
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import { MANIFEST_FILE, type ManifestRecord, readManifest } from "../archive/model/manifest.js";
import { UsageError } from "../output/usage-error.js";
import { TOOL_VERSION } from "../version.js";

/** A site `pi-report archive` wrote, whose records of the sessions may spare reading them again. */
export interface SiteToReuse {
  /** Its folder, absolute. */
  path: string;
  /** As the user gave it (`--site`), or null for the default site folder, looked for in silence. */
  given: string | null;
}

/** Whether a site's settings redacted what it kept (titles, folders): its records may then be shown. */
function redacted(settings: string): boolean {
  try {
    return (JSON.parse(settings) as { redaction?: { enabled?: unknown } }).redaction?.enabled === true;
  } catch {
    return false;
  }
}

/**
 * The records an archive site keeps of `folder`'s session files (its manifest), as a run of `costs` reads
 * them: digests only, without the site's pages. Nothing when the site is of another folder, another version
 * or was not redacted; a site the user named (`--site`) says why on stderr.
 *
 * @throws {UsageError} when the site the user named holds no archive at all.
 */
export function siteRecords(
  site: SiteToReuse,
  folder: string,
  stderr: { write(chunk: string): unknown },
): Map<string, ManifestRecord> {
  const none = new Map<string, ManifestRecord>();
  if (!existsSync(join(site.path, MANIFEST_FILE))) {
    if (site.given === null) return none;
    throw new UsageError(
      `--site ${site.given}: no archive there (no ${MANIFEST_FILE}); give the folder \`pi-report archive -o\` wrote.`,
    );
  }
  const manifest = readManifest(site.path);
  const why =
    manifest === null
      ? "its manifest cannot be read (damaged, or of another version)"
      : manifest.folder !== folder
        ? `it is the archive of ${manifest.folder}`
        : manifest.generator !== TOOL_VERSION
          ? `it was written by pi-report ${manifest.generator}`
          : !redacted(manifest.settings)
            ? "it was written with --no-redact"
            : null;
  if (manifest === null || why !== null) {
    if (site.given !== null)
      stderr.write(`pi-report: --site ${site.given}: not used: ${why}; the sessions are read.\n`);
    return none;
  }
  return new Map(
    manifest.records.map(({ childPages: _, ...record }) => [
      record.file,
      record.outcome.kind === "session"
        ? { ...record, outcome: { ...record.outcome, report: null } }
        : record,
    ]),
  );
}

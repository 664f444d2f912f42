import { createHash } from "node:crypto";
import { readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { realPathOf } from "./site-location.js";

/** The site's folder of session reports; nothing else is ever deleted from the output folder. */
export const REPORTS_FOLDER = "sessions";
/** The site's folder of search files: the library, and the index in shards (search-index.ts). */
export const SEARCH_FOLDER = "search";
/**
 * The site's folder of searchable text, a file a search shard: what a shard is built from, so that a
 * run rebuilding one reads the text of its sessions that were not read again (search-text.ts).
 */
export const SEARCH_TEXT_FOLDER = "pi-report-search";

/**
 * Where a session's report goes in the site, relative to it: the session's path below the archived
 * folder as the site shows it (redacted), under `sessions/`, `.jsonl` -> `.html`. A secret's marker
 * becomes a name a file system takes (`[redacted: github-token]` -> `redacted-github-token`).
 */
export function reportPathOf(shownFile: string): string {
  const name = shownFile.replace(/\[redacted: ([a-z0-9-]+)\]/g, "redacted-$1").replace(/\.jsonl$/, "");
  return `${REPORTS_FOLDER}/${name}.html`;
}

/**
 * Each file's report path, from its shown name (`shown`, by file; the file's own name where absent).
 * Readable, and the same on every run for the same files. Where two files' shown names are the same
 * (alice's and bob's `--~-app--/x.jsonl`), the first in byte order keeps the plain path and each other
 * one gets a suffix from a hash of its own name (`x-3f9a0c1b.html`), which no other file changes.
 */
export function reportPaths(
  files: readonly string[],
  shown: ReadonlyMap<string, string>,
): Map<string, string> {
  const byPath = new Map<string, string[]>();
  for (const file of [...files].sort(byteOrder)) {
    const path = reportPathOf(shown.get(file) ?? file);
    byPath.set(path, [...(byPath.get(path) ?? []), file]);
  }
  const paths = new Map<string, string>();
  for (const [path, named] of byPath) {
    named.forEach((file, index) => {
      const suffix = createHash("sha256").update(file).digest("hex").slice(0, 8);
      paths.set(file, index === 0 ? path : path.replace(/\.html$/, `-${suffix}.html`));
    });
  }
  return paths;
}

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The absolute path of a site-relative `/`-separated path. */
export function siteFile(output: string, relative: string): string {
  return join(output, ...relative.split("/"));
}

/**
 * Whether a site-relative path names a report this tool may replace or delete: an `.html` file inside
 * `sessions/`, as written and where it really is (through symbolic links). Guards against a hand-edited
 * manifest pointing anywhere else.
 */
export function isReportPath(output: string, relative: string): boolean {
  const folder = resolve(output, REPORTS_FOLDER);
  const path = resolve(siteFile(output, relative));
  return (
    relative.endsWith(".html") &&
    path.startsWith(folder + sep) &&
    realPathOf(path).startsWith(realPathOf(folder) + sep)
  );
}

/** A link to a site-relative path from the site's root (each segment percent-encoded). */
export function hrefOf(relative: string): string {
  return relative.split("/").map(encodeURIComponent).join("/");
}

/**
 * Deletes a report (a path `isReportPath` allows), and the folders it leaves empty up to `sessions/`:
 * a folder's name can spell a user's name (a site made with `--no-redact`, or by an older version).
 */
export function removeReport(output: string, relative: string): void {
  const top = resolve(output, REPORTS_FOLDER);
  const file = resolve(siteFile(output, relative));
  rmSync(file, { force: true });
  for (let folder = dirname(file); folder.startsWith(top + sep); folder = dirname(folder)) {
    try {
      if (readdirSync(folder).length > 0) return;
      rmdirSync(folder);
    } catch {
      return; // Gone already, or not ours to remove: the report itself is what mattered.
    }
  }
}

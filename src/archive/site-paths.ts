import { join, resolve, sep } from "node:path";

/** The site's folder of session reports; nothing else is ever deleted from the output folder. */
export const REPORTS_FOLDER = "sessions";

/**
 * Where a session's report goes in the site, relative to it: the session's own path below the archived
 * folder, under `sessions/`, `.jsonl` -> `.html`. Readable, stable across runs, and unique because the
 * inputs' paths are.
 */
export function reportPathOf(file: string): string {
  return `${REPORTS_FOLDER}/${file.replace(/\.jsonl$/, "")}.html`;
}

/** The absolute path of a site-relative `/`-separated path. */
export function siteFile(output: string, relative: string): string {
  return join(output, ...relative.split("/"));
}

/**
 * Whether a site-relative path names a report this tool may replace or delete: an `.html` file inside
 * `sessions/`. Guards against a hand-edited manifest pointing anywhere else.
 */
export function isReportPath(output: string, relative: string): boolean {
  const folder = resolve(output, REPORTS_FOLDER) + sep;
  return relative.endsWith(".html") && resolve(siteFile(output, relative)).startsWith(folder);
}

/** A link to a site-relative path from the site's root (each segment percent-encoded). */
export function hrefOf(relative: string): string {
  return relative.split("/").map(encodeURIComponent).join("/");
}

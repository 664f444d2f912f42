import { type Dirent, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { REPORTS_FOLDER, SEARCH_FOLDER, SEARCH_TEXT_FOLDER } from "./site-paths.js";

/** The site's folders a run writes and deletes in: its pages, and its search's files. */
const OWN_FOLDERS = [REPORTS_FOLDER, SEARCH_FOLDER, SEARCH_TEXT_FOLDER];

/** The first symbolic link at or below `relative` (site-relative), or null. */
function firstLink(output: string, relative: string): string | null {
  let entry: ReturnType<typeof lstatSync>;
  try {
    entry = lstatSync(join(output, relative));
  } catch {
    return null; // Not there: nothing to follow.
  }
  if (entry.isSymbolicLink()) return relative;
  if (!entry.isDirectory()) return null;
  let inside: Dirent[];
  try {
    inside = readdirSync(join(output, relative), { withFileTypes: true });
  } catch {
    return null; // Unreadable: the run's own writes there fail and say so.
  }
  // In name order: the same link is named on every run and every file system.
  inside.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const child of inside) {
    const path = `${relative}/${child.name}`;
    if (child.isSymbolicLink()) return path;
    if (child.isDirectory()) {
      const below = firstLink(output, path);
      if (below !== null) return below;
    }
  }
  return null;
}

/**
 * Refuses a site whose own folders (`sessions/`, `search/`, `pi-report-search/`) hold a symbolic link:
 * a run writes pages through them and deletes the pages of gone sessions, so a link there (a site folder
 * someone prepared, on a shared disk or received) would make it write or delete outside the site. The
 * site's folder itself may be a link: the user chose it with `-o`.
 *
 * @throws {UsageError} naming the link, as `-o` was given.
 */
export function refuseLinksInSite(output: string, given: string): void {
  for (const folder of OWN_FOLDERS) {
    const link = firstLink(output, folder);
    if (link === null) continue;
    throw new UsageError(
      `-o ${given}: ${link} is a symbolic link; a site's ${folder}/ holds none (a run writes and deletes there, and would do so outside the site): remove it, or give the site a new folder.`,
    );
  }
}

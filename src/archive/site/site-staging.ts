import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPORTS_FOLDER, removeReport, siteFile } from "./site-paths.js";
import { writeWholeFile } from "./write-whole-file.js";

/**
 * The folder in the site where a run writes every file before any takes its place. Its name is the
 * run's own: the next run, holding the lock, removes whatever a killed run left in it.
 */
export const STAGING_FOLDER = ".pi-report-staging";

/** Thrown when the site could not be put in place after it began to change (a rename failed). */
export class PartialCommitError extends Error {
  override readonly name = "PartialCommitError";
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** One run's new files for the site, written aside and put in place together at the end. */
export interface SiteStaging {
  /** Where the file at a site-relative path is written during the run. */
  path(relative: string): string;
  /** Writes a file whole (see `writeWholeFile`) to its staged place. */
  write(relative: string, content: string | Iterable<string>): Promise<void>;
  /**
   * Puts the staged `files` (site-relative) in their places, then deletes the `stale` pages (site-relative,
   * with the folders they leave empty: their names spell the user name too), then puts
   * `last` (the manifest) in place: an interruption leaves the earlier manifest, which vouches for
   * nothing this run wrote. The folders the files need are made first and removed again if that fails,
   * so until the first rename the site is as it was.
   *
   * @throws the file system's error while making folders (the site unchanged), or `PartialCommitError`.
   */
  commit(files: readonly string[], stale: readonly string[], last: string): void;
  /** Removes everything staged; the site is left as it was before the run. */
  abandon(): void;
}

/** The site's own top files, and its pages' folder, where earlier versions wrote their temporaries. */
const TOP_FILES = ["index.html", "archive.json", "costs.csv", "pi-report-manifest.json"];

/**
 * Removes the temporary files earlier versions of this tool left when killed: write-file-atomic named
 * them `<file>.<number>` beside the file, a name no page (`….html`) or top file of the site has.
 */
function removeEarlierTemporaries(output: string): void {
  const temporary = /\.[0-9]+$/;
  for (const name of readdirSync(output)) {
    const base = name.replace(temporary, "");
    if (base !== name && TOP_FILES.includes(base)) rmSync(join(output, name), { force: true });
  }
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.html\.[0-9]+$/.test(entry.name)) rmSync(path, { force: true });
    }
  };
  if (existsSync(join(output, REPORTS_FOLDER))) walk(join(output, REPORTS_FOLDER));
}

/** Starts staging in `output` (which the caller holds the lock of), removing what a killed run left. */
export function stageSite(output: string): SiteStaging {
  const folder = join(output, STAGING_FOLDER);
  rmSync(folder, { recursive: true, force: true });
  removeEarlierTemporaries(output);
  mkdirSync(folder);
  const path = (relative: string) => siteFile(folder, relative);
  const abandon = () => rmSync(folder, { recursive: true, force: true });
  return {
    path,
    write: (relative, content) => writeWholeFile(path(relative), content),
    commit(files, stale, last) {
      makeFolders(
        output,
        files.map((file) => dirname(siteFile(output, file))),
      );
      try {
        for (const file of files) renameSync(path(file), siteFile(output, file));
        for (const file of stale) removeReport(output, file);
        renameSync(path(last), siteFile(output, last));
      } catch (error) {
        throw new PartialCommitError(error);
      }
      abandon();
    },
    abandon,
  };
}

/** Makes `folders` (absolute, inside `output`); on failure removes those it made and throws. */
function makeFolders(output: string, folders: readonly string[]): void {
  const made: string[] = [];
  try {
    for (const folder of new Set(folders)) {
      if (folder === output) continue;
      const first = mkdirSync(folder, { recursive: true });
      if (first !== undefined) made.push(first);
    }
  } catch (error) {
    // Each holds only folders made here, deepest last: nothing of the site's is in them.
    for (const folder of made.reverse()) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

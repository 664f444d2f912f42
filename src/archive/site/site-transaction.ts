import { existsSync, mkdirSync, rmdirSync } from "node:fs";
import { dirname } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { refuseLinksInSite } from "./site-links.js";
import { lockSite } from "./site-lock.js";
import { PartialCommitError, type SiteStaging, stageSite } from "./site-staging.js";
import { siteFolderFailure, siteWriteFailure } from "./site-write-failure.js";

/**
 * Makes the site's folder when missing.
 *
 * @returns the first folder made (`output` or one of its parents), or undefined when it was there.
 * @throws {UsageError} when a file is in the way or the folder cannot be made.
 */
function makeSiteFolder(output: string, given: string): string | undefined {
  try {
    return mkdirSync(output, { recursive: true });
  } catch (error) {
    const code = whyNotMade(output, (error as NodeJS.ErrnoException).code);
    if (code === "EEXIST" || code === "ENOTDIR") {
      throw new UsageError(
        `-o ${given}: cannot create the folder (a file of that name is in the way); give the site a folder.`,
      );
    }
    throw siteFolderFailure(given, code);
  }
}

/**
 * The file system's own reason a folder could not be made. Node 20's recursive mkdir answers ENOENT
 * where the first missing folder cannot be made (a read-only file system says EROFS): that one folder is
 * tried alone, which gives the real code.
 */
function whyNotMade(output: string, code: string | undefined): string | undefined {
  if (code !== "ENOENT") return code;
  let missing = output;
  while (dirname(missing) !== missing && !existsSync(dirname(missing))) missing = dirname(missing);
  try {
    mkdirSync(missing);
    rmdirSync(missing);
    return code;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? code;
  }
}

/** Removes the folders `makeSiteFolder` made, from `output` up to `made`, as long as they are empty. */
function removeMadeFolders(output: string, made: string): void {
  for (let folder = output; ; folder = dirname(folder)) {
    try {
      rmdirSync(folder);
    } catch {
      return;
    }
    if (folder === made) return;
  }
}

/**
 * The code of a failure of the file system (errno's `ENOSPC`, `EACCES`, …), as opposed to the user's
 * mistake (already a UsageError) or a bug (none, or Node's own `ERR_…`), which are not reworded.
 */
function fileSystemCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && /^E[A-Z0-9]+$/.test(code) && !(error instanceof UsageError)
    ? code
    : undefined;
}

/**
 * Runs `work` as one change to the site in `output`: under the site's lock (one run at a time), with
 * every file written to a staging folder that `work` commits at its end. When anything fails before the
 * commit (a full disk, a bug) the staging folder, the lock and the folders this run made are removed:
 * the site is as it was before the run, and a file-system failure becomes one line (exit 2).
 *
 * @param given `-o` as the user typed it, for messages.
 * @throws {UsageError} for another run holding the site, or a site that cannot be written; else what
 *   `work` throws.
 */
export async function inSiteTransaction<T>(
  output: string,
  given: string,
  work: (staging: SiteStaging) => Promise<T>,
): Promise<T> {
  const made = makeSiteFolder(output, given);
  let release: (() => void) | undefined;
  let staging: SiteStaging | undefined;
  let done = false;
  try {
    release = lockSite(output, given);
    refuseLinksInSite(output, given);
    staging = stageSite(output);
    const result = await work(staging);
    done = true;
    return result;
  } catch (error) {
    staging?.abandon();
    if (error instanceof PartialCommitError) throw siteWriteFailure(given, fileSystemCode(error.cause), true);
    const code = fileSystemCode(error);
    throw code === undefined ? error : siteWriteFailure(given, code, false);
  } finally {
    release?.();
    if (!done && made !== undefined) removeMadeFolders(output, made);
  }
}

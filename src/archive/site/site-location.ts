import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { UsageError } from "../../output/usage-error.js";

/**
 * Where `path` really is: symbolic links resolved in the part that exists, the rest (a folder not made
 * yet) added as given. `-o` may be a link into the sessions folder; compared as given, it was not.
 */
export function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), basename(path));
  }
}

/** Whether `inner` lies below `outer` (not the same folder). */
export function isWithin(outer: string, inner: string): boolean {
  const path = relative(outer, inner);
  return path !== "" && !path.startsWith("..") && !isAbsolute(path);
}

/**
 * Refuses a site that would be the sessions folder or hold it, compared where they really are.
 *
 * @param folder the sessions folder and `output` the site's, both absolute; `given` is `-o` as typed.
 * @throws {UsageError} naming `-o` as the user gave it.
 */
export function refuseSiteOverSessions(folder: string, output: string, given: string): void {
  const realFolder = realPathOf(folder);
  const realOutput = realPathOf(output);
  if (realOutput === realFolder) {
    throw new UsageError(`-o ${given}: is the sessions folder itself; give the site its own folder.`);
  }
  if (isWithin(realOutput, realFolder)) {
    throw new UsageError(
      `-o ${given}: holds the sessions folder (${folder}), and the site's pages would go in among the sessions; give the site a folder outside it.`,
    );
  }
}

/** Whether the site's folder lies inside the sessions folder, wherever either is reached from. */
export function siteInsideSessions(folder: string, output: string): boolean {
  return isWithin(realPathOf(folder), realPathOf(output));
}

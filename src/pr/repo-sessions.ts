import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { discoverSessionFiles, type FoundFile } from "../sessions/discover.js";
import { headerCwd, piSessionsRoot, projectFolderName } from "../sessions/find-session.js";

/** A session file that may belong to the repository, with the cwd its header names. */
export interface CandidateFile extends FoundFile {
  /** The header's cwd; undefined for a file without one (a sub-agent run's may lack it). */
  cwd: string | undefined;
}

/** True when `cwd` is the repository's top-level folder or a folder below it. */
export function isInside(cwd: string, top: string): boolean {
  const rel = relative(top, cwd);
  return rel === "" || (rel.split(sep)[0] !== ".." && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/**
 * The session files that may be this repository's, with their header's cwd: in Pi's one-folder-per-cwd
 * layout, the folders of the top-level and of every folder below it (`--home-alice-app--`,
 * `--home-alice-app-web--`; a sibling `app-web` repository's folder looks the same, which the header's
 * cwd settles later), walked recursively so that sub-agent runs' own files (kept below their parent's
 * file) come too; with every project in one folder (a session dir set by hand, or `sessionsDir` given),
 * every file there. Which of them are the repository's is decided by `repositoryFiles`.
 */
export function candidateFiles(
  top: string,
  env: Record<string, string | undefined>,
  sessionsDir?: string,
): { root: string; files: CandidateFile[] } {
  const located = sessionsDir === undefined ? piSessionsRoot(env, top) : { dir: sessionsDir, flat: true };
  if (!existsSync(located.dir)) return { root: located.dir, files: [] };
  const folders = located.flat ? [located.dir] : projectFolders(located.dir, top);
  const files = folders.flatMap((folder) =>
    discoverSessionFiles(folder).files.map((found) => ({ ...found, cwd: headerCwd(found.path) })),
  );
  return { root: located.dir, files };
}

/** The per-cwd folders whose names the top-level or a folder below it would be given. */
function projectFolders(root: string, top: string): string[] {
  const own = projectFolderName(top);
  // `--home-alice-app--` and, for a folder below it, `--home-alice-app-<rest>--`.
  const below = own.slice(0, -2);
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter(
      (entry) => entry.name === own || (entry.name.startsWith(`${below}-`) && entry.name.endsWith("--")),
    )
    .map((entry) => join(root, entry.name))
    .sort();
}

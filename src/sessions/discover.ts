import { type Dirent, readdirSync, type Stats, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { UsageError } from "../output/usage-error.js";

/** A `.jsonl` file found under the archive's folder, with what a quick look at it says. */
export interface FoundFile {
  /** Absolute path. */
  path: string;
  /** Path below the folder with `/` separators: the file's name in the site, the manifest and archive.json. */
  file: string;
  size: number;
  mtimeMs: number;
}

/** What was found under the archive's folder, and the folders below it that could not be listed. */
export interface Discovery {
  files: FoundFile[];
  /**
   * `.jsonl` names that are no file to read: a symbolic link to nothing or one that loops, a pipe, a
   * device (by name below the folder, sorted), with why: listed as skipped, not passed over in silence.
   */
  notFiles: { file: string; reason: string }[];
  /** Folders (below the archive's folder, `/` separators; "" for itself) that could not be listed, and why. */
  unlisted: { folder: string; reason: string }[];
}

/**
 * Every `.jsonl` file under `folder`, searched recursively, sorted by path (byte order, not locale order,
 * so every machine lists them alike). `skip` (the output folder, when it lies inside) is not searched,
 * whatever path reaches it (it is known by its device and inode: `-o` may be a symbolic link into the
 * folder). Symbolic links to files are followed; links to folders are not, so a link loop cannot trap the
 * walk.
 *
 * @throws {UsageError} when `folder` is missing or not a folder.
 */
export function discoverSessionFiles(folder: string, skip?: string): Discovery {
  const root = resolve(folder);
  let isFolder: boolean;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    throw new UsageError(`${folder}: no such folder; give the folder that holds the sessions (.jsonl).`);
  }
  if (!isFolder) {
    throw new UsageError(`${folder}: is a file; give a folder of sessions, or run \`pi-report ${folder}\`.`);
  }
  const skipped = skip === undefined ? null : identityOf(skip);
  const found: FoundFile[] = [];
  const notFiles: Discovery["notFiles"] = [];
  const unlisted: Discovery["unlisted"] = [];
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      // Said, not passed over: the run keeps what an earlier one archived from it (runArchive).
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === "EACCES" || code === "EPERM" ? "permission denied" : (code ?? "cannot be read");
      unlisted.push({ folder: relative(root, dir).split(sep).join("/"), reason });
      continue;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (skipped === null || !sameIdentity(identityOf(path), skipped)) pending.push(path);
        continue;
      }
      if (!entry.name.endsWith(".jsonl")) continue;
      const file = relative(root, path).split(sep).join("/");
      let stat: Stats;
      try {
        stat = statSync(path);
      } catch (error) {
        const reason = entry.isSymbolicLink() ? brokenLinkReason(error) : null;
        // A plain file that is gone since it was listed has nothing to archive.
        if (reason !== null) notFiles.push({ file, reason });
        continue;
      }
      if (!stat.isFile()) {
        notFiles.push({ file, reason: "not a regular file (a folder, pipe or device), not read" });
        continue;
      }
      found.push({ path, file, size: stat.size, mtimeMs: stat.mtimeMs });
    }
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    files: found.sort((a, b) => byName(a.file, b.file)),
    notFiles: notFiles.sort((a, b) => byName(a.file, b.file)),
    unlisted: unlisted.sort((a, b) => byName(a.folder, b.folder)),
  };
}

/** Why a symbolic link could not be followed, in words; null when it leads somewhere that is gone now. */
function brokenLinkReason(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "a symbolic link to nothing (its target is missing)";
  if (code === "ELOOP") return "a symbolic link that loops (it leads back to itself)";
  return `a symbolic link that cannot be followed (${code ?? "unknown error"})`;
}

/** A folder's identity, whatever path names it; null when there is none. */
function identityOf(path: string): { dev: number; ino: number } | null {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    return null;
  }
}

function sameIdentity(a: { dev: number; ino: number } | null, b: { dev: number; ino: number }): boolean {
  return a !== null && a.dev === b.dev && a.ino === b.ino;
}

import { type Dirent, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { UsageError } from "../cli/io.js";

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
  /** Folders (below the archive's folder, `/` separators; "" for itself) that could not be listed, and why. */
  unlisted: { folder: string; reason: string }[];
}

/**
 * Every `.jsonl` file under `folder`, searched recursively, sorted by path (byte order, not locale order,
 * so every machine lists them alike). `skip` (the output folder, when it lies inside) is not searched.
 * Symbolic links to files are followed; links to folders are not, so a link loop cannot trap the walk.
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
  const skipped = skip === undefined ? undefined : resolve(skip);
  const found: FoundFile[] = [];
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
        if (path !== skipped) pending.push(path);
        continue;
      }
      if (!entry.name.endsWith(".jsonl") || !(entry.isFile() || entry.isSymbolicLink())) continue;
      try {
        const stat = statSync(path);
        if (!stat.isFile()) continue;
        found.push({
          path,
          file: relative(root, path).split(sep).join("/"),
          size: stat.size,
          mtimeMs: stat.mtimeMs,
        });
      } catch {
        // Gone since it was listed, or a dangling link: there is nothing to archive.
      }
    }
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    files: found.sort((a, b) => byName(a.file, b.file)),
    unlisted: unlisted.sort((a, b) => byName(a.folder, b.folder)),
  };
}

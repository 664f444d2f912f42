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

function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    // A folder we may not list holds nothing we could read either; the rest of the tree still counts.
    return [];
  }
}

/**
 * Every `.jsonl` file under `folder`, searched recursively, sorted by path (byte order, not locale order,
 * so every machine lists them alike). `skip` (the output folder, when it lies inside) is not searched.
 * Symbolic links to files are followed; links to folders are not, so a link loop cannot trap the walk.
 *
 * @throws {UsageError} when `folder` is missing or not a folder.
 */
export function discoverSessionFiles(folder: string, skip?: string): FoundFile[] {
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
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of entriesOf(dir)) {
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
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

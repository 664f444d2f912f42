import { mkdir, open, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { utf8OfParts } from "../cli/write-output.js";

/**
 * Writes `content` to a new file at `path` (its folder made when missing), flushes it to the disk and
 * checks that every byte is there; any failure, a full disk (ENOSPC) first of all, throws. For the
 * archive's staging folder, whose files are the run's own: write-file-atomic, used before, let a short
 * write pass, and a truncated page or manifest took its place in the site with exit 0.
 *
 * @throws {NodeJS.ErrnoException} as the file system gives it; the partial file is left for the caller,
 *   who removes the whole staging folder.
 */
export async function writeWholeFile(path: string, content: string | readonly string[]): Promise<void> {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : utf8OfParts(content);
  await mkdir(dirname(path), { recursive: true });
  // "wx": the staging folder is new for each run, so a file already there is no file of ours to replace.
  const handle = await open(path, "wx");
  try {
    // FileHandle.writeFile writes on after a short write, and throws when the disk is full.
    await handle.writeFile(bytes);
    // Flushed: the manifest that vouches for the file must not outlive it in a power cut.
    await handle.sync();
  } finally {
    await handle.close();
  }
  const written = (await stat(path)).size;
  if (written !== bytes.length) {
    throw Object.assign(new Error(`${path}: ${written} of ${bytes.length} bytes written`), { code: "EIO" });
  }
}

import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { utf8OfParts } from "../io/utf8-of-parts.js";
import { writeAll } from "../io/write-file-atomically.js";

/**
 * Writes `content` to a new file at `path` (its folder made when missing), every byte (`writeAll` goes on
 * after a short write and throws when the disk is full) and flushed to the disk. For the archive's staging
 * folder, whose files are the run's own: write-file-atomic, used before, let a short write pass, and a
 * truncated page or manifest took its place in the site with exit 0.
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
    await writeAll(handle, bytes);
    // Flushed: the manifest that vouches for the file must not outlive it in a power cut.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

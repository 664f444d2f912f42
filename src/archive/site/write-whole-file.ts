import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { utf8OfParts } from "../../io/utf8-of-parts.js";
import { writeAll } from "../../io/write-file-atomically.js";

/** UTF-16 units of parts encoded and written at a time when a file's parts come one by one. */
const BATCH = 1 << 20;

/**
 * Writes `content` to a new file at `path` (its folder made when missing), every byte (`writeAll` goes on
 * after a short write and throws when the disk is full) and flushed to the disk. For the archive's staging
 * folder, whose files are the run's own: write-file-atomic, used before, let a short write pass, and a
 * truncated page or manifest took its place in the site with exit 0. Parts given one by one (an iterable
 * that is no array) are written a megabyte at a time: the manifest and archive.json at 10,000 sessions
 * (~90 and ~70 MB) are never whole in memory, neither as strings nor as bytes.
 *
 * @throws {NodeJS.ErrnoException} as the file system gives it; the partial file is left for the caller,
 *   who removes the whole staging folder.
 */
export async function writeWholeFile(path: string, content: string | Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // "wx": the staging folder is new for each run, so a file already there is no file of ours to replace.
  const handle = await open(path, "wx");
  try {
    if (typeof content === "string") await writeAll(handle, Buffer.from(content, "utf8"));
    else if (Array.isArray(content)) await writeAll(handle, utf8OfParts(content as readonly string[]));
    else {
      for (const batch of batches(content)) await writeAll(handle, Buffer.from(batch, "utf8"));
    }
    // Flushed: the manifest that vouches for the file must not outlive it in a power cut.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The parts joined into strings of about `BATCH` units. A batch never ends with the first half of a
 * surrogate pair: it goes on to the next, so the bytes are always those of the parts joined.
 */
function* batches(parts: Iterable<string>): Generator<string> {
  let pending: string[] = [];
  let units = 0;
  for (const part of parts) {
    pending.push(part);
    units += part.length;
    if (units < BATCH) continue;
    let batch = pending.join("");
    pending = [];
    units = 0;
    const last = batch.charCodeAt(batch.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      pending.push(batch.slice(-1));
      units = 1;
      batch = batch.slice(0, -1);
    }
    yield batch;
  }
  if (pending.length > 0) yield pending.join("");
}

import { randomBytes } from "node:crypto";
import { type FileHandle, open, realpath, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * A file to write: where, and its bytes (a string is written as UTF-8), or its bytes in chunks (each
 * written before the next is asked for, so they may share one buffer: `utf8Chunks`).
 */
export interface FileToWrite {
  path: string;
  data: string | Uint8Array | Iterable<Uint8Array>;
}

/** How files are written. */
export interface WriteAtomicallyOptions {
  /** Flush each file to the disk before it takes its name (see `WriteReportOptions`). */
  fsync?: boolean;
}

/**
 * A write that did not complete: which destination, and the system's error (its `code`, e.g. `ENOSPC`).
 * Its temporary file is already gone and the destination is as it was.
 */
export class AtomicWriteError extends Error {
  override readonly name = "AtomicWriteError";
  readonly code: string | undefined;
  constructor(
    readonly path: string,
    override readonly cause: unknown,
  ) {
    super(`${path}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
  }
}

/**
 * Writes each file under a temporary name beside it, all in full, and only then renames each into place,
 * in the order given: a write that cannot complete (a full disk, a short write, no permission) leaves every
 * destination as it was and no temporary file behind. Put last the file that refers to the others (a
 * report after its images): a reader never finds a link to a file not yet there.
 *
 * Written here rather than with write-file-atomic or atomically: both make one `write` call and take a
 * short write (the part that fitted on a full disk) for the whole file, then rename it over the old one.
 *
 * @throws {AtomicWriteError} naming the destination that failed.
 */
export async function writeFilesAtomically(
  files: readonly FileToWrite[],
  { fsync = false }: WriteAtomicallyOptions = {},
): Promise<void> {
  const staged: StagedFile[] = [];
  let committed = 0;
  try {
    for (const file of files) staged.push(await stageFile(file, fsync));
    for (const file of staged) {
      await file.commit();
      committed += 1;
    }
  } catch (error) {
    await Promise.all(staged.slice(committed).map((file) => file.discard()));
    throw error;
  }
}

/** `writeFilesAtomically` for one file. */
export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  options: WriteAtomicallyOptions = {},
): Promise<void> {
  return writeFilesAtomically([{ path, data }], options);
}

/** Temporary names: the destination's name, 16 random hex digits, `.tmp` (`report.html.3f…a1.tmp`). */
const TEMPORARY_NAME = /\.[0-9a-f]{16}\.tmp$/;

/**
 * Whether a file name is one `writeFilesAtomically` gives a file while it is being written: what a run
 * that was killed midway leaves behind, for a later run to remove.
 */
export function isTemporaryFileName(name: string): boolean {
  return TEMPORARY_NAME.test(name);
}

/** A file written in full under its temporary name, not yet in its place. */
interface StagedFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

async function stageFile({ path, data }: FileToWrite, fsync: boolean): Promise<StagedFile> {
  // Through a symlink to the file it names, as a plain write would: the link stays a link.
  const destination = await realpath(path).catch(() => path);
  // Unpredictable and opened only if new (`wx`): nobody can have placed a file or a link there first.
  const temporary = join(
    dirname(destination),
    `${basename(destination)}.${randomBytes(8).toString("hex")}.tmp`,
  );
  const discard = () => unlink(temporary).catch(() => undefined);
  let handle: FileHandle | undefined;
  try {
    const prior = await stat(destination).catch(() => undefined);
    handle = await open(temporary, "wx");
    // A report the user made private (0600) stays private when it is replaced.
    if (prior?.isFile() === true) await handle.chmod(prior.mode & 0o7777);
    if (typeof data === "string") await writeAll(handle, Buffer.from(data, "utf8"));
    else if (data instanceof Uint8Array) await writeAll(handle, data);
    else for (const chunk of data) await writeAll(handle, chunk);
    if (fsync) await handle.sync();
    await handle.close();
    handle = undefined;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await discard();
    throw new AtomicWriteError(path, error);
  }
  return {
    commit: async () => {
      try {
        await rename(temporary, destination);
      } catch (error) {
        await discard();
        throw new AtomicWriteError(path, error);
      }
    },
    discard,
  };
}

/**
 * Writes every byte: `write` may take fewer than it is given (on a full disk, the part that fitted) and
 * says how many; the next call then writes the rest or fails with the reason (ENOSPC).
 */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
    if (bytesWritten <= 0) throw new Error(`wrote ${offset} of ${bytes.byteLength} bytes`);
    offset += bytesWritten;
  }
}

import { fstatSync, realpathSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { utf8Chunks, utf8OfParts } from "../io/utf8-of-parts.js";
import { AtomicWriteError, writeFilesAtomically } from "../io/write-file-atomically.js";
import { UsageError } from "./usage-error.js";

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** How a report is written. */
export interface WriteReportOptions {
  /**
   * Flush the file to the disk before it takes the report's name. Off by default: a report can always be
   * made again, and the rename alone already keeps anyone from seeing half of one, while flushing a 26 MB
   * page cost 14 ms here and far more on a laptop's disk. The archive turns it on for the reports its
   * manifest vouches for: after a power cut, a report the manifest lists must not be an empty file.
   */
  fsync?: boolean;
}

/** A file of a report: the report itself, or an image beside it. */
export interface ReportFile {
  path: string;
  content: string | readonly string[] | Uint8Array;
}

/**
 * Writes a report to `path` atomically (a temporary file written in full, then a rename), so a failed run
 * never leaves a half-written report, nor its temporary file, and the earlier report stays as it was. A
 * pipe or device (`isSpecialFile`) is written into instead: there is no file to replace.
 *
 * @throws {UsageError} when `path` is the input itself (the input file is never written), or the write
 *   fails (one line saying why).
 */
export async function writeReportFile(
  path: string,
  content: ReportFile["content"],
  inputPath: string | undefined,
  options: WriteReportOptions = {},
): Promise<void> {
  if (isSpecialFile(path)) {
    refuseInput(path, inputPath);
    try {
      await writeIntoSpecialFile(path, bytesOf(content));
    } catch (error) {
      throw new UsageError(writeFailure(path, error));
    }
    return;
  }
  await writeReportFiles([{ path, content }], inputPath, options);
}

/**
 * Writes the files of a report (plain files: images, then the report that links them) all or none: each
 * is written in full under a temporary name before any takes its own, so a full disk leaves the earlier
 * report and its images as they were.
 *
 * @throws {UsageError} as `writeReportFile`, naming the file that could not be written.
 */
export async function writeReportFiles(
  files: readonly ReportFile[],
  inputPath: string | undefined,
  { fsync = false }: WriteReportOptions = {},
): Promise<void> {
  for (const file of files) refuseInput(file.path, inputPath);
  try {
    await writeFilesAtomically(
      files.map((file) => ({ path: file.path, data: chunksOf(file.content) })),
      { fsync },
    );
  } catch (error) {
    if (error instanceof AtomicWriteError) throw new UsageError(writeFailure(error.path, error.cause));
    throw error;
  }
}

/** The input file is never written, under any name that leads to it. */
function refuseInput(path: string, inputPath: string | undefined): void {
  if (inputPath !== undefined && canonical(path) === canonical(inputPath)) {
    throw new UsageError(`${path}: refusing to write the report over its own input; choose another -o path.`);
  }
}

/**
 * Refuses a report to standard output (`-o -`) when standard output is the input file itself
 * (`>> session.jsonl`): the report would be appended into the session it reads, as `-o` refuses.
 *
 * @param fd standard output's descriptor; undefined when it is no file of this process (tests).
 */
export function refuseStandardOutputIntoInput(fd: number | undefined, inputPath: string): void {
  if (fd === undefined) return;
  let output: ReturnType<typeof fstatSync>;
  let input: ReturnType<typeof statSync>;
  try {
    output = fstatSync(fd);
    input = statSync(inputPath);
  } catch {
    return; // No input: reading it says so; no standard output: nothing is written.
  }
  if (output.isFile() && output.dev === input.dev && output.ino === input.ino) {
    throw new UsageError(
      `${inputPath}: refusing to write the report into its own input: standard output is that file; redirect it elsewhere or use -o.`,
    );
  }
}

/** A report's content to write to a file: pieces are encoded a chunk at a time (`utf8Chunks`). */
function chunksOf(content: ReportFile["content"]): string | Uint8Array | Iterable<Uint8Array> {
  return typeof content === "string" || content instanceof Uint8Array ? content : utf8Chunks(content);
}

/** A report's content as a string or one buffer: pieces are encoded together (`utf8OfParts`). */
function bytesOf(content: ReportFile["content"]): string | Uint8Array {
  return typeof content === "string" || content instanceof Uint8Array ? content : utf8OfParts(content);
}

/**
 * Writes into a pipe or device, appending: `/dev/stdout` that the shell pointed at a file (`>> log`) must
 * not be truncated. A reader that closes the pipe early (`-o /dev/stdout | head`) is no failure, as with
 * `-o -`.
 */
async function writeIntoSpecialFile(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFile(path, data, { flag: "a" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPIPE") throw error;
  }
}

/**
 * Whether `path` names something other than a file to replace: a device (`/dev/null`), a named pipe, a
 * socket, or one of the system's own paths (`/dev/stdout`, `/proc/self/fd/1`). Those are written into;
 * an atomic write would put a plain file in their place (as root, `/dev/null` itself).
 */
export function isSpecialFile(path: string): boolean {
  const absolute = resolve(path);
  if (absolute.startsWith("/dev/") || absolute.startsWith("/proc/")) return true;
  try {
    const stats = statSync(path);
    return !stats.isFile() && !stats.isDirectory();
  } catch {
    return false;
  }
}

/** The one line to print when a report cannot be written: what is wrong, in words, and the code. */
function writeFailure(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOENT: `the folder ${dirname(resolve(path))} does not exist; create it or choose another -o path`,
    ENOTDIR: `a part of the path is a file, not a folder; choose another -o path`,
    EISDIR: "it is a folder; give a file name",
    EACCES: "no permission to write there; choose another -o path",
    EPERM: "no permission to write there; choose another -o path",
    EROFS: "the file system is read-only; choose another -o path",
    ENOSPC: "the disk is full; free some space or choose another -o path",
    EDQUOT: "the disk quota is used up; free some space or choose another -o path",
  };
  const reason = code === undefined ? undefined : reasons[code];
  if (reason !== undefined) return `${path}: cannot write the report: ${reason} (${code}).`;
  return `${path}: cannot write the report (${code ?? (error instanceof Error ? error.message : String(error))}).`;
}

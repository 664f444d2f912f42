import { realpathSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { UsageError } from "./io.js";

type WriteFileAtomic = typeof import("write-file-atomic");
let loaded: WriteFileAtomic | undefined;

/**
 * write-file-atomic, loaded when a report is written (not for standard output) and with `require`: it is
 * CommonJS, and importing it as an ES module first has Node parse it for its exports. 8 against 12-15 ms
 * on every report written to a file, a few percent of a small session's JSON report.
 */
function writeFileAtomic(...args: Parameters<WriteFileAtomic>): ReturnType<WriteFileAtomic> {
  loaded ??= createRequire(import.meta.url)("write-file-atomic") as WriteFileAtomic;
  return loaded(...args);
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * The UTF-8 bytes of strings written one after another: a large report in pieces never becomes one
 * string (see `renderHtmlParts`). Encoded in one pass into one buffer sized for the pieces' UTF-16 length
 * and a twentieth more, which holds a page of mostly ASCII markup; only a piece that might not fit is
 * measured, and the buffer grows when one does not. Measuring every piece first read the page twice:
 * 58 ms against ~40 for the bench session's 26 MB page. (Smaller buffers joined at the end cost as much:
 * each new megabyte is paged in twice.) The bytes are always those of the pieces joined.
 */
export function utf8OfParts(parts: readonly string[]): Buffer {
  let units = 0;
  for (const part of parts) units += part.length;
  let bytes = Buffer.allocUnsafe(Math.ceil(units * 1.05) + 16);
  let offset = 0;
  // A character outside the BMP split between two pieces is encoded whole, as in the joined string: a
  // piece's last unit, when the first half of a pair, goes on to the next piece.
  let carried = "";
  for (const [index, whole] of parts.entries()) {
    let part = carried === "" ? whole : carried + whole;
    carried = "";
    const last = part.charCodeAt(part.length - 1);
    if (last >= 0xd800 && last <= 0xdbff && index < parts.length - 1) {
      carried = part.slice(-1);
      part = part.slice(0, -1);
    }
    units -= whole.length;
    // At most three bytes per UTF-16 unit (a pair: four for two); Buffer.write would cut a piece short.
    if (offset + part.length * 3 > bytes.length) {
      const needed = offset + Buffer.byteLength(part, "utf8");
      if (needed > bytes.length) {
        const grown = Buffer.allocUnsafe(Math.ceil((needed + units) * 1.05) + 16);
        bytes.copy(grown, 0, 0, offset);
        bytes = grown;
      }
    }
    offset += bytes.write(part, offset, "utf8");
  }
  return bytes.subarray(0, offset);
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

/**
 * Writes a report to `path` atomically (a temporary file, then a rename), so a failed run never leaves
 * a half-written report; write-file-atomic also cleans up its temporary file on failure. A pipe or device
 * (`isSpecialFile`) is written into instead: there is no file to replace.
 *
 * @throws {UsageError} when `path` is the input itself (the input file is never written), or the write
 *   fails (one line saying why).
 */
export async function writeReportFile(
  path: string,
  content: string | readonly string[] | Uint8Array,
  inputPath: string | undefined,
  { fsync = false }: WriteReportOptions = {},
): Promise<void> {
  if (inputPath !== undefined && canonical(path) === canonical(inputPath)) {
    throw new UsageError(`${path}: refusing to write the report over its own input; choose another -o path.`);
  }
  const data =
    typeof content === "string"
      ? content
      : content instanceof Uint8Array
        ? Buffer.from(content.buffer, content.byteOffset, content.byteLength)
        : utf8OfParts(content);
  try {
    if (isSpecialFile(path)) {
      await writeIntoSpecialFile(path, data);
      return;
    }
    await writeFileAtomic(path, data, typeof data === "string" ? { encoding: "utf8", fsync } : { fsync });
  } catch (error) {
    throw new UsageError(writeFailure(path, error));
  }
}

/**
 * Writes into a pipe or device, appending: `/dev/stdout` that the shell pointed at a file (`>> log`) must
 * not be truncated. A reader that closes the pipe early (`-o /dev/stdout | head`) is no failure, as with
 * `-o -`.
 */
async function writeIntoSpecialFile(path: string, data: string | Buffer): Promise<void> {
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
function isSpecialFile(path: string): boolean {
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
    ENOSPC: "the disk is full",
  };
  const reason = code === undefined ? undefined : reasons[code];
  if (reason !== undefined) return `${path}: cannot write the report: ${reason} (${code}).`;
  return `${path}: cannot write the report (${code ?? (error instanceof Error ? error.message : String(error))}).`;
}

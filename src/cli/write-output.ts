import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
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
 * The UTF-8 bytes of strings written one after another, in one buffer of exactly their size: a large
 * report in pieces never becomes one string (see `renderHtmlParts`).
 */
function utf8OfParts(parts: readonly string[]): Buffer {
  let size = 0;
  for (const part of parts) size += Buffer.byteLength(part, "utf8");
  const bytes = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset, "utf8");
  return bytes;
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
 * a half-written report; write-file-atomic also cleans up its temporary file on failure.
 *
 * @throws {UsageError} when `path` is the input itself: the input file is never written.
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
  try {
    if (typeof content === "string") await writeFileAtomic(path, content, { encoding: "utf8", fsync });
    else if (content instanceof Uint8Array) {
      await writeFileAtomic(path, Buffer.from(content.buffer, content.byteOffset, content.byteLength), {
        fsync,
      });
    } else await writeFileAtomic(path, utf8OfParts(content), { fsync });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new UsageError(`${path}: cannot write the report (${reason}).`);
  }
}

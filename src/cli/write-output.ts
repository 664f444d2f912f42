import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { UsageError } from "./io.js";

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * Writes a report to `path` atomically (a temporary file, then a rename), so a failed run never leaves
 * a half-written report; write-file-atomic also cleans up its temporary file on failure.
 *
 * @throws {UsageError} when `path` is the input itself: the input file is never written.
 */
export async function writeReportFile(
  path: string,
  content: string | Uint8Array,
  inputPath: string | undefined,
): Promise<void> {
  if (inputPath !== undefined && canonical(path) === canonical(inputPath)) {
    throw new UsageError(`${path}: refusing to write the report over its own input; choose another -o path.`);
  }
  try {
    if (typeof content === "string") await writeFileAtomic(path, content, { encoding: "utf8" });
    else await writeFileAtomic(path, Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new UsageError(`${path}: cannot write the report (${reason}).`);
  }
}

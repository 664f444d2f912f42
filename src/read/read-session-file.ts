import { readFileSync, statSync } from "node:fs";
import { SessionReadError } from "./errors.js";
import { parseSessionBytes } from "./parse-session-text.js";
import type { RawSession } from "./raw-session.js";

/** Node's Buffer limit on this platform; a larger file cannot be held in memory at once. */
const MAX_FILE_BYTES = 2 ** 31 - 1;

/**
 * Reads a session file from disk. The file is opened read-only and never written.
 *
 * @throws {SessionReadError} with a one-line message for a missing path, a directory, an unreadable,
 * empty or binary file, or a file that is not a Pi session.
 */
export function readSessionFile(path: string): RawSession {
  let size: number;
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      throw new SessionReadError(
        "directory",
        path,
        `${path}: is a directory; give a session file (.jsonl), or run \`pi-report archive ${path}\`.`,
      );
    }
    // A device reads forever (/dev/zero) or as nothing; a pipe (`<(…)`) is read like a file.
    if (stats.isCharacterDevice() || stats.isBlockDevice() || stats.isSocket()) {
      throw new SessionReadError("unreadable", path, `${path}: is a device, not a session file (.jsonl).`);
    }
    size = stats.size;
  } catch (error) {
    if (error instanceof SessionReadError) throw error;
    throw fileSystemError(path, error);
  }
  if (size > MAX_FILE_BYTES) {
    throw new SessionReadError(
      "too-large",
      path,
      `${path}: ${size} bytes is more than the 2 GiB this tool can read.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw fileSystemError(path, error);
  }
  return parseSessionBytes(bytes, path);
}

function fileSystemError(path: string, error: unknown): SessionReadError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return new SessionReadError("missing", path, `${path}: no such file.`);
  if (code === "EISDIR") {
    return new SessionReadError("directory", path, `${path}: is a directory; give a session file (.jsonl).`);
  }
  if (code === "EACCES" || code === "EPERM") {
    return new SessionReadError(
      "unreadable",
      path,
      `${path}: permission denied; check the file's permissions.`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new SessionReadError("unreadable", path, `${path}: cannot be read (${reason}).`);
}

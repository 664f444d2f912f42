import { closeSync, constants, openSync, readFileSync, readSync, statSync } from "node:fs";
import { SessionReadError } from "./errors.js";
import { parseSessionBytes } from "./parse-session-text.js";
import type { RawSession } from "./raw-session.js";

/** Node's Buffer limit on this platform; a larger file cannot be held in memory at once. */
const MAX_FILE_BYTES = 2 ** 31 - 1;

/**
 * Reads a session file from disk, or a pipe (`<(…)`, `/dev/stdin`, a FIFO) to its end. The file is
 * opened read-only and never written.
 *
 * @throws {SessionReadError} with a one-line message for a missing path, a directory, a device, an
 * unreadable, empty or binary file, a file that is not a Pi session, or a FIFO nothing writes into.
 */
export function readSessionFile(path: string): RawSession {
  let size: number;
  let piped: Buffer | undefined;
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      throw new SessionReadError(
        "directory",
        path,
        `${path}: is a directory; give a session file (.jsonl), or run \`pi-report archive ${path}\`.`,
      );
    }
    // A device reads forever (/dev/zero) or as nothing.
    if (stats.isCharacterDevice() || stats.isBlockDevice() || stats.isSocket()) {
      throw new SessionReadError("unreadable", path, `${path}: is a device, not a session file (.jsonl).`);
    }
    if (stats.isFIFO()) piped = readPipe(path);
    size = stats.size;
  } catch (error) {
    if (error instanceof SessionReadError) throw error;
    throw fileSystemError(path, error);
  }
  if (piped !== undefined) return parseSessionBytes(piped, path);
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

/**
 * How long a named pipe given as the session may wait for a program to open it for writing. A pipe
 * is read, not refused: `<(zcat s.jsonl.gz)` and `/dev/stdin` are pipes, their writer there from the
 * start, and a writer a script starts just after this tool is there within milliseconds. A FIFO
 * that nothing writes into (`mkfifo f.jsonl`) would otherwise hang; once a writer has it open, it
 * may take as long as it needs.
 */
const PIPE_WRITER_WAIT_MS = 5000;

/** How long to sleep between two reads of a pipe that has nothing to read yet. */
const PIPE_POLL_MS = 1;

/**
 * Reads a named pipe to its end, waiting at most `writerWaitMs` for a writer. Opened without blocking
 * (a blocking open waits for a writer forever): a read then gives bytes, EAGAIN (a writer, nothing yet)
 * or 0 (the end, or no writer yet when nothing has come).
 *
 * @throws {SessionReadError} when no writer opens it in time, or it holds more than this tool can read.
 */
function readPipe(path: string, writerWaitMs = PIPE_WRITER_WAIT_MS): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw fileSystemError(path, error);
  }
  // A pipe holds 64 KB: a read seldom gives more, so one buffer is read into and each read copied.
  const buffer = Buffer.allocUnsafe(1 << 18);
  const chunks: Buffer[] = [];
  let total = 0;
  let writerSeen = false;
  const deadline = Date.now() + writerWaitMs;
  try {
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw fileSystemError(path, error);
        writerSeen = true;
        sleep(PIPE_POLL_MS);
        continue;
      }
      if (read > 0) {
        writerSeen = true;
        total += read;
        if (total > MAX_FILE_BYTES) {
          throw new SessionReadError("too-large", path, `${path}: more than the 2 GiB this tool can read.`);
        }
        chunks.push(Buffer.from(buffer.subarray(0, read)));
        continue;
      }
      if (writerSeen) break;
      if (Date.now() >= deadline) {
        throw new SessionReadError(
          "unreadable",
          path,
          `${path}: is a named pipe that nothing wrote into for ${writerWaitMs / 1000} s; give a session file (.jsonl), or start what writes into the pipe first.`,
        );
      }
      sleep(10 * PIPE_POLL_MS);
    }
  } finally {
    closeSync(fd);
  }
  return Buffer.concat(chunks, total);
}

/** Blocks this thread for `ms` milliseconds (the reader is synchronous, as `readFileSync` is). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
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

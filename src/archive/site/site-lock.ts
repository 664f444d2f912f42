import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { UsageError } from "../../output/usage-error.js";

/** The lock file in the site folder while a run writes it. */
export const LOCK_FILE = ".pi-report.lock";

/** Who holds the lock: enough to tell a live run from one that died, and to say which. */
interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** How old a lock file with nothing readable in it must be before it counts as left by a dead run. */
const UNREADABLE_LOCK_STALE_MS = 10_000;

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, "utf8")) as Partial<LockOwner>;
    if (typeof owner.pid === "number" && typeof owner.host === "string") {
      return { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt) };
    }
  } catch {
    // Unreadable: decided by its age below.
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that pid, so it is alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether a lock was left by a run that is gone: its process no longer exists on this host, or the file
 * says nothing and is older than a run takes to write its few bytes. A lock from another host (a site on
 * a shared disk) is never taken: whether that run lives cannot be told from here.
 */
function isStale(path: string, owner: LockOwner | null): boolean {
  if (owner === null) {
    try {
      return Date.now() - statSync(path).mtimeMs > UNREADABLE_LOCK_STALE_MS;
    } catch {
      return true; // Gone meanwhile: free.
    }
  }
  return owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
}

function describeOwner(owner: LockOwner | null): string {
  return owner === null
    ? "another pi-report archive"
    : `another pi-report archive (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt})`;
}

/**
 * Takes the site's lock, so that two runs cannot write one site at once (they did: pages and manifest
 * disagreed, and every later run trusted the manifest). Made with `wx`, which only one process can do;
 * holds the pid, host and start time. A lock left by a run that died (killed, power cut) on this host is
 * taken over. Own code rather than proper-lockfile: that one tells a dead run by an mtime it refreshes on a
 * timer, so a killed run's lock holds the site for its whole stale period, and a long session rendered
 * in this thread (`workers: 0`) would let the timer lapse.
 *
 * @param given `-o` as the user typed it, for the message.
 * @returns the function that gives the lock back (removes the file).
 * @throws {UsageError} when another live run holds the site, or the lock cannot be written (a full disk).
 */
export function lockSite(output: string, given: string): () => void {
  const path = join(output, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  // Twice at most: once, and again after taking over a stale lock (a third holder is a live run).
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      if (!isStale(path, owner)) {
        throw new UsageError(
          `-o ${given}: ${describeOwner(owner)} is writing this site; run again when it has ended (if none is running, delete ${join(given, LOCK_FILE)}).`,
        );
      }
      rmSync(path, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } catch (error) {
      closeSync(fd);
      rmSync(path, { force: true });
      throw error;
    }
    closeSync(fd);
    return () => {
      // Only our own lock: never one another run took over from us.
      const owner = readOwner(path);
      if (owner?.pid === me.pid && owner.startedAt === me.startedAt) rmSync(path, { force: true });
    };
  }
  throw new UsageError(
    `-o ${given}: ${describeOwner(readOwner(path))} is writing this site; run again later.`,
  );
}

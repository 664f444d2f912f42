import { execFileSync } from "node:child_process";
import {
  closeSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readlinkSync,
  rmdirSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A small file system of its own (a tmpfs), to fill up. */
export interface SmallDisk {
  folder: string;
  /** Fills the disk with a file named `filler` until `freeBytes` (a multiple of 4096) are left. */
  fillLeaving(freeBytes: number): void;
  unmount(): void;
}

const PAGE = 4096;

/**
 * Why a tmpfs cannot be mounted here, or undefined when it can: mounting needs root on Linux (CI runs as
 * root). Tried once, on a folder of its own.
 */
export const cannotMountTmpfs: string | undefined = (() => {
  if (process.platform !== "linux") return `mounting a tmpfs needs Linux, not ${process.platform}`;
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  try {
    mountSmallDisk().unmount();
    return undefined;
  } catch (error) {
    return `mount -t tmpfs failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
})();

/** Mounts a tmpfs of `kilobytes` on a new temporary folder; `readOnly`: mounted read-only (EROFS). */
export function mountSmallDisk(kilobytes = 256, { readOnly = false } = {}): SmallDisk {
  const folder = mkdtempSync(join(tmpdir(), "pi-report-small-disk-"));
  const options = `size=${kilobytes}k${readOnly ? ",ro" : ""}`;
  execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder], { stdio: "pipe" });
  let mounted = true;
  return {
    folder,
    fillLeaving(freeBytes) {
      if (freeBytes % PAGE !== 0) throw new Error(`free bytes must be a multiple of ${PAGE}`);
      const fd = openSync(join(folder, "filler"), "w");
      const block = Buffer.alloc(64 * 1024, 0x2e);
      let size = 0;
      try {
        // Until the disk takes no more: its size is then whole pages, the last write having been short.
        for (;;) size += writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
      ftruncateSync(fd, size - freeBytes);
      closeSync(fd);
    },
    unmount() {
      if (!mounted) return;
      unmountWhenUnused(folder);
      mounted = false;
      rmdirSync(folder);
    },
  };
}

/** Sleeps this thread (the tests' hooks are synchronous where they unmount). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether `path` is `folder` or below it. */
function isIn(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/**
 * The processes that use `folder` (a mount point): an open file, or their working or root folder, in it;
 * this process's own threads included (a worker thread of the archive closing its last page).
 */
export function processesUsing(folder: string): number[] {
  const users: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return users; // No /proc: nothing to wait for but umount's own answer.
  }
  for (const pid of pids) {
    const links: string[] = [];
    const read = (path: string) => {
      try {
        links.push(readlinkSync(path));
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    };
    read(`/proc/${pid}/cwd`);
    read(`/proc/${pid}/root`);
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) read(`/proc/${pid}/fd/${fd}`);
    } catch {
      // As above.
    }
    if (links.some((link) => isIn(link, folder))) users.push(Number(pid));
  }
  return users;
}

/**
 * Unmounts `folder` only once no process uses it, and again while the kernel still says it is busy (on
 * a loaded machine a process that has exited can hold it a moment longer): `umount: target is busy` in
 * an afterAll failed CI once. Waits up to `patienceMs`; past that (a file a test left open), detaches the
 * mount (`umount --lazy`: the kernel frees it when its last user lets go), so no run fails on timing.
 */
export function unmountWhenUnused(folder: string, patienceMs = 30_000): void {
  const until = Date.now() + patienceMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1000)) {
    const users = processesUsing(folder);
    if (users.length === 0) {
      try {
        execFileSync("umount", [folder], { stdio: "pipe" });
        return;
      } catch (error) {
        if (!String((error as { stderr?: unknown }).stderr ?? error).includes("busy")) throw error;
      }
    }
    if (Date.now() >= until) break;
    sleep(wait);
  }
  execFileSync("umount", ["--lazy", folder], { stdio: "pipe" });
}

import { execFileSync } from "node:child_process";
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmdirSync, writeSync } from "node:fs";
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
      execFileSync("umount", [folder], { stdio: "pipe" });
      mounted = false;
      rmdirSync(folder);
    },
  };
}

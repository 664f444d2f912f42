/**
 * An archive run on a disk that fills up (F2): exit 2 with one line, and the site exactly as it was before
 * the run, with no temporary file or empty folder left. On a real full file system: a 2 MB tmpfs, which
 * only root can mount (CI runs as root); elsewhere the file is skipped.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statfsSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../src/archive/model/manifest.js";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { runCli } from "../helpers/cli.js";
import {
  cannotMountTmpfs,
  mountSmallDisk as mountTmpfs,
  processesUsing,
  unmountWhenUnused,
} from "../helpers/small-disk.js";
import { isFinalName, siteFiles } from "./many-sessions.js";
import { writePiFolder } from "./pi-folder.js";

const PAGE = 4096;

/** Mounts a 2 MB tmpfs, or says why not (not root, or no mount here). */
function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), "pi-full-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir]);
  if (mounted.status === 0) return dir;
  rmdirSync(dir);
  return null;
}

const disk = mountSmallDisk();

// Each test starts on an empty disk.
beforeEach(() => {
  if (disk === null) return;
  for (const name of readdirSync(disk)) rmSync(join(disk, name), { recursive: true, force: true });
});

afterAll(() => {
  if (disk === null) return;
  // Only once every process and thread that wrote there has let go (see unmountWhenUnused).
  unmountWhenUnused(disk);
  rmdirSync(disk);
});

/** Every folder and file under `root` (but the filler), a file with the SHA-256 of its bytes. */
function snapshot(root: string): Record<string, string> {
  const seen: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = relative(root, path);
      if (name === "filler") continue;
      if (entry.isDirectory()) {
        seen[`${name}/`] = "folder";
        walk(path);
      } else seen[name] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(root);
  return seen;
}

/** Fills the disk so that exactly `free` bytes (whole pages) are left. */
function leaveFree(root: string, free: number): void {
  rmSync(join(root, "filler"), { force: true });
  const { bavail, bsize } = statfsSync(root);
  const fill = bavail * bsize - free;
  if (fill < 0) throw new Error(`only ${bavail * bsize} bytes free, ${free} asked for`);
  writeFileSync(join(root, "filler"), Buffer.alloc(fill));
  const left = statfsSync(root);
  expect(left.bavail * left.bsize).toBe(free);
}

/** What the files of a finished site take on a tmpfs: whole pages each. */
function pagesOf(site: string): number {
  let bytes = 0;
  for (const name of Object.keys(snapshot(site))) {
    if (!name.endsWith("/")) bytes += Math.ceil(statSync(join(site, name)).size / PAGE) * PAGE;
  }
  return bytes;
}

const quiet = { write: () => true };

describe.skipIf(disk === null)("an archive run on a disk that fills up (F2)", () => {
  it("on a first run, exits 2 with one line and leaves no folder, file or temporary behind", async () => {
    const root = disk as string;
    const pi = writePiFolder();
    // Room for the lock and a page's first 4 KB (each page is larger), in worker threads as run by default.
    leaveFree(root, 2 * PAGE);
    const site = join(root, "made", "for", "site");
    const { code, stdout, stderr } = await runCli(["archive", pi.root, "-o", site]);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr: `pi-report: -o ${site}: cannot write the site: the disk is full (ENOSPC); it is left as it was before this run.\n`,
    });
    expect(snapshot(root)).toEqual({});
  });

  it("on a re-run, leaves the site as it was whichever write fails, and completes when it fits", async () => {
    const root = disk as string;
    const pi = writePiFolder();
    const site = join(root, "site");
    const run = (patterns: string[]) =>
      runArchive({
        folder: pi.root,
        output: site,
        env: {},
        stderr: quiet,
        workers: 0,
        redaction: { enabled: true, patterns },
      });
    await run([]);
    const before = snapshot(site);
    // Another --redact pattern renders every page again ("reply" is in every session), each of them
    // changed; how much room that takes is measured on a roomy disk: its files, and the lock's page.
    const roomy = mkdtempSync(join(tmpdir(), "pi-full-disk-measure-"));
    await runArchive({
      folder: pi.root,
      output: roomy,
      env: {},
      stderr: quiet,
      workers: 0,
      redaction: { enabled: true, patterns: ["reply"] },
    });
    const needed = pagesOf(roomy) + PAGE;
    expect(needed).toBeLessThan(1.5 * 1024 * 1024); // Room for the first run's site beside it.

    // Out of room among the pages, then at each of the last pages the run writes (the manifest last).
    const tooLittle = [0, needed / 4, needed / 2, needed - 3 * PAGE, needed - 2 * PAGE, needed - PAGE];
    for (const free of tooLittle.map((bytes) => Math.floor(bytes / PAGE) * PAGE)) {
      leaveFree(root, free);
      await expect(run(["reply"]), `with ${free} bytes free`).rejects.toThrow(
        `-o ${site}: cannot write the site: the disk is full (ENOSPC); it is left as it was before this run.`,
      );
      expect(snapshot(site), `with ${free} bytes free`).toEqual(before);
    }

    leaveFree(root, needed);
    expect(await run(["reply"])).toMatchObject({ sessions: 5, rendered: 5 });
    expect(snapshot(site)).toEqual(snapshot(roomy));
    const manifest = JSON.parse(readFileSync(join(site, MANIFEST_FILE), "utf8")) as Manifest;
    expect(manifest.settings).toContain("reply");
  });
});

describe("a page that cannot take its place at the end of a run", () => {
  it("says the site is partly updated, and leaves no staging folder or lock", async () => {
    const pi = writePiFolder();
    const site = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    const run = () => runArchive({ folder: pi.root, output: site, env: {}, stderr: quiet, workers: 0 });
    await run();
    // A folder where a page goes: its session touched, the page rendered again cannot be renamed over it.
    const page = join(site, "sessions", "--~-web--", "2025-06-02T10-00-00-000Z_fork.html");
    rmSync(page);
    mkdirSync(join(page, "in-the-way"), { recursive: true });
    const later = new Date(statSync(pi.files.fork).mtimeMs + 60_000);
    utimesSync(pi.files.fork, later, later);
    await expect(run()).rejects.toThrow(
      `-o ${site}: cannot write the site: the file system refused (EISDIR); its pages are partly updated; run again when the cause is fixed.`,
    );
    expect(siteFiles(site).filter((file) => !isFinalName(file))).toEqual([]);
  });
});

describe.skipIf(cannotMountTmpfs !== undefined)("unmounting the small disk after the tests (CI)", () => {
  it("waits until the processes that used it have exited: never `umount: target is busy`", () => {
    const small = mountTmpfs();
    // A process still in the mount when the tests end, as a loaded machine leaves one a moment longer.
    const child = spawn("sleep", ["1.5"], { cwd: small.folder, stdio: "ignore" });
    expect(processesUsing(small.folder)).toEqual([child.pid]);
    const busy = spawnSync("umount", [small.folder], { encoding: "utf8" });
    expect([busy.status, busy.stderr]).toEqual([32, expect.stringContaining("target is busy")]);
    const started = Date.now();
    small.unmount();
    // It waited for sleep's end (1.5 s after its start), then unmounted.
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(readFileSync("/proc/mounts", "utf8")).not.toContain(small.folder);
  });
});

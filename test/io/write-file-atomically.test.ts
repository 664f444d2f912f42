import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AtomicWriteError,
  isTemporaryFileName,
  writeFileAtomically,
  writeFilesAtomically,
} from "../../src/io/write-file-atomically.js";
import { cannotMountTmpfs, mountSmallDisk, type SmallDisk } from "../helpers/small-disk.js";

function folder(): string {
  return mkdtempSync(join(tmpdir(), "pi-report-atomic-"));
}

describe("writeFileAtomically", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("replaces a file, keeps its mode, and leaves nothing else in the folder", async () => {
    const dir = folder();
    const path = join(dir, "report.html");
    writeFileSync(path, "old");
    chmodSync(path, 0o600);
    await writeFileAtomically(path, "new — ü");
    expect(readFileSync(path, "utf8")).toBe("new — ü");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["report.html"]);
  });

  it("writes every byte when the system takes fewer than it is given per call", async () => {
    // A short write is what a full disk, a signal or a quota gives; here every call takes at most 1000.
    const probe = await open(join(folder(), "probe"), "w");
    const handlePrototype = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => unknown };
    await probe.close();
    const write = handlePrototype.write;
    const calls = vi.spyOn(handlePrototype, "write").mockImplementation(function (
      this: unknown,
      buffer: unknown,
      offset: unknown,
      length: unknown,
    ) {
      return write.call(this, buffer, offset, Math.min(length as number, 1000));
    });
    const data = Buffer.from(Array.from({ length: 10_500 }, (_, index) => index % 251));
    const path = join(folder(), "image.png");
    await writeFileAtomically(path, data);
    expect(readFileSync(path)).toEqual(data);
    expect(calls).toHaveBeenCalledTimes(11); // ten of 1000 bytes, one of 500
  });

  it("names its temporary files as isTemporaryFileName recognises, and none outlives the write", async () => {
    const dir = folder();
    const seen = new Set<string>();
    const watcher = watch(dir, (_event, name) => {
      if (name !== null) seen.add(name);
    });
    await writeFilesAtomically([
      { path: join(dir, "a.md"), data: "a" },
      { path: join(dir, "b.md"), data: "b" },
    ]);
    await new Promise((done) => setTimeout(done, 50)); // the watcher's last events
    watcher.close();
    const temporary = [...seen].filter((name) => name !== "a.md" && name !== "b.md");
    expect(temporary.length).toBeGreaterThanOrEqual(2);
    expect(temporary.every((name) => isTemporaryFileName(name))).toBe(true);
    expect(temporary.every((name) => name.startsWith("a.md.") || name.startsWith("b.md."))).toBe(true);
    expect(isTemporaryFileName("a.md")).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["a.md", "b.md"]);
  });

  it("fails on a folder in the way, naming the destination, and leaves the folder as it was", async () => {
    const dir = folder();
    const error = await writeFileAtomically(dir, "x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AtomicWriteError);
    expect([(error as AtomicWriteError).path, (error as AtomicWriteError).code]).toEqual([dir, "EISDIR"]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe.skipIf(cannotMountTmpfs !== undefined)(
  `writeFilesAtomically on a full disk${cannotMountTmpfs === undefined ? "" : ` (skipped: ${cannotMountTmpfs})`}`,
  () => {
    let disk: SmallDisk | undefined;
    afterEach(() => {
      disk?.unmount();
      disk = undefined;
    });

    it("writes none of the files when one does not fit: every prior file kept, no temporary file left", async () => {
      disk = mountSmallDisk();
      const image = join(disk.folder, "img-001.png");
      const report = join(disk.folder, "r.md");
      writeFileSync(image, "prior image");
      writeFileSync(report, "prior report");
      disk.fillLeaving(8192);
      // The image fits in the 8 KB left; the report, 20 KB, does not: its first write is short.
      const error = await writeFilesAtomically([
        { path: image, data: Buffer.alloc(100, 1) },
        { path: report, data: "x".repeat(20_000) },
      ]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AtomicWriteError);
      expect([(error as AtomicWriteError).path, (error as AtomicWriteError).code]).toEqual([
        report,
        "ENOSPC",
      ]);
      expect(readFileSync(image, "utf8")).toBe("prior image");
      expect(readFileSync(report, "utf8")).toBe("prior report");
      expect(readdirSync(disk.folder).sort()).toEqual(["filler", "img-001.png", "r.md"]);
    });
  },
);

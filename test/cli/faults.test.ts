import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { FIXTURES, ROOT } from "../helpers/paths.js";
import { cannotMountTmpfs, mountSmallDisk, type SmallDisk } from "../helpers/small-disk.js";

// The built command, as a user runs it: each fault here is one of a whole process (its exit code, its
// standard output, a hang).
const BIN = `${ROOT}dist/bin/pi-report.js`;
const WITH_IMAGE = `${FIXTURES}redteam/with-image.jsonl`;
/** Longer than any of these runs takes; a run that hangs (F3, F6 before their fix) is killed then. */
const HANG_MS = 20_000;

function pi(args: readonly string[]) {
  return spawnSync("node", [BIN, ...args], { encoding: "utf8", timeout: HANG_MS });
}

/** Runs a shell line (for its redirections); `exec` makes the CLI the process a timeout kills. */
function shell(line: string) {
  return spawnSync("sh", ["-c", line], { encoding: "utf8", timeout: HANG_MS });
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "pi-report-faults-"));
}

/** The Markdown report on standard output: images as notes, as for every output that is no plain file. */
const markdownToStdout = (() => {
  let text: string | undefined;
  return () => (text ??= pi([WITH_IMAGE, "-f", "md", "-o", "-"]).stdout);
})();

describe.skipIf(cannotMountTmpfs !== undefined)(
  `a full disk (F1, F20)${cannotMountTmpfs === undefined ? "" : ` (skipped: ${cannotMountTmpfs})`}`,
  () => {
    let disk: SmallDisk | undefined;
    afterEach(() => {
      disk?.unmount();
      disk = undefined;
    });
    afterAll(() => disk?.unmount());

    const PRIOR = "the prior report\n";

    for (const format of ["html", "md", "json"]) {
      it(`${format}: exit 2, one line, the prior report kept and nothing left (F1)`, () => {
        disk = mountSmallDisk();
        const report = join(disk.folder, `r.${format}`);
        writeFileSync(report, PRIOR);
        disk.fillLeaving(4096);
        const result = pi([WITH_IMAGE, "-f", format, "-o", report]);
        expect([result.status, result.stderr]).toEqual([
          2,
          `pi-report: ${report}: cannot write the report: the disk is full; free some space or choose another -o path (ENOSPC).\n`,
        ]);
        expect(readFileSync(report, "utf8")).toBe(PRIOR);
        // No temporary file, and for Markdown no folder for its image (which alone would have fitted).
        expect(readdirSync(disk.folder).sort()).toEqual(["filler", `r.${format}`]);

        // With room, the same command writes a report larger than what was free: the write above was cut
        // short by the disk, not refused for another reason.
        rmSync(join(disk.folder, "filler"));
        expect(pi([WITH_IMAGE, "-f", format, "-o", report]).status).toBe(0);
        expect(statSync(report).size).toBeGreaterThan(4096);
      });
    }

    it("a read-only file system: the archive says so, as the single report does (G16)", () => {
      disk = mountSmallDisk(256, { readOnly: true });
      const session = join(scratch(), "s.jsonl");
      copyFileSync(WITH_IMAGE, session);
      const single = pi([session, "-o", join(disk.folder, "r.html")]);
      expect([single.status, single.stderr]).toEqual([
        2,
        `pi-report: ${join(disk.folder, "r.html")}: cannot write the report: the file system is read-only; choose another -o path (EROFS).\n`,
      ]);
      const site = join(disk.folder, "made", "site");
      const archive = pi(["archive", join(session, ".."), "-o", site]);
      expect([archive.status, archive.stderr]).toEqual([
        2,
        `pi-report: -o ${site}: cannot create the folder: the file system is read-only (EROFS); give the site a folder elsewhere.\n`,
      ]);
      expect(readdirSync(disk.folder)).toEqual([]);
    });

    it("an image that does not fit: no images folder left, the prior report kept (F20)", () => {
      disk = mountSmallDisk();
      const report = join(disk.folder, "r.md");
      writeFileSync(report, PRIOR);
      disk.fillLeaving(0);
      const result = pi([WITH_IMAGE, "-o", report]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(
        /^pi-report: .*img-001\.png: cannot write the report: the disk is full.*\n$/,
      );
      expect(readFileSync(report, "utf8")).toBe(PRIOR);
      expect(readdirSync(disk.folder).sort()).toEqual(["filler", "r.md"]);
    });

    it("an image larger than the room left: the prior report and its images as they were (F20)", () => {
      const sessions = scratch();
      const bigImage = join(sessions, "big-image.jsonl");
      // with-image.jsonl's one PNG replaced by 20 KB of bytes (the report checks the base64, not the PNG).
      const png = /"data":"iVBOR[A-Za-z0-9+/=]+"/;
      const session = readFileSync(WITH_IMAGE, "utf8");
      expect(session).toMatch(png);
      writeFileSync(bigImage, session.replace(png, `"data":"${Buffer.alloc(20_000, 7).toString("base64")}"`));
      disk = mountSmallDisk();
      const report = join(disk.folder, "r.md");
      const images = join(disk.folder, "r.md.assets");
      writeFileSync(report, PRIOR);
      mkdirSync(images);
      writeFileSync(join(images, "img-001.png"), "the prior image");
      disk.fillLeaving(8192);
      const result = pi([bigImage, "-o", report]);
      expect(result.status).toBe(2);
      expect(result.stderr.split("\n")).toHaveLength(2);
      expect(readFileSync(report, "utf8")).toBe(PRIOR);
      expect(readdirSync(images)).toEqual(["img-001.png"]);
      expect(readFileSync(join(images, "img-001.png"), "utf8")).toBe("the prior image");
    });
  },
);

describe("Markdown with images into what is not a plain file (F3, F4)", () => {
  it("-o /dev/fd/3 writes the report, images as notes, and ends (F3)", () => {
    const out = join(scratch(), "out");
    const result = shell(`exec node "${BIN}" "${WITH_IMAGE}" -f md -o /dev/fd/3 3>"${out}"`);
    expect(result.status).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(markdownToStdout());
    expect(markdownToStdout()).toContain("write the report to a file (-o) to keep it");
  });

  it("-o /proc/self/fd/1 writes the report and ends (F3)", () => {
    const out = join(scratch(), "out");
    const result = shell(`exec node "${BIN}" "${WITH_IMAGE}" -f md -o /proc/self/fd/1 >"${out}"`);
    expect(result.status).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(markdownToStdout());
  });

  it("-o /dev/null and /dev/stdout make no image folder beside the device (F4)", () => {
    const out = join(scratch(), "out");
    for (const device of ["/dev/null", "/dev/stdout"]) {
      // Left by a run before the fix, as the red team's was: removed so that this run is what is tested.
      rmSync(`${device}.assets`, { recursive: true, force: true });
      const result = shell(`exec node "${BIN}" "${WITH_IMAGE}" -f md -o ${device} >"${out}"`);
      expect(result.status).toBe(0);
      expect(existsSync(`${device}.assets`)).toBe(false);
    }
    expect(readFileSync(out, "utf8")).toBe(markdownToStdout());
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  it("-o a named pipe makes no image folder beside it (F4)", async () => {
    const dir = scratch();
    const fifo = join(dir, "report.md");
    execFileSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo]);
    let read = "";
    reader.stdout.on("data", (chunk: Buffer) => {
      read += chunk.toString("utf8");
    });
    const closed = new Promise((done) => reader.on("close", done));
    const result = pi([WITH_IMAGE, "-o", fifo]);
    await closed;
    expect(result.status).toBe(0);
    expect(read).toBe(markdownToStdout());
    expect(readdirSync(dir)).toEqual(["report.md"]);
  });
});

describe("standard output that is the input (F5)", () => {
  for (const args of [["-o", "-"], []]) {
    it(`-f md${args.map((arg) => ` ${arg}`).join("")} >> session.jsonl: refused, the session unchanged`, () => {
      const session = join(scratch(), "s.jsonl");
      copyFileSync(WITH_IMAGE, session);
      const result = shell(`exec node "${BIN}" "${session}" -f md ${args.join(" ")} >> "${session}"`);
      expect([result.status, result.stderr]).toEqual([
        2,
        `pi-report: ${session}: refusing to write the report into its own input: standard output is that file; redirect it elsewhere or use -o.\n`,
      ]);
      expect(readFileSync(session)).toEqual(readFileSync(WITH_IMAGE));
    });
  }

  it("standard output appended to another file is written as before", () => {
    const dir = scratch();
    const log = join(dir, "log.md");
    writeFileSync(log, "EARLIER\n");
    const result = shell(`exec node "${BIN}" "${WITH_IMAGE}" -f md -o - >> "${log}"`);
    expect(result.status).toBe(0);
    expect(readFileSync(log, "utf8")).toBe(`EARLIER\n${markdownToStdout()}`);
  });
});

describe("a pipe given as the session (F6)", () => {
  it("a named pipe nothing writes into: one line, exit 2, after a bounded wait", () => {
    const fifo = join(scratch(), "f.jsonl");
    execFileSync("mkfifo", [fifo]);
    const started = Date.now();
    const result = pi([fifo, "-o", join(scratch(), "x.html")]);
    const waited = Date.now() - started;
    expect([result.status, result.stderr]).toEqual([
      2,
      `pi-report: ${fifo}: is a named pipe that nothing wrote into for 5 s; give a session file (.jsonl), or start what writes into the pipe first.\n`,
    ]);
    expect(waited).toBeGreaterThanOrEqual(5000);
    expect(waited).toBeLessThan(HANG_MS);
  });

  it("a named pipe whose writer starts after pi-report is read to its end", async () => {
    const fifo = join(scratch(), "f.jsonl");
    execFileSync("mkfifo", [fifo]);
    const report = spawn("node", [BIN, fifo, "-f", "json"]);
    let stdout = "";
    report.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    const status = new Promise<number | null>((done) => report.on("close", done));
    const timer = setTimeout(() => report.kill(), HANG_MS);
    // A second later; pi-report waits for its writer meanwhile.
    spawn("sh", ["-c", `sleep 1; cat "${WITH_IMAGE}" > "${fifo}"`]);
    expect(await status).toBe(0);
    clearTimeout(timer);
    expect(stdout).toBe(pi([WITH_IMAGE, "-f", "json"]).stdout);
  });

  it("/dev/stdin, a pipe from another program, is read as before", () => {
    // Through the shell: Node gives a child a socket, not a pipe, for its standard input.
    const result = shell(`cat "${WITH_IMAGE}" | exec node "${BIN}" /dev/stdin -f json`);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(pi([WITH_IMAGE, "-f", "json"]).stdout);
  });
});

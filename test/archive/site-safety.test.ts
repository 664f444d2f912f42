/**
 * A folder of sessions that cannot be listed on a re-run (its permissions changed, a disk not mounted)
 * must not empty the site: what the last run archived from it is kept, and the run says so. Run through
 * the built command without root's power over permissions (a folder's mode does not stop root).
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { MANIFEST_FILE, type Manifest } from "../../src/archive/model/manifest.js";
import { isReportPath } from "../../src/archive/site/site-paths.js";
import { runCli } from "../helpers/cli.js";
import { ROOT } from "../helpers/paths.js";
import { shownName, writePiFolder } from "./pi-folder.js";

const CLI = join(ROOT, "dist/bin/pi-report.js");
const asRoot = process.getuid?.() === 0;

/**
 * Root without the two capabilities that let it pass a folder's permissions: a folder's mode then stops it
 * as it stops anyone. Still root, it reads the clone wherever that lives (run as `nobody`, the test failed
 * in a clone inside a folder only root may enter).
 */
const WITHOUT_OVERRIDE = [
  "setpriv",
  "--inh-caps=-dac_override,-dac_read_search",
  "--bounding-set=-dac_override,-dac_read_search",
];

/** The command as a user a folder's permissions apply to. */
function archiveAs(folder: string, output: string): { code: number | null; stderr: string } {
  const argv = [process.execPath, CLI, "archive", folder, "-o", output];
  const command = asRoot ? [...WITHOUT_OVERRIDE, ...argv] : argv;
  const run = spawnSync(command[0] as string, command.slice(1), {
    encoding: "utf8",
    env: { ...process.env, HOME: output },
  });
  return { code: run.status, stderr: run.stderr };
}

describe("a sessions folder that cannot be listed on a re-run", () => {
  it("keeps the sessions the last run archived from it, lists the folder as failed, and says so", () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    const first = archiveAs(pi.root, output);
    expect(first.code).toBe(0);
    const before = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
    const web = relative(pi.root, dirname(pi.files.fork)).split("\\").join("/");
    // The site shows the folder's name with its home as ~; stderr, the user's own, names it in full.
    const fromWeb = before.sessions.filter((session) => session.file.startsWith(`${shownName(web)}/`));
    expect(fromWeb.map((session) => session.file).sort()).toHaveLength(2);

    chmodSync(join(pi.root, web), 0o000);
    try {
      const again = archiveAs(pi.root, output);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(
        `pi-report: ${web}/: cannot be listed (permission denied); the 2 sessions the last run archived from it are kept as they were.`,
      );
      const after = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
      // Every session is still listed, with the same figures, and its page is still there.
      expect(after.sessions).toEqual(before.sessions);
      for (const session of fromWeb) expect(existsSync(join(output, session.report as string))).toBe(true);
      expect(after.failed).toContainEqual({
        file: `${shownName(web)}/`,
        error:
          "this folder cannot be listed (permission denied); the 2 sessions the last run archived from it are kept as they were",
      });
    } finally {
      chmodSync(join(pi.root, web), 0o755);
    }
  });
});

describe("where the site may go", () => {
  it("refuses a folder that holds the sessions folder: its pages would go in among the sessions", async () => {
    const pi = writePiFolder();
    const parent = dirname(pi.root);
    const { code, stderr } = await runCli(["archive", pi.root, "-o", parent]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `pi-report: -o ${parent}: holds the sessions folder (${pi.root}), and the site's pages would go in among the sessions; give the site a folder outside it.\n`,
    );
  });

  it("refuses to write over an index.html no run of it wrote, and builds a damaged site again", async () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    writeFileSync(join(output, "index.html"), "<p>my own page</p>");
    const refused = await runCli(["archive", pi.root, "-o", output]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `pi-report: -o ${output}: already holds index.html, not from a site this tool made; give the site a new or empty folder.\n`,
    );
    expect(readFileSync(join(output, "index.html"), "utf8")).toBe("<p>my own page</p>");
    // A site whose manifest is damaged is still this tool's: built again, not refused.
    const site = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    expect((await runCli(["archive", pi.root, "-o", site])).code).toBe(0);
    writeFileSync(join(site, "pi-report-manifest.json"), "{ damaged");
    expect((await runCli(["archive", pi.root, "-o", site])).code).toBe(0);
  });

  it("a site someone prepared with links under sessions/ neither writes nor deletes outside it (G11)", async () => {
    const pi = writePiFolder();
    const site = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    expect((await runCli(["archive", pi.root, "-o", site])).code).toBe(0);
    const outside = mkdtempSync(join(tmpdir(), "pi-archive-outside-"));
    writeFileSync(join(outside, "precious.html"), "PRECIOUS");
    // A link to a folder outside, and a record of a gone session whose page lies there.
    symlinkSync(outside, join(site, "sessions", "up"));
    const manifestPath = join(site, MANIFEST_FILE);
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    const [first] = manifest.records;
    if (first?.outcome.kind !== "session") throw new Error("the first record is no session");
    const gone = {
      ...first,
      file: "gone.jsonl",
      outcome: { ...first.outcome, report: "sessions/up/precious.html" },
    };
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, records: [...manifest.records, gone] }));
    // And a project's folder replaced by a link to another folder outside, its session touched.
    const project = dirname(join(site, String(first.outcome.report)));
    const elsewhere = mkdtempSync(join(tmpdir(), "pi-archive-elsewhere-"));
    rmSync(project, { recursive: true });
    symlinkSync(elsewhere, project);
    const later = new Date(Date.now() + 60_000);
    utimesSync(first.path, later, later);

    const { code, stderr } = await runCli(["archive", pi.root, "-o", site]);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: `pi-report: -o ${site}: ${relative(site, project)} is a symbolic link; a site's sessions/ holds none (a run writes and deletes there, and would do so outside the site): remove it, or give the site a new folder.\n`,
    });
    expect(readFileSync(join(outside, "precious.html"), "utf8")).toBe("PRECIOUS");
    expect(readdirSync(elsewhere)).toEqual([]);
    // Whatever a manifest says, a page is only ever deleted where it really lies inside sessions/.
    expect(isReportPath(site, "sessions/up/precious.html")).toBe(false);
    expect(isReportPath(site, String(first.outcome.report).replace(/[^/]*$/, "x.html"))).toBe(false);
  });

  it("says so when the site held another folder's sessions", async () => {
    const one = writePiFolder();
    const two = writePiFolder();
    const site = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    expect((await runCli(["archive", one.root, "-o", site])).code).toBe(0);
    const again = await runCli(["archive", two.root, "-o", site]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      `pi-report: -o ${site} held the site of ${one.root}; it now shows ${two.root} instead.\n`,
    );
  });
});

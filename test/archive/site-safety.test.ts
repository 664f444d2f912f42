/**
 * A folder of sessions that cannot be listed on a re-run (its permissions changed, a disk not mounted)
 * must not empty the site: what the last run archived from it is kept, and the run says so. Run through
 * the built command without root's power over permissions (a folder's mode does not stop root).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/archive-json.js";
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

/**
 * A run killed midway (F15): whatever temporary files it left, the next run removes them, and the site
 * then holds nothing but its own files; so are those an earlier version left.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { MANIFEST_FILE } from "../../src/archive/model/manifest.js";
import { LOCK_FILE } from "../../src/archive/site/site-lock.js";
import { archive } from "./helpers.js";
import { isFinalName, siteFiles, startArchive, waitFor, writeManySessions } from "./many-sessions.js";
import { writePiFolder } from "./pi-folder.js";

describe("a run killed midway (F15)", () => {
  for (const signal of ["SIGKILL", "SIGTERM"] as const) {
    it(`by ${signal}: the next run leaves no temporary file behind`, async () => {
      const folder = writeManySessions(60);
      const site = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
      const run = startArchive(folder, site);
      // Killed while a page it writes is not in its place yet (the lock alone is not such a file).
      const temporary = (file: string) => !isFinalName(file) && file !== LOCK_FILE;
      await waitFor(() => siteFiles(site).some(temporary));
      run.child.kill(signal);
      expect((await run.ended).signal).toBe(signal);
      expect(siteFiles(site).filter(temporary)).not.toEqual([]);

      const again = await startArchive(folder, site).ended;
      expect(again.code).toBe(0);
      const files = siteFiles(site);
      expect(files.filter((file) => !isFinalName(file))).toEqual([]);
      // And the site is whole: every page it lists, and no other.
      const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as ArchiveJson;
      expect(json.sessions).toHaveLength(60);
      expect(files.filter((file) => file.startsWith("sessions/"))).toEqual(
        json.sessions.map((session) => session.report).sort(),
      );
      expect(existsSync(join(site, MANIFEST_FILE))).toBe(true);
    }, 120_000);
  }
});

describe("temporary files an earlier version left when killed", () => {
  it("are removed (write-file-atomic's <file>.<n>), and nothing else is", async () => {
    const pi = writePiFolder();
    const site = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    await archive(pi.root, site);
    // Pages are named by the redacted folder (`--home-dev-api--` shows as `--~-api--`).
    const page = "sessions/--~-api--/2025-06-01T09-00-00-000Z_orig.html";
    const left = [`${page}.2900638645`, "index.html.554141166", `${MANIFEST_FILE}.17`];
    const mine = ["index.html.bak", "notes.1", `${page}.orig`];
    for (const file of [...left, ...mine]) writeFileSync(join(site, file), "partial");
    await archive(pi.root, site);
    const files = siteFiles(site);
    for (const file of left) expect(files).not.toContain(file);
    for (const file of mine) expect(files).toContain(file);
  });
});

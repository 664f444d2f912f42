/**
 * A run killed midway (F15): whatever temporary files it left, the next run removes them, and the site
 * then holds nothing but its own files.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/archive-json.js";
import { MANIFEST_FILE } from "../../src/archive/manifest.js";
import { LOCK_FILE } from "../../src/archive/site-lock.js";
import { isFinalName, siteFiles, startArchive, waitFor, writeManySessions } from "./many-sessions.js";

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

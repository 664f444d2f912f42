/**
 * Symbolic links in and around the sessions folder: a `.jsonl` link that leads nowhere is said and listed,
 * not passed over, and a site reached through a link is still the site's own folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { archive } from "./helpers.js";
import { writePiFolder } from "./pi-folder.js";

const site = () => mkdtempSync(join(tmpdir(), "pi-archive-site-"));

describe("symbolic links among the sessions", () => {
  it("lists a dangling and a looping .jsonl link as skipped, with why, on stderr and in archive.json", async () => {
    const pi = writePiFolder();
    symlinkSync(join(pi.root, "deleted-long-ago.jsonl"), join(pi.root, "dangling.jsonl"));
    symlinkSync(join(pi.root, "loop-b.jsonl"), join(pi.root, "loop-a.jsonl"));
    symlinkSync(join(pi.root, "loop-a.jsonl"), join(pi.root, "loop-b.jsonl"));
    const output = site();
    const stderr: string[] = [];
    // The folder without the links: 5 sessions and 1 skipped (its notes file); each link adds one skipped.
    const summary = await archive(pi.root, output, {}, stderr);
    expect(summary).toMatchObject({ sessions: 5, skipped: 4 });
    const dangling = "a symbolic link to nothing (its target is missing)";
    const loop = "a symbolic link that loops (it leads back to itself)";
    expect(stderr.join("")).toContain(`pi-report: dangling.jsonl: skipped: ${dangling}.\n`);
    expect(stderr.join("")).toContain(`pi-report: loop-a.jsonl: skipped: ${loop}.\n`);
    expect(stderr.join("")).toContain(`pi-report: loop-b.jsonl: skipped: ${loop}.\n`);
    const json = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.skipped).toEqual(
      expect.arrayContaining([
        { file: "dangling.jsonl", reason: dangling },
        { file: "loop-a.jsonl", reason: loop },
        { file: "loop-b.jsonl", reason: loop },
      ]),
    );
    expect(json.counts.skipped).toBe(4);
  });
});

describe("a site reached through a symbolic link", () => {
  it("is not searched for sessions when -o is a link to a folder inside the sessions folder", async () => {
    const pi = writePiFolder();
    const inside = join(pi.root, "site");
    mkdirSync(inside);
    writeFileSync(join(inside, "kept-apart.jsonl"), readFileSync(pi.files.original));
    const link = join(site(), "site-link");
    symlinkSync(inside, link);
    const stderr: string[] = [];
    // As with -o the folder itself: 5 sessions, and the copy inside the site said and left out.
    expect(await archive(pi.root, link, {}, stderr)).toMatchObject({ sessions: 5, skipped: 1 });
    expect(stderr.join("")).toContain(
      `pi-report: 1 session file inside the site's folder (-o ${link}) is left out: the site's own folder is not searched; give the site a folder outside the sessions.\n`,
    );
    const json = JSON.parse(readFileSync(join(inside, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.sessions.map((session) => session.file)).not.toContain("site/kept-apart.jsonl");
  });

  it("refuses -o a link to the sessions folder, or to a folder that holds it", async () => {
    const pi = writePiFolder();
    const toSessions = join(site(), "sessions-link");
    symlinkSync(pi.root, toSessions);
    await expect(archive(pi.root, toSessions)).rejects.toThrow(
      `-o ${toSessions}: is the sessions folder itself; give the site its own folder.`,
    );
    const toParent = join(site(), "parent-link");
    symlinkSync(join(pi.root, ".."), toParent);
    await expect(archive(pi.root, toParent)).rejects.toThrow(
      `-o ${toParent}: holds the sessions folder (${pi.root})`,
    );
  });
});

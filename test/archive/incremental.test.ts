import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { MANIFEST_FILE, type Manifest } from "../../src/archive/model/manifest.js";
import { changesLine } from "../../src/archive/run/summary-line.js";
import { archive } from "./helpers.js";
import { writePiFolder } from "./pi-folder.js";

const LONG_AGO = new Date("2000-01-01T00:00:00.000Z");

/** Every report in the site, by file name, with its mtime. */
function reportTimes(output: string): Map<string, number> {
  const times = new Map<string, number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else times.set(path, statSync(path).mtimeMs);
    }
  };
  walk(join(output, "sessions"));
  return times;
}

/** Back-dates every report, so that any rewrite shows as a newer mtime. */
function backdateReports(output: string): void {
  for (const path of reportTimes(output).keys()) utimesSync(path, LONG_AGO, LONG_AGO);
}

const rewritten = (output: string): string[] =>
  [...reportTimes(output)].filter(([, time]) => time !== LONG_AGO.getTime()).map(([path]) => path);

const hashOf = (output: string, file: string): string | null | undefined =>
  (JSON.parse(readFileSync(join(output, MANIFEST_FILE), "utf8")) as Manifest).records.find((record) =>
    record.path.endsWith(file),
  )?.hash;

describe("re-running the archive", () => {
  it("re-renders nothing when nothing changed, and only a changed file when one did", async () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    expect(await archive(pi.root, output)).toMatchObject({ rendered: 5, unchanged: 0 });
    backdateReports(output);

    expect(await archive(pi.root, output)).toMatchObject({ rendered: 0, unchanged: 5 });
    expect(rewritten(output)).toEqual([]);

    // Touching one file re-renders it, and only it.
    const later = new Date(statSync(pi.files.original).mtimeMs + 60_000);
    utimesSync(pi.files.original, later, later);
    expect(await archive(pi.root, output)).toMatchObject({ rendered: 1, unchanged: 4 });
    expect(rewritten(output).map((path) => path.split("/").pop())).toEqual([
      "2025-06-01T09-00-00-000Z_orig.html",
    ]);
    backdateReports(output);

    // New bytes: that file alone is read and rendered again, and the totals follow.
    const before = hashOf(output, "_subs.jsonl");
    appendFileSync(
      pi.files.subagents,
      `${JSON.stringify({
        type: "message",
        id: "s4",
        parentId: "s3",
        timestamp: "2025-06-04T12:00:04.000Z",
        message: {
          role: "assistant",
          content: [{ type: "text", text: "one more" }],
          provider: "openai",
          model: "gpt-5",
          usage: {
            input: 100,
            output: 10,
            cacheRead: 0,
            cacheWrite: 0,
            totalTokens: 110,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.11 },
          },
          stopReason: "stop",
          timestamp: 1749038404000,
        },
      })}\n`,
    );
    expect(await archive(pi.root, output)).toMatchObject({ rendered: 1, unchanged: 4 });
    expect(rewritten(output).map((path) => path.split("/").pop())).toEqual([
      "2025-06-04T12-00-00-000Z_subs.html",
    ]);
    expect(hashOf(output, "_subs.jsonl")).not.toBe(before);
    const json = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
    expect(Math.round(json.total.total.cost * 1e6) / 1e6).toBe(1.79);

    // A report deleted from the site is written again, and only it.
    backdateReports(output);
    const forkReport = join(output, "sessions", "--~-web--", "2025-06-02T10-00-00-000Z_fork.html");
    rmSync(forkReport);
    expect(await archive(pi.root, output)).toMatchObject({ rendered: 1, unchanged: 4 });
    expect(rewritten(output)).toEqual([forkReport]);
  });

  it("drops the reports of sessions a filter leaves out, and renders them again when they come back", async () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    await archive(pi.root, output);
    const original = join(output, "sessions", "--~-api--", "2025-06-01T09-00-00-000Z_orig.html");
    expect(existsSync(original)).toBe(true);

    expect(await archive(pi.root, output, { project: "/web" })).toMatchObject({ sessions: 2, rendered: 0 });
    expect(existsSync(original)).toBe(false);
    expect([...reportTimes(output).keys()].map((path) => path.split("/").pop()).sort()).toEqual([
      "2025-06-02T10-00-00-000Z_fork.html",
      "2025-06-04T12-00-00-000Z_subs.html",
    ]);

    expect(await archive(pi.root, output)).toMatchObject({ sessions: 5, rendered: 3 });
    expect(existsSync(original)).toBe(true);
  });
});

describe("what a re-run says changed", () => {
  it("names the files new, changed (their bytes, not a touch) and gone since the last run", async () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    const first = await archive(pi.root, output);
    expect(first.changes).toBeNull();
    expect(changesLine(first)).toBeNull();

    // Touched only: the same bytes, so nothing changed.
    const later = new Date(statSync(pi.files.original).mtimeMs + 60_000);
    utimesSync(pi.files.original, later, later);
    const touched = await archive(pi.root, output);
    expect(touched.changes).toEqual({ added: [], changed: [], removed: [] });
    expect(changesLine(touched)).toBeNull();

    const name = (path: string) => relative(pi.root, path).split("\\").join("/");
    appendFileSync(pi.files.damaged, "\n");
    rmSync(pi.files.orphan);
    const copy = join(dirname(pi.files.original), "2025-06-05T09-00-00-000Z_copy.jsonl");
    writeFileSync(copy, readFileSync(pi.files.original));
    const again = await archive(pi.root, output);
    expect(again.changes).toEqual({
      added: [name(copy)],
      changed: [name(pi.files.damaged)],
      removed: [name(pi.files.orphan)],
    });
    expect(changesLine(again)).toBe(
      `pi-report: since the last run: 1 new (${name(copy)}), 1 changed (${name(pi.files.damaged)}), 1 gone (${name(pi.files.orphan)})`,
    );
  });
});

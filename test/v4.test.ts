/**
 * Version 4 files of Pi's agent core (fixtures/sessions/v4-lanes.jsonl): read by lane and fact into the
 * same pipeline as v3 files, their usage records counted once. Every number is worked out by hand in
 * fixtures/README.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../src/archive/model/archive-json.js";
import { analyzeSession, parseSessionBytes, readSessionFile } from "../src/index.js";
import { wordedProblem } from "../src/read/problem-sentence.js";
import { piFooter } from "../src/view/pi-footer.js";
import { archive } from "./archive/helpers.js";
import { analyzeFixture, idsOf, rounded, totals } from "./helpers/analyze.js";
import { runCli } from "./helpers/cli.js";
import { FIXTURES } from "./helpers/paths.js";

const FILE = `${FIXTURES}sessions/v4-lanes.jsonl`;
const analysis = analyzeFixture("v4-lanes.jsonl");
const { tree } = analysis;
const lineOf = (id: string) => tree.entries[tree.indexById.get(id) as number]?.line;
const userLines = (path: readonly number[]) =>
  path
    .map((index) => tree.entries[index])
    .filter((entry) => entry?.body.type === "message" && entry.body.message.role === "user")
    .map((entry) => entry?.line);

describe("a version 4 file is read, by lane and fact", () => {
  it("is a session of version 4: its header's createdAt is its start", () => {
    expect(analysis.session.inputVersion).toBe(4);
    expect(analysis.session.header.id).toBe("0a4e0000-0000-7000-8000-000000000001");
    expect(analysis.session.header.cwd).toBe("/work/api");
    // createdAt 1767225600000 ms = 2026-01-01T00:00:00Z.
    expect(analysis.session.header.timestamp).toBe("2026-01-01T00:00:00.000Z");
    expect(analysis.session.entries.find((e) => e.id === "u1")?.timestamp).toBe("2026-01-01T00:00:01.000Z");
  });

  it("the leaf is the main lane's, not the last entry in the file (u4, on lane side)", () => {
    // main's last entry of the file: a3 on line 18, not the fact this reader placed after it (line 21).
    expect(tree.entries[tree.leaf]?.id).toBe("a3");
    expect(tree.roots.map((index) => tree.entries[index]?.id)).toEqual(["u1"]);
    expect(tree.tips.map((index) => tree.entries[index]?.line)).toEqual([18, 22]);
    const active = analysis.activeBranch?.path ?? [];
    expect(userLines(active)).toEqual([3, 16]);
    const side = analysis.branches.find((branch) => !branch.active);
    expect(idsOf(analysis, side?.path ?? [])).toEqual(["u1", "u2", "a2", "u4"]);
  });

  it("facts and usage records stand on their lane's chain where they were written, the file's last entry its tip", () => {
    // us-5 and the facts of lines 20 and 21 came after a3, main's last entry: they stand before it, so that
    // the branch still holds them and ends at an entry of the file.
    const active = idsOf(analysis, analysis.activeBranch?.path ?? []);
    expect(active).toEqual([
      "u1",
      "us-1",
      "a1",
      "line-10",
      "line-11",
      "u3",
      "us-5",
      "line-20",
      "line-21",
      "a3",
    ]);
    expect(lineOf("us-1")).toBe(5);
  });

  it("the name and labels come from fact lines: the latest wins", () => {
    expect(tree.name).toBe("Health endpoint (v4)");
    expect([...tree.labels]).toEqual([["a1", "works"]]);
  });

  it("operation records are one note, not the conversation", () => {
    expect(analysis.problems.map(wordedProblem)).toEqual([
      {
        line: 1,
        kind: "note",
        message:
          "a version 4 file, written by a host built on Pi's agent core: its operation records (1 operation_started, 2 step_attempt, 1 operation_finished) are the host's log of how it ran, not the conversation; not shown",
      },
    ]);
  });
});

describe("a version 4 file's usage records are counted once", () => {
  it("the file: every record once (the replies' own usage is a snapshot of theirs)", () => {
    const total = analysis.usage.total;
    expect(rounded(total)).toEqual(
      totals({ input: 4650, output: 600, cacheRead: 1000, totalTokens: 6250, cost: 0.02325, turns: 5 }),
    );
    expect(analysis.usageItems.map((item) => tree.entries[item.entryIndex]?.id)).toEqual([
      "us-1",
      "a1",
      "a2",
      "a3",
      "us-5",
    ]);
  });

  it("the active branch: us-1 + a1 + a3 + us-5; its context is a3's", () => {
    const active = analysis.activeBranch;
    expect(rounded(active?.total ?? totals({}))).toEqual(
      totals({ input: 3150, output: 300, cacheRead: 1000, totalTokens: 4450, cost: 0.01425, turns: 4 }),
    );
    expect(active?.context.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("Pi shows nothing: Pi 1.6 does not open a version 4 file", () => {
    const footer = piFooter(analysis, new Set());
    expect(footer.kind).toBe("none");
    expect(footer.kind === "none" ? footer.reason : "").toMatch(/version 4 file.*Pi 1\.6 does not open/);
  });
});

describe("every format reads a version 4 file", () => {
  for (const format of ["html", "md", "json"] as const) {
    it(format, async () => {
      const result = await runCli([FILE, "-f", format, "-o", "-"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Health endpoint (v4)");
      // The JSON report holds ids, not the transcript.
      if (format !== "json") expect(result.stdout).toContain("Now add a test");
    });
  }

  it("json: Pi resumes from nothing", async () => {
    const result = await runCli([FILE, "-f", "json", "-o", "-"]);
    const report = JSON.parse(result.stdout) as { leafId: string; piLeafId: string | null };
    expect(report.leafId).toBe("a3");
    expect(report.piLeafId).toBeNull();
  });

  it("the archive lists it with its cost", async () => {
    const root = mkdtempSync(join(tmpdir(), "pi-report-v4-"));
    const folder = join(root, "sessions", "--work-api--");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "2026-01-01T00-00-00-000Z_v4.jsonl"), readFileSync(FILE));
    await archive(join(root, "sessions"), join(root, "site"));
    const json = JSON.parse(readFileSync(join(root, "site", "archive.json"), "utf8")) as ArchiveJson;
    expect(json.counts).toMatchObject({ sessions: 1, skipped: 0, failed: 0 });
    expect(json.total.total.cost).toBeCloseTo(0.02325, 9);
  });

  it("a v4 file read whole: the raw session is mapped as it is read", () => {
    const raw = readSessionFile(FILE);
    expect(raw.inputVersion).toBe(4);
    expect(raw.leafId).toBe("a3");
  });
});

describe("version 4 damage", () => {
  const header = '{"kind":"header","version":4,"id":"s","createdAt":0,"cwd":"/w"}';
  const entry = (id: string, parentId: string | null, seq: number) =>
    JSON.stringify({
      kind: "entry",
      lane: "main",
      type: "custom",
      id,
      customType: "x",
      parentId,
      seq,
      timestamp: seq,
    });

  it("a main lane moved to an entry not in the file: reported, the report opens at the last entry", () => {
    const text = [
      header,
      entry("e1", null, 1),
      entry("e2", "e1", 2),
      '{"kind":"lane","seq":3,"lane":"main","leafId":"gone"}',
    ];
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(text.join("\n")), "v4"));
    expect(analysis.tree.entries[analysis.tree.leaf]?.id).toBe("e2");
    expect(analysis.problems.map(wordedProblem)).toContainEqual(
      expect.objectContaining({ line: 1, kind: "structure", message: expect.stringContaining('"gone"') }),
    );
  });

  it("a lane line moving main back (navigation): the leaf follows it, the next entry branches there", () => {
    const text = [
      header,
      entry("e1", null, 1),
      entry("e2", "e1", 2),
      '{"kind":"lane","seq":3,"lane":"main","leafId":"e1"}',
      entry("e3", "e1", 4),
    ];
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(text.join("\n")), "v4"));
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["e1", "e3"]);
    expect(analysis.branches.map((branch) => analysis.tree.entries[branch.tip]?.id)).toEqual(["e2", "e3"]);
  });
});

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import type { ArchiveSummary } from "../../src/archive/run/run-archive.js";
import { summaryLine } from "../../src/archive/run/summary-line.js";
import { buildJsonReport } from "../../src/index.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { runCli } from "../helpers/cli.js";
import { archive, parseCsv } from "./helpers.js";
import { API, type PiFolder, realName, shown, shownName, TOOLS, WEB, writePiFolder } from "./pi-folder.js";

/** A session's name as the site shows it: its path below the folder, the home in it as `~`. */
const nameOf = (pi: PiFolder, path: string): string =>
  shownName(relative(pi.root, path).split(sep).join("/"));
const cents = (value: number): number => Math.round(value * 1e6) / 1e6;

describe("pi-report archive over a hand-made Pi folder", () => {
  let pi: PiFolder;
  let output: string;
  let summary: ArchiveSummary;
  let json: ArchiveJson;

  beforeAll(async () => {
    pi = writePiFolder();
    output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    summary = await archive(pi.root, output);
    json = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
  });

  it("counts entries a fork copied once, the orphaned fork whole, and lists what it could not read", () => {
    expect(json.counts).toEqual({ sessions: 5, skipped: 1, failed: 1, filteredOut: 0 });
    // 330 (original) + 330 (the fork's own reply) + 1,155 (orphan) + 11 (damaged) + 440 + 66 (subagents).
    expect(json.total.total).toMatchObject({
      input: 2120,
      output: 212,
      totalTokens: 2332,
      unpricedTokens: 440,
      turns: 9,
    });
    expect(cents(json.total.total.cost)).toBe(1.68);
    expect(json.total.subagent).toMatchObject({ totalTokens: 66, cost: 0.02, turns: 2 });
    expect(json.deduplicated).toEqual({
      entries: 4,
      sessions: 1,
      usage: {
        input: 300,
        output: 30,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 330,
        cost: 0.3,
        unpricedTokens: 0,
        turns: 2,
        // Totals' later fields: the copied replies recorded usage, and no reasoning or one-hour cache writes.
        unrecordedTurns: 0,
        reasoning: 0,
        cacheWrite1h: 0,
      },
    });

    const byFile = new Map(json.sessions.map((session) => [session.file, session]));
    const fork = byFile.get(nameOf(pi, pi.files.fork));
    expect(fork?.reported).toMatchObject({ totalTokens: 660, cost: 0.6 });
    expect(fork?.counted.total).toMatchObject({ totalTokens: 330, cost: 0.3, turns: 1 });
    expect(fork?.forkOf).toBe(nameOf(pi, pi.files.original));
    const orphan = byFile.get(nameOf(pi, pi.files.orphan));
    expect(orphan?.counted.total).toMatchObject({ totalTokens: 1155, cost: 1.05, turns: 2 });
    expect(orphan?.forkOf).toBeNull();
    const damaged = byFile.get(nameOf(pi, pi.files.damaged));
    expect(damaged?.counted.total).toMatchObject({ totalTokens: 11, cost: 0.01 });
    expect(damaged?.entryCount).toBe(3);
    expect(damaged?.problems).toEqual(
      expect.arrayContaining([
        { kind: "repaired", count: 1 },
        { kind: "unreadable", count: 1 },
      ]),
    );
    expect(json.failed).toEqual([
      // The message without the path it starts with when printed alone: the index shows it beside the name.
      {
        file: "--~-api--/empty.jsonl",
        error: "the file is empty; a Pi session starts with a header line.",
      },
    ]);
    expect(json.skipped).toEqual([
      { file: "notes/events.jsonl", reason: expect.stringMatching(/^not a Pi session/) },
    ]);
  });

  it("lists sessions newest first and totals them by day, project and model", () => {
    // A fork starts when it was made, at its header (the orphan on 06-03, the fork on 06-02), not at the
    // entries it copied; its copied usage still falls on the days it was spent (the orphan's on 05-30).
    expect(json.sessions.map((session) => session.id)).toEqual(["subs", "damaged", "orphan", "fork", "orig"]);
    expect(json.days.map((day) => [day.day, day.total.totalTokens, cents(day.total.cost)])).toEqual([
      ["2025-05-30", 1100, 1],
      ["2025-06-01", 330, 0.3],
      ["2025-06-02", 330, 0.3],
      ["2025-06-03", 55, 0.05],
      ["2025-06-04", 517, 0.03],
    ]);
    expect(json.days.at(-1)?.total.unpricedTokens).toBe(440);
    expect(json.months.map((month) => [month.month, cents(month.total.cost)])).toEqual([
      ["2025-05", 1],
      ["2025-06", 0.68],
    ]);
    expect(json.projects.map((row) => [row.project, row.total.totalTokens, cents(row.total.cost)])).toEqual([
      [shown(API), 1485, 1.35],
      [shown(WEB), 836, 0.32],
      [shown(TOOLS), 11, 0.01],
    ]);
    const models = new Map(json.models.map((row) => [`${row.provider}/${row.model}`, row.total]));
    expect(models.get("anthropic/claude-sonnet-4-5")).toMatchObject({ totalTokens: 1496, cost: 1.36 });
    expect(models.get("openai/gpt-5")).toMatchObject({ totalTokens: 330, cost: 0.3 });
    expect(models.get("github-copilot/gpt-4.1")).toMatchObject({
      totalTokens: 440,
      cost: 0,
      unpricedTokens: 440,
    });
  });

  it("ends with one summary line", () => {
    expect(summary).toMatchObject({
      sessions: 5,
      rendered: 5,
      skipped: 1,
      failed: 1,
      deduplicatedEntries: 4,
    });
    expect(summaryLine(summary)).toMatch(
      /^pi-report: archived 5 sessions .*; 1 skipped \(not Pi sessions\), 1 failed; 4 copied entries counted once \(\$0\.300 not added again\); total \$1\.68 \+ 440 unpriced tokens$/,
    );
  });

  // Archive pages leave the session file out (a site would hold every session twice): --no-session-file.
  it("writes each session's report exactly as `pi-report <file> --no-session-file` does, and an index linking them", async () => {
    const index = readFileSync(join(output, "index.html"), "utf8");
    for (const session of json.sessions) {
      const path = join(pi.root, realName(session.file));
      const single = join(output, "..", `${session.id}-single.html`);
      expect((await runCli([path, "--no-session-file", "-o", single])).code).toBe(0);
      expect(readFileSync(join(output, session.report as string), "utf8")).toBe(readFileSync(single, "utf8"));
      expect(index).toContain(
        `href="${(session.report as string).split("/").map(encodeURIComponent).join("/")}"`,
      );
    }
    expect(index).toContain("--~-api--/empty.jsonl");
    expect(index).toContain("notes/events.jsonl");
    expect(index).toMatch(/4 entries copied by \/fork or \/clone into 1 session were counted once/);
    expect(index).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src (&#x27;|')none/);
    expect(index).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    expect(index).toContain("<svg");
  });

  it("agrees with the sum of the sessions' JSON reports less the de-duplicated part", () => {
    const reports = json.sessions.map((session) =>
      buildJsonReport(analyzeAsRead(join(pi.root, realName(session.file)))),
    );
    const reported = reports.reduce((sum, report) => sum + report.usage.total.cost, 0);
    const tokens = reports.reduce((sum, report) => sum + report.usage.total.totalTokens, 0);
    expect(cents(reported - json.deduplicated.usage.cost)).toBe(cents(json.total.total.cost));
    expect(tokens - json.deduplicated.usage.totalTokens).toBe(json.total.total.totalTokens);
    expect(json.sessions.map((session) => session.reported)).toEqual(
      reports.map((report) => report.usage.total),
    );

    const [head, ...rows] = parseCsv(readFileSync(join(output, "costs.csv"), "utf8"));
    const column = (name: string): number => (head as string[]).indexOf(name);
    const sum = (kind: string, name: string): number =>
      rows.filter((row) => row[0] === kind).reduce((total, row) => total + Number(row[column(name)]), 0);
    for (const kind of ["session", "day_model"]) {
      expect(cents(sum(kind, "cost"))).toBe(cents(reported - json.deduplicated.usage.cost));
      expect(sum(kind, "total_tokens")).toBe(tokens - json.deduplicated.usage.totalTokens);
    }
    expect(cents(sum("session", "deduplicated_cost"))).toBe(0.3);
    expect(rows.filter((row) => row[0] === "session")).toHaveLength(5);
    // A title a spreadsheet would run as a formula stays text.
    expect(rows.find((row) => row[3] === "subs")?.[column("title")]).toBe(
      '\'=HYPERLINK("http://evil.example","click")',
    );
  });
});

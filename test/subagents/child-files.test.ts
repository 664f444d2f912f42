/**
 * Sub-agent runs whose transcript is a session file of its own (fixtures/subagent-files/, README there):
 * found below the parent's folder, shown on the run's card, and counted once.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { archive } from "../archive/helpers.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/paths.js";

const FILES = `${FIXTURES}subagent-files/`;
const PI_PARENT = `${FILES}pi-subagents/2025-08-01T10-00-00-000Z_parent.jsonl`;
const OMP_PARENT = `${FILES}oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent.jsonl`;

const jsonReport = async (file: string) => {
  const { code, stdout } = await runCli([file, "--format", "json", "-o", "-"]);
  expect(code).toBe(0);
  return JSON.parse(stdout) as {
    usage: { total: Record<string, number>; bySource: Record<string, Record<string, number>> };
  };
};
const cents = (dollars: number) => Math.round(dollars * 1e6) / 1e6;

describe("oh-my-pi: a run's usage is read from <parent>/<id>.jsonl when the parent records none", () => {
  it("counts the child file once: 2 replies, 3800 tokens, $0.0046 (by hand)", async () => {
    // 0-Review.jsonl: 2000/200 at $0.003, then 1000/100 + 500 cache read at $0.0016. 1-Scout has no file.
    const report = await jsonReport(OMP_PARENT);
    const { subagent } = report.usage.bySource;
    expect({ ...subagent, cost: cents(subagent?.cost ?? 0) }).toEqual({
      input: 3000,
      output: 300,
      cacheRead: 500,
      cacheWrite: 0,
      totalTokens: 3800,
      cost: 0.0046,
      unpricedTokens: 0,
      turns: 2,
      // The child's replies hold no reasoning or 1-hour cache writes, and both recorded their usage.
      reasoning: 0,
      cacheWrite1h: 0,
      unrecordedTurns: 0,
    });
    // Parent replies 1000/100 $0.0045, 1200/50 $0.00435, 500/20 $0.0018; plus the run above.
    expect(report.usage.total.totalTokens).toBe(2870 + 3800);
    expect(cents(report.usage.total.cost ?? 0)).toBe(0.01525);
    expect(report.usage.total.turns).toBe(3 + 2);
  });

  it("names the child file on the run's card, and says which was not found", async () => {
    const html = await renderHtml(analyzeAsRead(OMP_PARENT), { sourcePath: OMP_PARENT });
    expect(html).toContain(
      "session file <code>2025-08-02T10-00-00-000Z_omp-parent/0-Review.jsonl</code></p>",
    );
    expect(html).toContain(
      "session file <code>2025-08-02T10-00-00-000Z_omp-parent/1-Scout.jsonl</code> (not found beside this session)",
    );
  });
});

describe("a child file is read only from below the parent's folder", () => {
  it("not through a symbolic link that leads out of it", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-child-link-"));
    const outside = mkdtempSync(join(tmpdir(), "pi-report-child-outside-"));
    const parent = join(folder, "2025-08-02T10-00-00-000Z_omp-parent.jsonl");
    cpSync(OMP_PARENT, parent);
    cpSync(`${FILES}oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent/0-Review.jsonl`, join(outside, "x.jsonl"));
    mkdirSync(join(folder, "2025-08-02T10-00-00-000Z_omp-parent"));
    symlinkSync(
      join(outside, "x.jsonl"),
      join(folder, "2025-08-02T10-00-00-000Z_omp-parent", "0-Review.jsonl"),
    );
    const report = await jsonReport(parent);
    expect(report.usage.bySource.subagent?.totalTokens).toBe(0);
  });
});

describe("pi-subagents: `sessionFile` is linked, the recorded usage counted (never the file too)", () => {
  it("counts the recorded usage only: 2530 tokens, $0.00345", async () => {
    // scout 1500/150 $0.00225 (2 turns; its file holds the same) + reviewer 800/80 $0.0012 (1 turn).
    const report = await jsonReport(PI_PARENT);
    expect(report.usage.bySource.subagent?.totalTokens).toBe(2530);
    expect(cents(report.usage.bySource.subagent?.cost ?? 0)).toBe(0.00345);
    expect(report.usage.bySource.subagent?.turns).toBe(3);
  });

  it("finds a recorded path from another machine below the parent's folder; never one outside it", async () => {
    const html = await renderHtml(analyzeAsRead(PI_PARENT), { sourcePath: PI_PARENT });
    expect(html).toContain(
      "session file <code>2025-08-01T10-00-00-000Z_parent/run1/run-0/2025-08-01T10-00-05-000Z_child-a.jsonl</code></p>",
    );
    expect(html).toContain(
      "session file <code>/tmp/elsewhere/2025-08-01T10-00-06-000Z_child-b.jsonl</code> (not found beside this session)",
    );
  });
});

describe("the archive counts a child file once", () => {
  it("sums to the parents' own totals, and says which session is a sub-agent run of which", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-children-"));
    cpSync(FILES, folder, { recursive: true });
    const site = mkdtempSync(join(tmpdir(), "pi-report-children-site-"));
    await archive(folder, site);
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8"));
    // pi-subagents parent 4150 tokens $0.00975; oh-my-pi parent 6670 tokens $0.01525 (both by hand, above).
    // Without this, the two child files added 1650 and 3800 tokens again.
    expect(json.counts.sessions).toBe(4);
    expect(json.total.total.totalTokens).toBe(4150 + 6670);
    expect(cents(json.total.total.cost)).toBe(0.025);
    const byFile = new Map(
      (
        json.sessions as {
          file: string;
          subagentOf: string | null;
          counted: { total: { totalTokens: number } };
        }[]
      ).map((session) => [session.file, session]),
    );
    const child = byFile.get("oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent/0-Review.jsonl");
    expect(child?.subagentOf).toBe("oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent.jsonl");
    expect(child?.counted.total.totalTokens).toBe(0);
    const index = readFileSync(join(site, "index.html"), "utf8");
    expect(index).toContain(`<ul class="subagent-runs"`);
  });
});

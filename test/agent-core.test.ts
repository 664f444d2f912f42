/**
 * Version 4 files written by Pi's agent core itself (fixtures/agent-core/, by scripts/agent-core/): this report's
 * totals, leaf, name and labels are the package's own (agent-core-figures.jsonl: `getStats()` and the rest,
 * taken from the same session object that wrote the file).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../src/render/json/json-report.js";
import { analyzeAsRead } from "./helpers/analyze.js";
import { FIXTURES } from "./helpers/paths.js";

const DIR = `${FIXTURES}agent-core/`;
const FIGURES = new Map(
  readFileSync(`${DIR}agent-core-figures.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line))
    .map((figures) => [figures.file as string, figures]),
);
const reportOf = (name: string) => buildJsonReport(analyzeAsRead(`${DIR}${name}`));

describe("pi-agent-core 0.87.1: a session its real AgentHarness wrote", () => {
  const name = "core-0.87.1-harness.jsonl";
  const figures = FIGURES.get(name);
  const report = reportOf(name);

  it("is read, not refused (header {v:4, kind:'header', storageVersion:1}, transactions of writes)", () => {
    expect(report.session.inputVersion).toBe(4);
    expect(report.entryCount).toBeGreaterThan(20);
  });

  it("counts every usage row once: the totals are getStats()'s", () => {
    // Two parallel tool calls, a tool's own usage, an error turn and its retry, a model switch, a
    // compaction, recordUsage, a second lane, a navigation with a branch summary.
    const { usage } = figures.stats;
    expect(report.usage.total).toMatchObject({
      input: usage.input,
      output: usage.output,
      cacheRead: usage.cacheRead,
      cacheWrite: usage.cacheWrite,
      totalTokens: usage.totalTokens,
    });
    expect(report.usage.total.cost).toBeCloseTo(usage.cost.total, 9);
  });

  it("opens at the main lane's tip, with the name and labels the package reads", () => {
    const main = figures.lanes.find((lane: { name: string }) => lane.name === "main");
    expect(report.leafId).toBe(main.tipId);
    const tips = report.branches.map((branch) => branch.tipId);
    for (const lane of figures.lanes) expect(tips).toContain(lane.tipId);
    expect(report.session.name).toBe(figures.name);
    expect(Object.fromEntries(report.labels.map(({ entryId, label }) => [entryId, label]))).toEqual(
      figures.labels,
    );
  });

  it("notes the host's state writes (operations, pending frames) once, as not the conversation", () => {
    expect(report.problems.map((problem) => problem.kind)).toEqual(["note"]);
    expect(report.problems[0]?.message).toMatch(/pi\.op\.state/);
  });
});

describe("pi-agent-core 0.84.4: a tool's usage record that names the reply", () => {
  const name = "core-0.84.4-tool-usage.jsonl";
  const figures = FIGURES.get(name);
  const report = reportOf(name);

  it("counts the reply once and the tool's usage too: getStats()'s totals", () => {
    // Reply a1 1,200/150/4,000 ($0.00705), the summarise tool's 600/64 ($0.00276), a2 1,500/118/5,200
    // ($0.00783): 12,832 tokens, $0.01764. Before: a1 twice and no tool, 17,518 tokens, $0.02193.
    expect(figures.stats).toMatchObject({ totalTokens: 12832, costTotal: 0.01764 });
    expect(report.usage.total.totalTokens).toBe(figures.stats.totalTokens);
    expect(report.usage.total.cost).toBeCloseTo(figures.stats.costTotal, 9);
    expect(report.usage.total.turns).toBe(3);
  });

  it("reports the leaf the package reads (a2), not an id this reader made for the facts after it", () => {
    expect(figures.leafId).toBe("a2");
    expect(report.leafId).toBe("a2");
    expect(report.session.name).toBe("README summary");
    expect(report.labels).toEqual([{ entryId: "a2", label: "answer" }]);
  });
});

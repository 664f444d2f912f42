/**
 * pi-subagents runs as it records them: one known by its `sessionFile` alone (no usage, no messages) is
 * counted from its own file, and `model: "provider/model:thinking"` is the model's own row. Figures by
 * hand from fixtures/subagent-file-only/2025-08-03T10-00-00-000Z_file-only.jsonl and its child
 * (fixtures/README.md), claude-haiku-4-5 at $1/$5 per M tokens, cache reads at $0.10.
 */
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../../src/render/json/json-report.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

const PARENT = `${FIXTURES}subagent-file-only/2025-08-03T10-00-00-000Z_file-only.jsonl`;

describe("pi-subagents runs", () => {
  const report = buildJsonReport(analyzeAsRead(PARENT));

  it("counts a run known only by its session file from that file", () => {
    // The scout's own file: 2,000/200 $0.003 and 1,000/100 + 500 cache read $0.00155: 2 calls. The
    // reviewer recorded 800/80, $0.0012, 1 call. Nothing is a call without usage: the tool result's
    // own zero usage describes the runs and is not counted.
    expect(report.usage.bySource.subagent).toMatchObject({
      input: 3800,
      output: 380,
      cacheRead: 500,
      totalTokens: 4680,
      turns: 3,
      unrecordedTurns: 0,
    });
    expect(report.usage.bySource.subagent.cost).toBeCloseTo(0.00575, 9);
    // With the parent's replies (1,000/100 $0.0015, 1,200/50 $0.00145, 1,500/30 $0.00165).
    expect(report.usage.total).toMatchObject({ input: 7500, output: 560, totalTokens: 8560, turns: 6 });
    expect(report.usage.total.cost).toBeCloseTo(0.01035, 9);
    expect(report.usage.pi.comparison).not.toMatch(/recorded no usage/);
  });

  it("reads `provider/model:thinking` as the provider and the model: one row with the parent's replies", () => {
    expect(report.usage.byModel.map((row) => [row.provider, row.model, row.turns])).toEqual([
      ["anthropic", "claude-haiku-4-5", 6],
    ]);
  });
});

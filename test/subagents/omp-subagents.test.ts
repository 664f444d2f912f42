/** oh-my-pi's `subagent` tool records `details.subagents[]` snapshots, not `details.results[]`. */
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead, analyzeFixture, rounded, totals } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const runsOf = (analysis: ReturnType<typeof analyzeAsRead>) =>
  analysis.usageItems
    .filter((item) => item.source === "subagent")
    .map((item) => [item.agent, item.provider, item.model, item.turns, item.usage.totalTokens]);

describe("oh-my-pi sub-agent runs (details.subagents[])", () => {
  const analysis = analyzeFixture("omp-subagents.jsonl");

  it("counts each finished run once; a `running` snapshot is a poll of it, not a run", () => {
    // r2 holds two `running` snapshots, r3 the same two finished (completed, failed): 2 runs. The
    // snapshots record no usage, so each run adds no tokens and no turns it cannot show.
    expect(runsOf(analysis)).toEqual([
      ["architect", "zai", "glm-5.2", 0, 0],
      ["scout", "openai", "gpt-5-mini", 0, 0],
    ]);
  });

  it("leaves the replies' usage as it was (4 replies, $0.018 by hand)", () => {
    // 1000+1200+1300+1400 = 4900 input, 100+50+50+20 = 220 output; 0.0045+0.00435+0.00465+0.0045.
    expect(rounded(analysis.usage.total)).toEqual(
      totals({ input: 4900, output: 220, totalTokens: 5120, cost: 0.018, turns: 4 }),
    );
  });

  it("shows the runs in the HTML card: count, agent, provider/model", async () => {
    const file = `${FIXTURES}sessions/omp-subagents.jsonl`;
    const html = await renderHtml(analyzeAsRead(file), { sourcePath: file });
    expect(html).toContain("2 sub-agent runs");
    expect(html).toContain("<strong>architect</strong> · <code>zai/glm-5.2</code>");
    expect(html).toMatch(/<strong>scout<\/strong> · <code>openai\/gpt-5-mini<\/code>.*failed/);
  });

  it("counts the four runs of a real oh-my-pi session that said 0", () => {
    // Lines 198, 230, 443, 550 finish 0-ReviewPR47, 1-ReviewPR47v2, 2-ReviewPR51, 3-ReviewPR53; lines
    // 192-196 are `running` polls of the first.
    const real = analyzeAsRead(`${CORPUS}real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl`);
    expect(runsOf(real)).toEqual(Array.from({ length: 4 }, () => ["architect", "zai", "glm-5.2", 0, 0]));
  });
});

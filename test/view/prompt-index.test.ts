import { describe, expect, it } from "vitest";
import { buildReportView } from "../../src/view/report-view.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { runCli } from "../helpers/cli.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

function promptsOf(file: string) {
  return buildReportView(analyzeAsRead(file), file).prompts;
}

describe("the prompt index", () => {
  it("gives each prompt its calls, errors, cost and time (worked out by hand from error-turns.jsonl)", () => {
    // go: an error reply and an aborted one ($0.004), 10:00:01 to :03; retry: a reply ($0.005) and an error.
    const prompts = promptsOf(`${FIXTURES}sessions/error-turns.jsonl`);
    expect(prompts.map((p) => [p.number, p.title, p.usage.turns, p.errors, p.duration])).toEqual([
      [1, "go", 2, 2, "2s"],
      [2, "retry", 2, 1, "2s"],
    ]);
    expect(prompts[0]?.usage.cost).toBeCloseTo(0.004, 9);
    expect(prompts[1]?.usage.cost).toBeCloseTo(0.005, 9);
  });

  it("counts tools by name, the files written or edited, and failed calls (every-tool.jsonl)", () => {
    const [skill, second] = promptsOf(`${FIXTURES}sessions/every-tool.jsonl`);
    // A skill with words typed after it is titled by the words.
    expect(skill?.title).toBe("please review src/app.ts");
    expect(second?.title).toBe("and this screenshot");
    // Two reads, then the result of a read whose call is not in view; a bash call that failed, one that
    // never returned.
    expect(second?.tools).toEqual([
      { name: "read", count: 3 },
      { name: "write", count: 1 },
      { name: "edit", count: 3 },
      { name: "grep", count: 1 },
      { name: "find", count: 1 },
      { name: "ls", count: 1 },
      { name: "bash", count: 2 },
      { name: "powershell", count: 1 },
      { name: "web_search", count: 1 },
    ]);
    expect(second?.filesChanged).toEqual(["src/util.py", "src/app.ts", "src/b.ts", "README.md"]);
    // The edit that found no text, the failed `npm test`, a failed reply and an aborted one.
    expect(second?.errors).toBe(4);
  });

  it("numbers prompts from 1 when something that costs nothing comes first (system-messages.jsonl)", () => {
    // Line 2 is a system message, before the first prompt (line 3): no row of its own, and no number.
    const prompts = promptsOf(`${FIXTURES}sessions/system-messages.jsonl`);
    expect(prompts.map((p) => [p.kind, p.number, p.title])).toEqual([
      ["prompt", 1, "hi"],
      ["prompt", 2, "edit something"],
      ["prompt", 3, "after"],
    ]);
  });

  it("puts the usage off the active branch on a row of its own, so the rows add up (summary-usage.jsonl)", () => {
    // Active branch c1 c2 c3 c4 c7 c8 c9 c10. "a": c2 110 tokens $0.00045 + the compaction c3 3,400
    // $0.015; "b": the branch summary c7 900 $0.002; "b again": c10 330 $0.0006. Off it: c5 220 $0.0009.
    const prompts = promptsOf(`${FIXTURES}sessions/summary-usage.jsonl`);
    expect(prompts.map((p) => [p.kind, p.number, p.title, p.usage.turns, p.usage.totalTokens])).toEqual([
      ["prompt", 1, "a", 2, 3510],
      ["prompt", 2, "b", 1, 900],
      ["prompt", 3, "b again", 1, 330],
      ["elsewhere", 0, "(other branches)", 1, 220],
    ]);
    expect(prompts.map((p) => Math.round(p.usage.cost * 1e9) / 1e9)).toEqual([
      0.01545, 0.002, 0.0006, 0.0009,
    ]);
  });

  it.each([
    "real/pi-mono__before-compaction.jsonl",
    "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
    "real/pi-mono__large-session.jsonl",
    "real/kimchi-dev__session.jsonl",
  ])("adds up to the JSON report's active-branch figures: %s", async (name) => {
    const file = `${CORPUS}${name}`;
    const { stdout } = await runCli([file, "-f", "json", "-o", "-"]);
    const branch = JSON.parse(stdout).usage.activeBranch;
    // Rows off the active branch aside, the rows are the active branch.
    const prompts = promptsOf(file).filter((p) => p.kind !== "elsewhere");
    const sum = (pick: (p: (typeof prompts)[number]) => number) => prompts.reduce((t, p) => t + pick(p), 0);
    expect(sum((p) => p.usage.turns)).toBe(branch.turns);
    expect(sum((p) => p.usage.totalTokens)).toBe(branch.totalTokens);
    expect(sum((p) => p.usage.cost)).toBeCloseTo(branch.cost, 6);
    expect(prompts.length).toBeGreaterThan(3);
  });
});

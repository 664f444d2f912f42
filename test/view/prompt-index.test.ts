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

  it.each([
    "real/pi-mono__before-compaction.jsonl",
    "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
    "real/pi-mono__large-session.jsonl",
    "real/kimchi-dev__session.jsonl",
  ])("adds up to the JSON report's active-branch figures: %s", async (name) => {
    const file = `${CORPUS}${name}`;
    const { stdout } = await runCli([file, "-f", "json", "-o", "-"]);
    const branch = JSON.parse(stdout).usage.activeBranch;
    const prompts = promptsOf(file);
    const sum = (pick: (p: (typeof prompts)[number]) => number) => prompts.reduce((t, p) => t + pick(p), 0);
    expect(sum((p) => p.usage.turns)).toBe(branch.turns);
    expect(sum((p) => p.usage.totalTokens)).toBe(branch.totalTokens);
    expect(sum((p) => p.usage.cost)).toBeCloseTo(branch.cost, 6);
    expect(prompts.length).toBeGreaterThan(3);
  });
});

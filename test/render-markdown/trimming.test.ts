/**
 * The summary is a pull-request comment: the full one never longer than GitHub's 65,536 characters, the
 * short one than 6,000. These sessions are generated far past that; the full summary must trim the outline
 * first, then the command list, the short one cut its lists to share the room, and both say how much they
 * left out: what they show plus what they say they left out is every prompt and command.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../../src/index.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { fitWithin } from "../../src/render/markdown/summary/fit-summary.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { parseMarkdown } from "./markdown-tree.js";
import { expectCompactTotalsMatchJson, expectInert, expectTotalsMatchJson } from "./round-trip.js";

const LIMIT = 65_536;

/** A linear v3 session of `prompts` prompts, each answered by a reply running `commandsEach` bash commands. */
function bigSession(prompts: number, commandsEach: number): string {
  const lines: object[] = [
    { type: "session", version: 3, id: "big", timestamp: "2025-06-01T00:00:00.000Z", cwd: "/w" },
  ];
  let parent: string | null = null;
  const add = (id: string, message: object) => {
    lines.push({ type: "message", id, parentId: parent, timestamp: "2025-06-01T00:00:01.000Z", message });
    parent = id;
  };
  const usage = {
    input: 10,
    output: 5,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 15,
    cost: { total: 0.001 },
  };
  for (let p = 0; p < prompts; p += 1) {
    add(`u${p}`, {
      role: "user",
      content: `Prompt number ${p}: please look at the failing test in module ${p} and fix it`,
    });
    const calls = Array.from({ length: commandsEach }, (_, c) => ({
      type: "toolCall",
      id: `c${p}-${c}`,
      name: "bash",
      arguments: { command: `npm test -- --run module-${p}-case-${c} --reporter verbose` },
    }));
    add(`a${p}`, {
      role: "assistant",
      content: calls,
      provider: "anthropic",
      model: "claude",
      usage,
      stopReason: "toolUse",
    });
    for (let c = 0; c < commandsEach; c += 1) {
      add(`r${p}-${c}`, {
        role: "toolResult",
        toolCallId: `c${p}-${c}`,
        toolName: "bash",
        content: [{ type: "text", text: "ok" }],
        isError: c === 1,
      });
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "pi-report-md-"));
  const file = join(dir, "big.jsonl");
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n"));
  return file;
}

const shownPrompts = (markdown: string) => markdown.match(/^\d+\. Prompt number \d+:/gm)?.length ?? 0;
const shownCommands = (markdown: string) => markdown.match(/^- `npm test -- --run/gm)?.length ?? 0;
const leftOut = (markdown: string, what: string) => {
  const match = new RegExp(
    `([\\d,]+) (?:more )?${what} (?:\\(\\d+ failed\\) )?left out to stay within GitHub's 65,536-character comment limit`,
  ).exec(markdown);
  return match === null ? 0 : Number(match[1]?.replaceAll(",", ""));
};

const notShown = (markdown: string, what: string) => {
  const match = new RegExp(
    `_([\\d,]+) more ${what}(?: \\(([\\d,]+) failed\\))? not shown; \`pi-report --summary=full\` lists every one\\._`,
  ).exec(markdown);
  const int = (value: string | undefined) => Number(value?.replaceAll(",", "") ?? 0);
  return { count: int(match?.[1]), failed: int(match?.[2]) };
};

describe("the short summary fits on one screen", () => {
  it("shows as many prompts as fit in 6,000 characters and counts the rest", async () => {
    const file = bigSession(1500, 0);
    const analysis = analyzeAsRead(file);
    const { markdown } = await renderMarkdown(analysis, { summary: "short" });
    expect(markdown.length).toBeLessThanOrEqual(6_000);
    const shown = shownPrompts(markdown);
    expect(shown).toBeGreaterThan(5);
    expect(shown + notShown(markdown, "prompts").count).toBe(1500);
    expect(markdown).toContain("<summary>The 1,500 prompts</summary>");
    expectCompactTotalsMatchJson(parseMarkdown(markdown), buildJsonReport(analysis));
  });

  it("lists failed commands and the last ten, as the room allows, and counts the rest and their failures", async () => {
    const file = bigSession(1200, 3);
    const { markdown } = await renderMarkdown(analyzeAsRead(file), { summary: "short" });
    expect(markdown.length).toBeLessThanOrEqual(6_000);
    expect(markdown).toContain("### Commands run (3,600, 1,200 failed)");
    const shown = shownCommands(markdown);
    const failedShown = markdown.match(/^- `npm test .*· \*\*failed\*\*$/gm)?.length ?? 0;
    expect(shown).toBeGreaterThan(5);
    // Each failure is another module's test: none identical, so each shown one is one run.
    const left = notShown(markdown, "commands");
    expect(shown + left.count).toBe(3600);
    expect(failedShown + left.failed).toBe(1200);
    // The room goes to failures first: every command shown failed (1,200 failures, more than fit).
    expect(failedShown).toBe(shown);
  });
});

describe("the summary fits in a GitHub comment", () => {
  it("trims the outline first and says how many prompts it left out", async () => {
    const file = bigSession(1500, 0);
    const analysis = analyzeAsRead(file);
    const { markdown } = await renderMarkdown(analysis, { summary: "full" });
    expect(markdown.length).toBeLessThanOrEqual(LIMIT);
    // Close to the limit: the outline was cut to what fits, not emptied.
    expect(markdown.length).toBeGreaterThan(LIMIT - 200);
    const shown = shownPrompts(markdown);
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(1500);
    expect(shown + leftOut(markdown, "prompts")).toBe(1500);
    expect(markdown).toContain("<summary>Outline of the active branch: 1,500 prompts</summary>");
    // The rest is whole: the totals still add up to the JSON report's.
    const tree = parseMarkdown(markdown);
    expectInert(tree);
    expectTotalsMatchJson(tree, buildJsonReport(analysis));
  });

  it("then trims the command list, keeping the count of failures it left out", async () => {
    const file = bigSession(1200, 3);
    const { markdown } = await renderMarkdown(analyzeAsRead(file), { summary: "full" });
    expect(markdown.length).toBeLessThanOrEqual(LIMIT);
    expect(shownPrompts(markdown)).toBe(0);
    expect(leftOut(markdown, "prompts")).toBe(1200);
    const shown = shownCommands(markdown);
    expect(shown).toBeGreaterThan(100);
    expect(shown + leftOut(markdown, "commands")).toBe(3600);
    // Every second command of each reply failed: 1,200 failures, shown or counted in the note.
    expect(markdown).toContain("### Commands run (3,600, 1,200 failed)");
    const failedShown = markdown.match(/^- `npm test .*· \*\*failed\*\*$/gm)?.length ?? 0;
    const failedLeft = Number(/\((\d+) failed\) left out/.exec(markdown)?.[1]);
    expect(failedShown + failedLeft).toBe(1200);
  });

  it("finds the longest rendering that fits, list by list", () => {
    // Each item costs 10 characters; the frame 5.
    const render = (limits: Record<"a" | "b", number>) => "x".repeat(5 + 10 * limits.a + 10 * limits.b);
    expect(fitWithin(render, { a: 3, b: 3 }, ["a", "b"], 100)).toHaveLength(65);
    expect(fitWithin(render, { a: 20, b: 3 }, ["a", "b"], 100)).toHaveLength(95);
    expect(fitWithin(render, { a: 20, b: 20 }, ["a", "b"], 100)).toHaveLength(95);
    expect(fitWithin(render, { a: 1, b: 1 }, ["a", "b"], 4)).toBeNull();
  });
});

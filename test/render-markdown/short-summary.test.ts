/**
 * The short pull-request summary on a session built here, whose counts are known by construction: the
 * last answer cut at its paragraph break, identical failures and errors once with their count, the
 * failed commands and the last ten others, and how many were not shown.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeFile, buildJsonReport } from "../../src/index.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { cutAtBoundary } from "../../src/render/markdown/summary/outcome.js";
import { parseMarkdown } from "./markdown-tree.js";
import { expectCompactTotalsMatchJson, expectInert } from "./round-trip.js";

// 799 and 899 characters: the answer is 799 + 2 + 899 = 1,700 characters, its break at 799.
const FIRST_PARAGRAPH = "word ".repeat(160).trim();
const SECOND_PARAGRAPH = "more ".repeat(180).trim();

/**
 * One prompt; a reply running 17 commands: `echo step-1` to `echo step-14`, and `npm test` failing three
 * times (after steps 7, 10 and 14); four identical rate-limit errors and one abort; the final answer.
 */
function session(): string {
  const lines: object[] = [
    { type: "session", version: 3, id: "s", timestamp: "2025-06-01T00:00:00.000Z", cwd: "/w" },
  ];
  let parent: string | null = null;
  let second = 0;
  const add = (id: string, message: object) => {
    second += 1;
    const timestamp = `2025-06-01T00:00:${String(second).padStart(2, "0")}.000Z`;
    lines.push({ type: "message", id, parentId: parent, timestamp, message });
    parent = id;
  };
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { total: 0.5 } };
  const reply = (id: string, content: object[], stopReason: string, errorMessage?: string) =>
    add(id, { role: "assistant", content, provider: "p", model: "m", usage, stopReason, errorMessage });
  add("u1", { role: "user", content: "Make the tests pass" });
  const commands: string[] = [];
  for (let step = 1; step <= 14; step += 1) {
    commands.push(`echo step-${step}`);
    if (step === 7 || step === 10 || step === 14) commands.push("npm test");
  }
  reply(
    "a1",
    commands.map((command, at) => ({ type: "toolCall", id: `c${at}`, name: "bash", arguments: { command } })),
    "toolUse",
  );
  commands.forEach((command, at) => {
    add(`r${at}`, {
      role: "toolResult",
      toolCallId: `c${at}`,
      toolName: "bash",
      content: [{ type: "text", text: command === "npm test" ? "1 failing" : "ok" }],
      isError: command === "npm test",
    });
  });
  for (let retry = 1; retry <= 4; retry += 1) reply(`e${retry}`, [], "error", "429 Too Many Requests");
  reply("x1", [], "aborted", "Request was aborted.");
  reply("a2", [{ type: "text", text: `${FIRST_PARAGRAPH}\n\n${SECOND_PARAGRAPH}` }], "stop");
  const dir = mkdtempSync(join(tmpdir(), "pi-report-short-"));
  const file = join(dir, "short.jsonl");
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n"));
  return file;
}

describe("the short summary", () => {
  it("gives the last answer up to its paragraph break, and how many characters follow", async () => {
    const { markdown } = await renderMarkdown(await analyzeFile(session()), { summary: "short" });
    expect(markdown).toContain(`### Outcome\n\n> ${FIRST_PARAGRAPH}\n\n_… (901 more characters)_\n`);
    expect(markdown).not.toContain("more more");
  });

  it("lists each failed command once with its count, then the last ten others, and counts the rest", async () => {
    const { markdown } = await renderMarkdown(await analyzeFile(session()), { summary: "short" });
    expect(markdown).toContain("### Commands run (17, 3 failed)");
    const steps = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, at) => `- \`echo step-${from + at}\``);
    // 17 runs: 10 successful shown, the 3 failures on one line, 4 (steps 1 to 4) not shown.
    const expected = [
      ...steps(5, 7),
      "- `npm test` · **failed** ×3",
      ...steps(8, 14),
      "",
      "_4 more commands not shown; `pi-report --summary=full` lists every one._",
    ].join("\n");
    expect(markdown).toContain(expected);
  });

  it("lists identical error turns once with their count and the first one's id", async () => {
    const { markdown } = await renderMarkdown(await analyzeFile(session()), { summary: "short" });
    expect(markdown).toContain(
      [
        "### Errors and aborted turns (5)",
        "",
        "- **Error** ×4: 429 Too Many Requests (first `e1` at 2025-06-01 00:00:20 UTC)",
        "- **Aborted**: Request was aborted. (`x1` at 2025-06-01 00:00:24 UTC)",
      ].join("\n"),
    );
  });

  it("has the JSON report's figures in its one table, and stays inert", async () => {
    const analysis = await analyzeFile(session());
    const { markdown } = await renderMarkdown(analysis, { summary: "short" });
    const tree = parseMarkdown(markdown);
    expectInert(tree);
    expectCompactTotalsMatchJson(tree, buildJsonReport(analysis));
    // Seven replies of 15 tokens and $0.50 each.
    expect(markdown).toMatch(/\| \*\*Total\*\* +\| +\*\*105\*\* \| +\*\*\$3\.50\*\* \| +\*\*7\*\* \|/);
  });
});

describe("cutAtBoundary", () => {
  it("cuts at a blank line, else a line break, else a sentence's end, else a space, in the second half", () => {
    expect(cutAtBoundary("short", 10)).toBe("short");
    expect(cutAtBoundary("aaaaaa\n\nbbbbbb", 10)).toBe("aaaaaa");
    expect(cutAtBoundary("aaaaaa\nbbbbbb", 10)).toBe("aaaaaa");
    expect(cutAtBoundary("One two. Three four five", 14)).toBe("One two.");
    expect(cutAtBoundary("一二三四。五六七八九十", 8)).toBe("一二三四。");
    expect(cutAtBoundary("aaaa bbbb cccc", 12)).toBe("aaaa bbbb");
    // A break too early (before half the length) is passed over for a later space.
    expect(cutAtBoundary("a\n\nbbbbbbbb cccc", 14)).toBe("a\n\nbbbbbbbb");
    expect(cutAtBoundary("abcdefghijkl", 5)).toBe("abcde");
    // Never half an emoji.
    expect(cutAtBoundary("abcd😀efgh", 5)).toBe("abcd");
  });
});

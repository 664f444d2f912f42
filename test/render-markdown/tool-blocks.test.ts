/** What a tool's block in the Markdown report shows, once: the same choices as the HTML card. */
import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../../src/index.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { runCli } from "../helpers/cli.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const markdownOf = async (name: string) => {
  const file = `${FIXTURES}sessions/${name}`;
  return (await renderMarkdown(analyzeAsRead(file), { sourcePath: file })).markdown;
};

const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("a tool's block in the Markdown report", () => {
  it("shows a written file's content once: not again among the arguments", async () => {
    const markdown = await markdownOf("every-tool.jsonl");
    // The fixture's write of src/util.py; its first line, as the session stores it.
    expect(occurrences(markdown, "def double(")).toBe(1);
    expect(markdown).not.toContain("<summary>Arguments</summary>");
  });

  it("says a sub-agent tool's own usage is counted once, through its runs", async () => {
    const markdown = await markdownOf("subagents.jsonl");
    expect(markdown).toContain(
      "_Model work inside the tool: 3.24k tokens · $0.0045 (the runs above; counted once, through them)_",
    );
  });
});

describe("the PR summary's first line", () => {
  it("says when nothing was redacted, and what the session was forked from", async () => {
    const fork = `${FIXTURES}sessions/fork.jsonl`;
    const plain = (await runCli([fork, "--summary", "--no-redact"])).stdout;
    expect(plain.split("\n")[2]).toContain("· **not redacted**");
    const redacted = (await runCli([fork, "--summary"])).stdout;
    expect(redacted).not.toContain("not redacted");
    // Redacted, the parent's path shows the home directory as ~.
    expect(redacted.split("\n")[2]).toContain(
      "· forked from `~/.pi/agent/sessions/--~-app--/2025-06-01T09-00-00-000Z_fork-parent.jsonl`",
    );
  });
});

describe("the PR summary's files changed", () => {
  const header = { type: "session", version: 3, id: "s", timestamp: "2025-06-01T10:00:00.000Z", cwd: "/w" };
  let at = 0;
  const stamp = () => {
    at += 1;
    return `2025-06-01T10:00:${String(at % 60).padStart(2, "0")}.000Z`;
  };
  const call = (id: string, parentId: string, calls: object[]) => ({
    type: "message",
    id,
    parentId,
    timestamp: stamp(),
    message: {
      role: "assistant",
      content: calls,
      provider: "p",
      model: "m",
      stopReason: "toolUse",
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { total: 0.001 } },
    },
  });
  const result = (id: string, parentId: string, callId: string, name: string) => ({
    type: "message",
    id,
    parentId,
    timestamp: stamp(),
    message: {
      role: "toolResult",
      toolCallId: callId,
      toolName: name,
      content: [{ type: "text", text: "ok" }],
      isError: false,
    },
  });
  const hundredLines = Array.from({ length: 100 }, (_, n) => `line ${n}`).join("\n");
  const write = (callId: string) => ({
    type: "toolCall",
    id: callId,
    name: "write",
    arguments: { path: "src/x.ts", content: hundredLines },
  });

  it("counts a file written three times as its last write's lines, and says an edit's result is missing", async () => {
    const entries = [
      {
        type: "message",
        id: "u1",
        parentId: null,
        timestamp: stamp(),
        message: { role: "user", content: "go" },
      },
      call("a1", "u1", [write("w1")]),
      result("r1", "a1", "w1", "write"),
      call("a2", "r1", [write("w2")]),
      result("r2", "a2", "w2", "write"),
      call("a3", "r2", [write("w3")]),
      result("r3", "a3", "w3", "write"),
      // An edit whose turn ended before its result: whether the file changed is unknown.
      call("a4", "r3", [
        {
          type: "toolCall",
          id: "e1",
          name: "edit",
          arguments: { path: "src/a.ts", oldText: "a", newText: "b" },
        },
      ]),
    ];
    const text = [header, ...entries].map((line) => JSON.stringify(line)).join("\n");
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(text), "files.jsonl"));
    const summary = (await renderMarkdown(analysis, { summary: "full" })).markdown;
    expect(summary).toMatch(/\| `src\/x\.ts` +\| 3 writes +\| +\+100 −0 \|/);
    expect(summary).toMatch(/\| `src\/a\.ts` +\| 1 edit, 1 with no result recorded +\| +\+0 −0 \|/);
  });
});

describe("the PR summary's commands", () => {
  it("folds a long list (past 10) under the heading that counts it, and leaves a short one open", async () => {
    const file = `${CORPUS}real/pi-mono__before-compaction.jsonl`;
    const long = (await renderMarkdown(analyzeAsRead(file), { sourcePath: file, summary: "full" })).markdown;
    const count = Number(/### Commands run \(([\d,]+)/.exec(long)?.[1]?.replace(",", ""));
    expect(count).toBeGreaterThan(10);
    expect(long).toContain(`<details>\n<summary>The ${count.toLocaleString("en-US")} commands</summary>`);
    const few = `${FIXTURES}sessions/every-tool.jsonl`;
    const short = (await renderMarkdown(analyzeAsRead(few), { sourcePath: few, summary: "full" })).markdown;
    expect(short).toContain("### Commands run (");
    expect(short).not.toMatch(/<summary>The [\d,]+ commands<\/summary>/);
  });
});

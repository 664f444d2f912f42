/** What a tool's block in the Markdown report shows, once: the same choices as the HTML card. */
import { describe, expect, it } from "vitest";
import { analyzeFile } from "../../src/index.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/paths.js";

const markdownOf = async (name: string) => {
  const file = `${FIXTURES}sessions/${name}`;
  return (await renderMarkdown(analyzeFile(file), { sourcePath: file })).markdown;
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

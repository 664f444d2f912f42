/**
 * What Pi 1.x writes for tools, in the full Markdown report and the PR summary: codemode's script and its
 * `nestedCalls`, `mcp__server__tool` names. Expected values are read off the fixture by hand
 * (fixtures/sessions/codemode-mcp.jsonl; Pi 1.6's own codemode call in fixtures/corpus/pi-1.6/).
 */
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const FIXTURE = `${FIXTURES}sessions/codemode-mcp.jsonl`;
const markdownOf = async (file: string, summary: false | "full" = false) =>
  (await renderMarkdown(analyzeAsRead(file), { sourcePath: file, summary })).markdown;

describe("codemode and MCP tools in the full Markdown report", () => {
  it("shows the script as a JavaScript block and each nested call quoted under it", async () => {
    const markdown = await markdownOf(FIXTURE);
    expect(markdown).toContain("**codemode** script · 10 lines of JavaScript\n\n```js\n// @options:");
    expect(markdown).toContain("> _8 tool calls made while it ran · record incomplete:");
    expect(markdown).toContain("> **bash** · 2s\n>\n> ```sh\n> npm test\n> ```");
    // The edit's diff, computed from the nested call's arguments: beta -> gamma.
    expect(markdown).toContain("> **edit** `a.txt` +1 −1 · 3 ms\n>\n> ```diff\n> -beta\n> +gamma\n> ```");
    expect(markdown).toContain("> **bash** · **failed** · 1 ms");
    expect(markdown).toContain("> Blocked: rm -rf is not allowed here");
    expect(markdown).toContain("> **write** · 5 ms · _arguments not recorded (9,000 bytes)_\n>\n> **bash**");
    expect(markdown).toContain("> **bash** · _unfinished_");
  });

  it("names an MCP tool by its own name and its server's", async () => {
    const markdown = await markdownOf(FIXTURE);
    expect(markdown).toContain("**fetch** (MCP server `docs`)");
    expect(markdown).toContain("**list_issues** (MCP server `git_hub`)");
    expect(markdown).toContain("> **search** (MCP server `docs`) · 210 ms");
  });

  it("shows the nested call Pi 1.6 wrote", async () => {
    const markdown = await markdownOf(`${CORPUS}pi-1.6/pi16-rpc-main.jsonl`);
    expect(markdown).toContain(
      "> _1 tool call made while it ran:_\n>\n> **bash** · 16 ms\n>\n> ```sh\n> echo from-codemode",
    );
  });
});

describe("codemode and MCP tools in the PR summary", () => {
  it("lists the script's commands and the files it changed", async () => {
    const summary = await markdownOf(FIXTURE, "full");
    // write notes/plan.md (3 lines), edit a.txt (+1 −1), a failed edit of c.txt; the 9,000-byte write names no file.
    expect(summary).toContain("### Files changed (3)");
    expect(summary).toMatch(/\| `notes\/plan.md` \| 1 write +\| \+3 −0 \|/);
    expect(summary).toMatch(/\| `a.txt` +\| 1 edit +\| \+1 −1 \|/);
    expect(summary).toMatch(/\| `c.txt` +\| 1 edit, 1 failed \| \+0 −0 \|/);
    expect(summary).toContain("### Commands run (3, 1 failed)");
    expect(summary).toContain("- `npm test` · from a `codemode` call\n");
    expect(summary).toContain("- `rm -rf /tmp/cache` · **failed** · from a `codemode` call\n");
    expect(summary).toContain("- `sleep 100` (unfinished) · from a `codemode` call\n");
  });

  it("counts the nested calls under their caller and groups MCP tools by server", async () => {
    const summary = await markdownOf(FIXTURE, "full");
    // Nested, in order of first use: write, edit, bash, search; two failed (the blocked rm, the c.txt edit).
    expect(summary).toContain(
      "_3 model calls · codemode ×1 (write ×2, edit ×2, bash ×3, MCP docs (search ×1)), MCP docs (search ×1, fetch ×1), MCP git_hub (list_issues ×1) · 2 failed · ",
    );
  });

  it("lists the command Pi 1.6's codemode script ran", async () => {
    const summary = await markdownOf(`${CORPUS}pi-1.6/pi16-rpc-main.jsonl`, "full");
    // Run before the `/tree` jump that left that branch.
    expect(summary).toContain("- `echo from-codemode` · from a `codemode` call · _abandoned branch_\n");
  });
});

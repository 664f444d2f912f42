import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as api from "../../src/render/markdown/render-markdown.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS } from "../helpers/paths.js";

const ALL_TYPES = `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`;

/** The image on line 4 of the all-entry-types file, read straight from the JSON. */
function storedImage(): { data: string; mimeType: string } {
  const line = readFileSync(ALL_TYPES, "utf8").split("\n")[3] as string;
  const content = (
    JSON.parse(line) as { message: { content: { type: string; data: string; mimeType: string }[] } }
  ).message.content;
  return content.find((block) => block.type === "image") as { data: string; mimeType: string };
}

describe("renderMarkdown", () => {
  it("exports renderMarkdown and the comment limit, and returns markdown and assets", async () => {
    expect(Object.keys(api).sort()).toEqual(["GITHUB_COMMENT_LIMIT", "renderMarkdown"]);
    expect(api.GITHUB_COMMENT_LIMIT).toBe(65_536);
    const report = await renderMarkdown(analyzeAsRead(ALL_TYPES));
    expect(Object.keys(report).sort()).toEqual(["assets", "markdown"]);
    expect(report.markdown.endsWith("\n")).toBe(true);
    expect(report.markdown.endsWith("\n\n")).toBe(false);
  });

  it("gives the same bytes for the same input, in every shape", async () => {
    for (const summary of [false, true, "short", "full"] as const) {
      const first = await renderMarkdown(analyzeAsRead(ALL_TYPES), { sourcePath: ALL_TYPES, summary });
      const second = await renderMarkdown(analyzeAsRead(ALL_TYPES), { sourcePath: ALL_TYPES, summary });
      expect(second.markdown).toBe(first.markdown);
    }
  });

  it("writes images as files in the assets folder and links them, or notes them without one", async () => {
    const image = storedImage();
    const withFiles = await renderMarkdown(analyzeAsRead(ALL_TYPES), { assetsDir: "my report.md.assets" });
    expect(withFiles.assets.map((asset) => asset.path)).toEqual(["my report.md.assets/img-001.png"]);
    expect(withFiles.assets[0]?.data.equals(Buffer.from(image.data, "base64"))).toBe(true);
    expect(withFiles.markdown).toContain("![image (image/png, 70 bytes)](my%20report.md.assets/img-001.png)");

    const onStdout = await renderMarkdown(analyzeAsRead(ALL_TYPES));
    expect(onStdout.assets).toEqual([]);
    expect(onStdout.markdown).toContain(
      "_Image (image/png, 70 bytes): write the report to a file (-o) to keep it._",
    );
    expect(onStdout.markdown).not.toContain("](");
  });

  it("folds thinking, or leaves it out with a note", async () => {
    const shown = (await renderMarkdown(analyzeAsRead(ALL_TYPES))).markdown;
    expect(shown).toContain("<details>\n<summary>Thinking</summary>\n\nLet me look\n\n</details>");
    const hidden = (await renderMarkdown(analyzeAsRead(ALL_TYPES), { thinking: false })).markdown;
    expect(hidden).not.toContain("Let me look");
    expect(hidden).toContain("_Thinking left out of this report._");
  });

  it("summarises in short: the last answer on the active branch, compact totals, files, commands, prompts", async () => {
    const { markdown, assets } = await renderMarkdown(analyzeAsRead(ALL_TYPES), {
      summary: true,
      assetsDir: "x",
    });
    expect(assets).toEqual([]);
    expect((await renderMarkdown(analyzeAsRead(ALL_TYPES), { summary: "short" })).markdown).toBe(markdown);
    expect(markdown.startsWith("## Renamed session\n")).toBe(true);
    // The file's last reply with words is `0b69a549` ("alternate answer"), on the active branch.
    expect(markdown).toContain("### Outcome\n\n> alternate answer\n");
    // Seven replies of 135 tokens each (945), $0.070 in all, every one by the same model.
    expect(markdown).toMatch(/\| `anthropic\/claude-sonnet-4-5` \| +945 \| +\$0\.070 \| +7 \|/);
    expect(markdown).toContain("- `src/a.ts` +1 −1 · 1 edit\n");
    expect(markdown).toContain(
      "- `npm test` · **failed**\n- `ls` · run by the user with ! · _abandoned branch_",
    );
    expect(markdown).toContain("<summary>The 2 prompts</summary>");
    expect(markdown).toContain("1. Fix the bug — _3 model calls · 2 tool calls · 1 failed · $0.030_");
    expect(markdown).not.toContain("### What was asked");
  });

  it("summarises in full: title from the session name, the typed prompt, totals, files, commands, errors, outline", async () => {
    const { markdown, assets } = await renderMarkdown(analyzeAsRead(ALL_TYPES), {
      summary: "full",
      assetsDir: "x",
    });
    expect(assets).toEqual([]);
    expect(markdown.startsWith("## Renamed session\n")).toBe(true);
    expect(markdown).toContain("### What was asked\n\n> Fix the bug\n");
    expect(markdown).toContain("| `src/a.ts` | 1 edit | +1 −1 |");
    expect(markdown).toContain(
      "- `npm test` · **failed**\n- `ls` · run by the user with ! · _abandoned branch_",
    );
    expect(markdown).toContain("### Errors and aborted turns (2)");
    expect(markdown).toContain("<summary>Outline of the active branch: 2 prompts</summary>");
    expect(markdown).toContain("1. Fix the bug — _3 model calls · edit ×1, bash ×1 · 1 failed · $0.030_");
  });
});

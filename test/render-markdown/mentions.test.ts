/**
 * GitHub mentions and issue references (F12): a report posted on GitHub notifies nobody and links no
 * issue, from whatever field of the session the words come, in the full report and the summary.
 */
import type { Nodes } from "mdast";
import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../../src/index.js";
import { renderMarkdown } from "../../src/renderers.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";
import { allNodes, parseMarkdown } from "./markdown-tree.js";

// As GitHub reads Markdown text: `@name` after a non-word character mentions, `#12`, `GH-12` and
// `owner/repo#12` link an issue. Code spans, code blocks and link text are never read so.
const LIVE = [/(?<!\w)@[A-Za-z0-9]/, /#\d/, /(?<![\w-])GH-\d/i];

/** The text GitHub would read for mentions: text nodes outside links, and raw HTML (the `<summary>` lines). */
function readableText(markdown: string): string[] {
  const out: string[] = [];
  const stack: { node: Nodes; inLink: boolean }[] = [{ node: parseMarkdown(markdown), inLink: false }];
  while (stack.length > 0) {
    const { node, inLink } = stack.pop() as { node: Nodes; inLink: boolean };
    if (!inLink && (node.type === "text" || node.type === "html")) out.push(node.value);
    if ("children" in node)
      for (const child of node.children) stack.push({ node: child, inLink: inLink || node.type === "link" });
  }
  return out;
}

/** Everything a reader sees as words: text and code, word joiners removed. */
function shownText(markdown: string): string {
  return allNodes(parseMarkdown(markdown))
    .flatMap((node) => (node.type === "text" || node.type === "inlineCode" ? [node.value] : []))
    .join("")
    .replaceAll("\u2060", "");
}

const live = (markdown: string) => readableText(markdown).filter((text) => LIVE.some((re) => re.test(text)));

describe("mentions and issue references are inert everywhere", () => {
  it("in tool names, a sub-agent's mode, unknown roles and entry types (md-mentions.jsonl)", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}redteam/md-mentions.jsonl`);
    const full = (await renderMarkdown(analysis)).markdown;
    const summary = (await renderMarkdown(analysis, { summary: true })).markdown;
    expect(live(full)).toEqual([]);
    expect(live(summary)).toEqual([]);
    // Still shown as written: the tool's name, the mode, the role and the type.
    const shown = shownText(full);
    for (const words of ["ping @octocat #1 GH-2 owner/repo#3", "(@octocat #4)", "@octocat #5", "@octocat #6"])
      expect(shown).toContain(words);
  });

  it("in a prompt of plain prose and a session's name, in the full report and the summary", async () => {
    const lines = [
      { type: "session", version: 3, id: "s", timestamp: "2025-06-01T10:00:00.000Z", cwd: "/w" },
      {
        type: "session_info",
        id: "n",
        parentId: null,
        timestamp: "2025-06-01T10:00:00.500Z",
        name: "GH-7 #8",
      },
      {
        type: "message",
        id: "u",
        parentId: "n",
        timestamp: "2025-06-01T10:00:01.000Z",
        message: { role: "user", content: "Please fix GH-12 today", timestamp: 1 },
      },
    ];
    const text = lines.map((line) => JSON.stringify(line)).join("\n");
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(text), "s.jsonl"));
    for (const summary of [false, true]) {
      const { markdown } = await renderMarkdown(analysis, { summary });
      expect(live(markdown)).toEqual([]);
      expect(shownText(markdown)).toContain("Please fix GH-12 today");
      expect(shownText(markdown)).toContain("GH-7 #8");
    }
  });
});

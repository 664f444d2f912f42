/**
 * fixtures/sessions/markdown-attacks.jsonl holds, in prompts, replies, thinking, tool calls and outputs,
 * labels, names, model names, sub-agent runs, a compaction and an unknown entry: <script>, </details>,
 * ``` fences, | in table cells, {{handlebars}}, javascript: links and references, remote images and
 * @mentions. Whatever the session holds must come out as text a reader sees, never as markup.
 */
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../../src/index.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { buildReportView } from "../../src/view/report-view.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";
import { allNodes, isRendererHtml, nodesOfType, parseMarkdown, toolOutputs } from "./markdown-tree.js";
import {
  expectCompactTotalsMatchJson,
  expectInert,
  expectOutputsInCode,
  expectTotalsMatchJson,
} from "./round-trip.js";

const FILE = `${FIXTURES}sessions/markdown-attacks.jsonl`;

async function shapes() {
  const analysis = analyzeAsRead(FILE);
  const full = (await renderMarkdown(analysis, { sourcePath: FILE })).markdown;
  const summary = (await renderMarkdown(analysis, { sourcePath: FILE, summary: "full" })).markdown;
  const short = (await renderMarkdown(analysis, { sourcePath: FILE, summary: "short" })).markdown;
  return {
    analysis,
    full,
    summary,
    short,
    fullTree: parseMarkdown(full),
    summaryTree: parseMarkdown(summary),
    shortTree: parseMarkdown(short),
  };
}

const textValues = (markdown: string) =>
  allNodes(parseMarkdown(markdown)).flatMap((node) => (node.type === "text" ? [node.value] : []));

describe("hostile session text comes out inert", () => {
  it("holds no raw HTML but the renderer's <details>, no unsafe link, no image, no reference", async () => {
    const { fullTree, summaryTree, shortTree } = await shapes();
    expectInert(fullTree);
    expectInert(summaryTree);
    expectInert(shortTree);
    // The fixture folds a thinking block, a tool's other arguments, a sub-agent run, an abandoned branch
    // and more (an opening and a closing node each).
    expect(nodesOfType(fullTree, "html").length).toBeGreaterThanOrEqual(14);
  });

  it("shows <script> and </details> as the text that was written", async () => {
    const { full, summary, short } = await shapes();
    for (const markdown of [full, summary, short]) {
      expect(textValues(markdown).join("\n")).toContain('Please fix this <script>alert("x")</script> now.');
    }
    const code = nodesOfType(parseMarkdown(full), "code").map((node) => node.value);
    // Raw HTML standing alone in a prompt or thinking becomes a code block, keeping its lines.
    expect(code).toContain("</details>\n<details open><summary>injected</summary>");
    expect(code).toContain("</details><script>alert('think')</script>");
    expect(code).toContain("</summary></details><script>alert('fold')</script> @octocat");
  });

  it("keeps tool outputs holding ``` and ~~~ fences whole, each in one code block", async () => {
    const { analysis, fullTree } = await shapes();
    const outputs = toolOutputs(buildReportView(analysis, FILE).transcript);
    expect(outputs).toContain("```\n</details>\n<script>alert(1)</script>\n| a | b |\n~~~\n");
    // bash, edit, write and subagent results, and the ! command: five outputs.
    expect(outputs.length).toBe(5);
    expectOutputsInCode(fullTree, outputs);
  });

  it("keeps | inside table cells: the model named `evil|prov/m<script>|x` has its own row with its numbers", async () => {
    const { analysis, fullTree, summaryTree, shortTree } = await shapes();
    const json = buildJsonReport(analysis);
    expect(json.usage.byModel.map((row) => `${row.provider}/${row.model}`)).toContain(
      "evil|prov/m<script>|x",
    );
    expectTotalsMatchJson(fullTree, json);
    expectTotalsMatchJson(summaryTree, json);
    expectCompactTotalsMatchJson(shortTree, json);
  });

  it("leaves {{handlebars}} alone, and javascript: links and references as written text", async () => {
    const { full } = await shapes();
    const texts = textValues(full).join("\n");
    expect(texts).toContain("{{handlebars}} {{{triple}}} {{> partial}}");
    expect(texts).toContain("[click me](javascript:alert(1))");
    expect(texts).toContain("<javascript:alert(2)>");
    expect(texts).toContain("[ref][bad]");
    expect(full).not.toMatch(/\]\(javascript:/);
    // The remote image is a link reading its alt text: nothing is fetched when the page opens.
    const links = nodesOfType(parseMarkdown(full), "link");
    expect(links.map((link) => [link.url, (link.children[0] as { value?: string }).value])).toContainEqual([
      "https://evil.example/track.png",
      "pixel",
    ]);
  });

  it("mentions nobody: @words are code in Markdown and broken by a word joiner in <summary>", async () => {
    const { full, summary, short } = await shapes();
    for (const markdown of [full, summary, short]) {
      expect(textValues(markdown).filter((value) => /(^|\W)@\w/.test(value))).toEqual([]);
      const codes = nodesOfType(parseMarkdown(markdown), "inlineCode").map((node) => node.value);
      expect(codes).toContain("@octocat");
    }
    expect(full).toContain(
      "<summary>Abandoned branch: 2 entries, unpriced (40 tokens), last prompt “&lt;/summary&gt;&lt;/details&gt;&lt;script&gt;alert(&#39;fold&#39;)&lt;/script&gt; @\u2060octocat”</summary>",
    );
  });

  it("escapes session text inside <summary>: a sub-agent named </summary><script>", async () => {
    const { full } = await shapes();
    const summaries = nodesOfType(parseMarkdown(full), "html").map((node) => node.value);
    expect(summaries).toContain(
      "<details>\n<summary>&lt;/summary&gt;&lt;script&gt;x&lt;/script&gt; · m|&lt;b&gt; · 3 tokens · $0.0010 · 1 turn · failed (exit 1)</summary>",
    );
  });

  it("rejects what the check is for: the html check is not vacuous", () => {
    expect(isRendererHtml("<details>\n<summary>plain &amp; safe</summary>")).toBe(true);
    expect(isRendererHtml("<details>\n<summary><script>x</script></summary>")).toBe(false);
    expect(isRendererHtml("<details>\n<summary>a & b</summary>")).toBe(false);
    expect(isRendererHtml("<script>alert(1)</script>")).toBe(false);
    expect(isRendererHtml("<details open><summary>x</summary>")).toBe(false);
  });
});

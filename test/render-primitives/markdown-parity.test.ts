import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import {
  markdownToHtml,
  markdownToHtmlByPipeline,
} from "../../src/render/primitives/markdown/markdown-to-html.js";
import { FIXTURES } from "../helpers/paths.js";

interface ReferenceCase {
  markdown: string;
  html: string;
}

// What remark (micromark + remark-gfm + remark-rehype) rendered for each construct before markdown-it
// replaced it as the parser: an independent implementation of the same GFM, through the same sanitizer.
const reference = JSON.parse(readFileSync(`${FIXTURES}markdown/remark-reference.json`, "utf8")) as {
  cases: ReferenceCase[];
};

const render = (markdown: string) =>
  markdownToHtmlByPipeline(markdown, createHighlightBudget({ totalChars: 0 }));

describe("markdown-it renders GitHub-flavoured markdown as remark did", () => {
  it.each(reference.cases.map((c) => [c.markdown.slice(0, 40), c] as const))("%j", async (_name, c) => {
    expect(await render(c.markdown)).toBe(c.html);
  });

  it("covers every construct the report meets", () => {
    const all = reference.cases.map((c) => c.html).join("\n");
    for (const tag of [
      "<h1>",
      "<em>",
      "<strong>",
      "<del>",
      "<br>",
      "<blockquote>",
      "<hr>",
      "<table>",
      "<sup>",
      "<img",
    ]) {
      expect(all).toContain(tag);
    }
    expect(all).toContain('<ol start="3">');
    expect(all).toContain('class="task-list-item"');
    expect(all).toContain('<a href="mailto:me@example.com"');
  });
});

describe("where the parser differs from remark, on purpose", () => {
  it("reads one tilde as a tilde: `~$2.62 … (~$0.40)` is not struck through, `~~x~~` still is", async () => {
    expect(await render("up to ~$2.62 (and ~$0.40) or ~~gone~~")).toBe(
      "<p>up to ~$2.62 (and ~$0.40) or <del>gone</del></p>",
    );
  });

  it("loses nothing past markdown-it's default nesting limit (100), which would drop the rest of the text", async () => {
    const html = await render(`${"> ".repeat(150)}deep\n\nafter`);
    expect(html).toContain("deep");
    expect(html).toContain("after");
    expect(html.match(/<blockquote>/g)?.length).toBe(150);
  });

  it("keeps every character of absurdly nested text, escaped, when the parser gives up", async () => {
    const text = `${"> ".repeat(20000)}deep <b>`;
    const html = await markdownToHtml(text, { budget: createHighlightBudget({ totalChars: 0 }) });
    expect(html).toContain("deep &lt;b&gt;");
    expect(html.length).toBeGreaterThan(text.length);
  });
});

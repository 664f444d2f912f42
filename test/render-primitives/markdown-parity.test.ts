import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/render/primitives/escape.js";
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

const plainBudget = () => createHighlightBudget({ totalChars: 0 });

const render = (markdown: string) =>
  markdownToHtmlByPipeline(markdown, createHighlightBudget({ totalChars: 0 }));

/**
 * remark's headings as the page places them: a message's outline starts at h4, under the entry's h3, and
 * each heading is one level below the closest earlier one it is deeper than (worked out here as an
 * outline: the levels still open, popped to the new heading's parent). The footnotes' label
 * (`<h2 class="sr-only" ...>`) is the message's top level too.
 */
const shifted = (html: string) => {
  const open: [written: number, shown: number][] = [];
  return html.replace(
    /<h([1-6])( class="sr-only" [^>]*)?>([\s\S]*?)<\/h\1>/g,
    (_, level: string, label, inner) => {
      if (label !== undefined) return `<h4${label}>${inner}</h4>`;
      while (open.length > 0 && (open[open.length - 1] as [number, number])[0] >= Number(level)) open.pop();
      const parent = open[open.length - 1];
      const tag = `h${Math.min(6, parent === undefined ? 4 : parent[1] + 1)}`;
      open.push([Number(level), Number(tag.slice(1))]);
      return `<${tag}>${inner}</${tag}>`;
    },
  );
};

describe("markdown-it renders GitHub-flavoured markdown as remark did", () => {
  it.each(reference.cases.map((c) => [c.markdown.slice(0, 40), c] as const))("%j", async (_name, c) => {
    expect(await render(c.markdown)).toBe(shifted(c.html));
  });
});

describe("where the parser differs from remark, on purpose", () => {
  it("reads one tilde as a tilde: `~$2.62 … (~$0.40)` is not struck through, `~~x~~` still is", async () => {
    expect(await render("up to ~$2.62 (and ~$0.40) or ~~gone~~")).toBe(
      "<p>up to ~$2.62 (and ~$0.40) or <del>gone</del></p>",
    );
  });

  it("shows blocks nested past the parser's limit (100) as written, whole: it would drop the rest", async () => {
    const text = `${"> ".repeat(150)}deep\n\nafter <b>`;
    // Deterministic, whatever the stack: the nesting is checked, not left to overflow.
    for (const budget of [plainBudget(), plainBudget()]) {
      const html = await markdownToHtml(text, { budget });
      expect(html).toBe(`<pre class="shiki"><code>${escapeHtml(text)}</code></pre>`);
    }
    // 40 levels is well within it.
    expect((await render(`${"> ".repeat(40)}deep`)).match(/<blockquote>/g)?.length).toBe(40);
  });

  it("keeps thousands of open brackets as text, under the nesting limit", async () => {
    // Without the limit, each `![` retried the rest of the line (seconds of parsing for this one line)
    // and the parser overflowed the stack, so the message fell back to a plain block.
    const text = "![".repeat(20000);
    const html = await markdownToHtml(text, { budget: plainBudget() });
    expect(html).toBe(`<p>${text}</p>`);
  });

  it("has no inline footnotes (not GFM): a regex in prose stays as written", async () => {
    expect(await render("Use the pattern ^[a-z]+$ here")).toBe("<p>Use the pattern ^[a-z]+$ here</p>");
  });

  it("matches footnote labels regardless of case, as GFM does: one footnote, one id", async () => {
    const html = await render("a[^A] b[^a]\n\n[^a]: the note");
    expect(html).toContain("the note");
    expect(html.match(/<li id="user-content-fn-a">/g)).toHaveLength(1);
    expect(html).toContain('href="#user-content-fn-a" id="user-content-fnref-a"');
    expect(html).toContain('href="#user-content-fn-a" id="user-content-fnref-a-2"');
  });

  it("keeps the first of two definitions whose labels differ only in case, as GFM does", async () => {
    const html = await render("x[^a]\n\n[^a]: first\n[^A]: second");
    expect(html).toContain("<p>first ");
    expect(html).not.toContain("second");
  });

  it("refuses nesting past the limit inside a footnote nothing refers to, which would take the rest away", async () => {
    const text = `intro\n\n[^x]: ${"- ".repeat(60)}deep\n\nafter\n\n# more`;
    const html = await markdownToHtml(text, { budget: plainBudget() });
    expect(html).toBe(`<pre class="shiki"><code>${escapeHtml(text)}</code></pre>`);
  });

  it("makes no task item of a footnote that starts with [x]", async () => {
    const html = await render("x[^1]\n\n[^1]: [x] done");
    expect(html).toContain("<p>[x] done ");
    expect(html).not.toContain("checkbox");
    expect(html).not.toContain("task-list");
  });

  it("keeps line breaks in an image's description", async () => {
    expect(await render("![two\nlines](data:image/png;base64,iVBORw0KGgo=)")).toBe(
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="two\nlines"></p>',
    );
  });

  it("handles a list item with more inline nodes than a call takes arguments", async () => {
    const html = await markdownToHtml(`- ${"`a` ".repeat(70000)}`, { budget: plainBudget() });
    expect(html.startsWith("<ul>\n<li><code>a</code> <code>a</code>")).toBe(true);
    expect(html.match(/<code>a<\/code>/g)).toHaveLength(70000);
  });
});

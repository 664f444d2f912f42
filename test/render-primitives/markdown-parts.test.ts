/**
 * Markdown rendered in two halves (markdown-parts.ts, markdown-to-html.ts): the text up to its fences,
 * which depends on nothing but the text and can be made in the report thread, then the fences,
 * highlighted in order on the report's budget.
 */
import { describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import { highlightCode } from "../../src/render/primitives/highlight/code-to-html.js";
import { markdownParts } from "../../src/render/primitives/markdown/markdown-parts.js";
import { markdownToHtml, useMarkdownParts } from "../../src/render/primitives/markdown/markdown-to-html.js";

const TEXT = [
  "Intro with `code` and a [link](https://example.com).",
  "",
  "```ts",
  "const a = 1;",
  "```",
  "",
  "- item",
  "",
  "  ```bash",
  "  npm test",
  "  ```",
  "",
  "> quoted",
  ">",
  "> ```",
  "> no language",
  "> ```",
  "",
  "    indented code",
  "",
  "End **bold**.",
].join("\n");

describe("markdownParts", () => {
  it("takes the fences out in document order, nested ones and indented code included", () => {
    const { segments, fences } = markdownParts(TEXT);
    expect(fences).toEqual([
      { code: "const a = 1;", language: "ts" },
      { code: "npm test", language: "bash" },
      { code: "no language", language: undefined },
      { code: "indented code", language: undefined },
    ]);
    expect(segments).toHaveLength(fences.length + 1);
    // Everything else is there, around where the fences were.
    expect(segments[0]).toBe(
      '<p>Intro with <code>code</code> and a <a href="https://example.com" rel="noopener noreferrer">link</a>.</p>\n',
    );
    expect(segments.join("")).not.toContain("<pre");
    expect(segments.at(-1)).toBe("\n<p>End <strong>bold</strong>.</p>");
  });

  it("joined around its fences, each shown as the budget says, is the text's HTML", async () => {
    // Fences without a language the highlighter knows: each is the plain block, escaped, in its place
    // (inside the quote, with the line breaks GitHub's HTML has around a quote's children).
    const text = "Intro *x*\n\n```\na < b\n```\n\n> ```nosuchlanguage\n> c & d\n> ```\n\nEnd";
    expect(markdownParts(text).segments).toEqual([
      "<p>Intro <em>x</em></p>\n",
      "\n<blockquote>\n",
      "\n</blockquote>\n<p>End</p>",
    ]);
    expect(await markdownToHtml(text, { budget: createHighlightBudget() })).toBe(
      '<p>Intro <em>x</em></p>\n<pre class="shiki"><code>a &lt; b</code></pre>\n<blockquote>\n' +
        '<pre class="shiki"><code>c &amp; d</code></pre>\n</blockquote>\n<p>End</p>',
    );
    // A fence in a language it knows is highlighted there.
    const html = await markdownToHtml(TEXT, { budget: createHighlightBudget() });
    expect(html).toMatch(/<pre class="shiki"><code><span class="hl-\d+">const <\/span>/);
  });

  it("is never split by a NUL of the text: markdown-it makes every NUL a U+FFFD", () => {
    const { segments, fences } = markdownParts("a\u0000b\n\n```\nc\u0000d\n```");
    expect(fences).toEqual([{ code: "c\ufffdd", language: undefined }]);
    expect(segments).toEqual(["<p>a\ufffdb</p>\n", ""]);
  });
});

describe("useMarkdownParts", () => {
  it("a text rendered ahead is only joined around its fences, which spend the budget in order", async () => {
    const budget = createHighlightBudget({ perPriorityChars: { "code-fence": 12 } });
    const fences = [
      { code: "let x = 1;", language: "ts" },
      { code: "let y = 2;", language: "ts" },
    ];
    // Parts unlike what the text would give: the page takes what it is given for a text it meets.
    useMarkdownParts(
      budget,
      new Map([["**text**", { segments: ["<p>A</p>", "<p>B</p>", "<p>C</p>"], fences }]]),
    );
    const html = await markdownToHtml("**text**", { budget });
    const fresh = createHighlightBudget();
    const first = await highlightCode("let x = 1;", {
      language: "ts",
      priority: "code-fence",
      budget: fresh,
    });
    // The first fence (10 characters) fits the 12 this budget has for fences; the second is shown plain.
    expect(budget.spentBy("code-fence")).toBe(10);
    expect(first).toMatch(/<span class="hl-/);
    expect(html.startsWith(`<p>A</p>${first}<p>B</p>`)).toBe(true);
    expect(html).toContain('<pre class="shiki"><code>let y = 2;</code></pre><p>C</p>');
    // A text it was not given is rendered as ever.
    expect(await markdownToHtml("*other*", { budget })).toBe("<p><em>other</em></p>");
  });
});

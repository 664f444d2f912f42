/**
 * Markdown rendered in two halves (markdown-parts.ts, markdown-to-html.ts): the text up to its fences,
 * which depends on nothing but the text, then the fences,
 * highlighted in order on the report's budget.
 */
import { describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import { markdownParts } from "../../src/render/primitives/markdown/markdown-parts.js";
import { markdownToHtml } from "../../src/render/primitives/markdown/markdown-to-html.js";

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

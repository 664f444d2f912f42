import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import { markdownToHtml } from "../../src/render/primitives/markdown/markdown-to-html.js";

// Pieces of markdown and HTML attacks, glued together at random.
const PIECES = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">j</a>',
  "[l](javascript:alert(1))",
  "[l](JaVaScRiPt:alert(1))",
  "[l](data:text/html;base64,PHNjcmlwdD4=)",
  "![i](https://evil/x.png)",
  "![i](data:image/svg+xml,<svg onload=alert(1)>)",
  "<svg><script>alert(1)</script></svg>",
  "<style>body{display:none}</style>",
  '<div style="position:fixed">',
  "</details>",
  "</textarea>",
  "{{x}}",
  "<iframe src=//evil>",
  "<!-- c -->",
  "```js\n</code></pre><script>x</script>\n```",
  "`<b>`",
  "| a |\n|---|\n| <b onclick=x> |",
  "- [x] <input onfocus=x autofocus>",
  "\n\n",
  "*",
  "> ",
  " ",
  "x",
];
const ALLOWED_TAGS = new Set([
  "p",
  "a",
  "img",
  "pre",
  "code",
  "span",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "ul",
  "ol",
  "li",
  "input",
  "blockquote",
  "em",
  "strong",
  "del",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "br",
  "sup",
  "section",
]);

describe("markdownToHtml never lets session text become markup", () => {
  it("emits only allowed tags, no event handlers, no style, no script URLs, for any mix of attacks", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), async (pieces) => {
        const html = await markdownToHtml(pieces.join(""), { budget: createHighlightBudget() });
        for (const [, tag] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)) {
          expect(ALLOWED_TAGS.has((tag ?? "").toLowerCase()), `tag <${tag}> in ${html}`).toBe(true);
        }
        // Inside tags (text is escaped, so every `<` left starts a tag we made).
        for (const [tag] of html.matchAll(/<[^>]*>/g)) {
          expect(tag).not.toMatch(/\son[a-z]+=|\sstyle=|javascript:|data:text|data:image\/svg/i);
        }
      }),
      { seed: 20240601, numRuns: 150 },
    );
  });
});

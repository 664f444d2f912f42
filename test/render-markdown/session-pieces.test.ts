import fc from "fast-check";
import type { RootContent } from "mdast";
import { describe, expect, it } from "vitest";
import { blockquote, paragraph, stringify, text } from "../../src/render/markdown/mdast.js";
import { sessionMarkdown } from "../../src/render/markdown/session-markdown.js";
import { sessionPieces } from "../../src/render/markdown/session-pieces.js";

// Pieces of Markdown that make blocks of every kind, and what the serializer escapes or picks by context:
// lists of both bullets and orders (a list after a list takes the other bullet), breaks, fences, tables,
// attention, links, raw HTML, footnotes, mentions and issue references.
const fragment = fc.constantFrom(
  "- a",
  "* b",
  "+ c",
  "1. d",
  "2) e",
  "> q",
  "# h",
  "###### h6",
  "```js\nx\n```",
  "~~~\ny\n~~~",
  "    indented",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "---",
  "***",
  "*e*",
  "_u_",
  "**s**",
  "~~d~~",
  "`c`",
  "[l](http://x.test)",
  "[j](javascript:alert(1))",
  "![i](x.png)",
  "<div>",
  "<b>",
  "@who",
  "#12",
  "GH-3",
  "a_b",
  "www.x.test",
  "x@y.test",
  "[^1]\n\n[^1]: note",
  "\\",
  "&amp;",
  "text",
  "word ",
  " ",
  "\t",
  "1.",
  "!",
  "[",
  "\n",
  "\n",
  "\n\n",
  "\n\n",
);
const sessionText = fc.array(fragment, { maxLength: 10 }).map((parts) => parts.join(""));

/** The blocks around session texts in the report: its own paragraphs, in a root or a blockquote. */
function place(
  texts: string[],
  quoted: boolean,
  around: boolean,
  blocksOf: (markdown: string) => RootContent[],
) {
  const blocks: RootContent[] = [];
  for (const markdown of texts) {
    if (around) blocks.push(paragraph(text("Before.")));
    blocks.push(...blocksOf(markdown));
  }
  if (around) blocks.push(paragraph(text("After.")));
  return quoted ? [blockquote(...blocks)] : blocks;
}

describe("session Markdown serialized once per text", () => {
  it("writes the bytes its blocks write in place, among any neighbours, in a root or a blockquote", () => {
    fc.assert(
      fc.property(
        fc.array(sessionText, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (texts, quoted, around) => {
          // Each text twice over: the second time it comes from what the first serialized.
          const twice = [...texts, ...texts];
          const pieces = sessionPieces(3);
          const inPlace = stringify(place(twice, quoted, around, (markdown) => sessionMarkdown(markdown, 3)));
          expect(stringify(place(twice, quoted, around, pieces))).toBe(inPlace);
        },
      ),
      { numRuns: 400, seed: 2026 },
    );
  });

  it("serializes a repeated text once", () => {
    const pieces = sessionPieces(3);
    const first = pieces("Some **bold** text and `code`.");
    expect(first).toHaveLength(1);
    expect(pieces("Some **bold** text and `code`.")[0]).toBe(first[0]);
  });
});

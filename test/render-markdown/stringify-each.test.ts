/**
 * The transcript's entries are serialized in batches (`stringifyEach`, for memory: round three's G13).
 * Each entry must come out byte for byte as `stringify` writes it alone, whatever its blocks and its
 * neighbours' (a list after a list, code, tables, raw `<details>`, mentions, empty entries).
 */

import fc from "fast-check";
import type { RootContent } from "mdast";
import { describe, expect, it } from "vitest";
import {
  code,
  codeBlock,
  details,
  list,
  paragraph,
  stringify,
  stringifyEach,
  text,
} from "../../src/render/markdown/mdast.js";
import { sessionMarkdown } from "../../src/render/markdown/session-markdown.js";

const FRAGMENTS = [
  "- a",
  "* b",
  "+ c",
  "1. one",
  "3) three",
  "```js\nlet x = 1;\n```",
  "    indented",
  "> quoted",
  "| a | b |\n| - | -: |\n| 1 | 2 |",
  "# Heading",
  "Setext\n===",
  "*em* **strong** ~~gone~~",
  "@someone fixed #12",
  "<div>x</div>",
  "plain text",
  "---",
  "[a link](https://example.com) and <https://example.com>",
  "trailing spaces  ",
  "- [ ] task",
  "",
];

/** Blocks an entry may hold: Markdown from a session, and the builders' own. */
const blocks: fc.Arbitrary<() => RootContent[]> = fc.oneof(
  fc
    .array(fc.constantFrom(...FRAGMENTS), { maxLength: 4 })
    .chain((parts) => fc.constantFrom("\n", "\n\n").map((join) => parts.join(join)))
    .map((markdown) => () => sessionMarkdown(markdown, 2)),
  fc.constant(() => [list(false, [[text("item")], [code("x")]])]),
  fc.constant(() => [list(true, [[text("first")]])]),
  fc.constant(() => details("Output", [codeBlock("a\n```\nb", "text")])),
  fc.constant(() => [paragraph(text("a line "), code("id"))]),
  fc.constant((): RootContent[] => []),
);

/** Groups as factories: each side of the comparison gets trees of its own (serializing mutates them). */
const groups = fc.array(fc.array(blocks, { maxLength: 3 }), { maxLength: 8 });

describe("stringifyEach", () => {
  it("writes each group as stringify writes it alone", () => {
    fc.assert(
      fc.property(groups, (made) => {
        const build = () => made.map((group) => group.flatMap((make) => make()));
        expect(stringifyEach(build())).toEqual(build().map((group) => stringify(group)));
      }),
      { seed: 3113, numRuns: 400 },
    );
  });
});

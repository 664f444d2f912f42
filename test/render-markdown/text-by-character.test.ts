/**
 * The text handler that runs only the unsafe patterns whose character a text holds (text-by-character.ts,
 * the `text-by-character` speed piece) writes exactly what remark-stringify's own handler writes: for
 * generated trees whose texts are made of every character any pattern names (and their neighbours: line
 * endings, spaces, digits, letters), in every construct a text can stand in; and for the whole Markdown
 * report of every real session of the corpus.
 */
import { readdirSync } from "node:fs";
import fc from "fast-check";
import type { PhrasingContent, RootContent } from "mdast";
import { describe, expect, it } from "vitest";
import { stringify } from "../../src/render/markdown/mdast.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { DEFAULT_ENGINES, type RenderEngines } from "../../src/render/primitives/engines.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS } from "../helpers/paths.js";

// Every character of CommonMark's and GFM's unsafe patterns, with what their before/after contexts look for.
const piece = fc.constantFrom(
  ..."aWwps019 \t\n\r!\"#$&'()*+,-./:;<=>?@[\\]^_`{|}~".split(""),
  "  ",
  "\n\n",
  "1.",
  "1)",
  "www.",
  "http://",
  "a@b.c",
  "&amp;",
  "&#",
  "---",
  "***",
  "é",
);

const textArbitrary = fc.array(piece, { minLength: 1, maxLength: 24 }).map((pieces) => pieces.join(""));

const leaf: fc.Arbitrary<PhrasingContent> = fc.oneof(
  { weight: 4, arbitrary: textArbitrary.map((value): PhrasingContent => ({ type: "text", value })) },
  textArbitrary.map((value): PhrasingContent => ({ type: "inlineCode", value })),
  fc.constant<PhrasingContent>({ type: "break" }),
);

const phrasing: fc.Arbitrary<PhrasingContent[]> = fc
  .letrec<{ node: PhrasingContent }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc
        .tuple(
          fc.constantFrom("emphasis", "strong", "delete") as fc.Arbitrary<"emphasis">,
          fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
        )
        .map(([type, children]): PhrasingContent => ({ type, children })),
      fc
        .tuple(fc.array(tie("node"), { minLength: 1, maxLength: 3 }), textArbitrary)
        .map(([children, url]): PhrasingContent => ({ type: "link", url, title: null, children })),
    ),
  }))
  .node.chain((first) => fc.array(leaf, { maxLength: 3 }).map((rest) => [first, ...rest]));

/** Blocks a text can stand in: paragraph, heading, table cell, list item, quote. */
const blocks: fc.Arbitrary<RootContent[]> = fc.array(
  fc.oneof(
    phrasing.map((children): RootContent => ({ type: "paragraph", children })),
    phrasing.map((children): RootContent => ({ type: "heading", depth: 2, children })),
    fc.tuple(phrasing, phrasing).map(
      ([a, b]): RootContent => ({
        type: "table",
        align: [null, "right"],
        children: [
          {
            type: "tableRow",
            children: [
              { type: "tableCell", children: a },
              { type: "tableCell", children: b },
            ],
          },
        ],
      }),
    ),
    phrasing.map(
      (children): RootContent => ({
        type: "list",
        ordered: false,
        spread: false,
        children: [{ type: "listItem", spread: false, children: [{ type: "paragraph", children }] }],
      }),
    ),
    phrasing.map(
      (children): RootContent => ({ type: "blockquote", children: [{ type: "paragraph", children }] }),
    ),
  ),
  { minLength: 1, maxLength: 3 },
);

describe("text escaped by character (the text-by-character piece)", () => {
  it("writes what remark-stringify's own text handler writes, for any text in any construct", () => {
    fc.assert(
      fc.property(blocks, (nodes) => {
        expect(stringify(structuredClone(nodes), true)).toBe(stringify(structuredClone(nodes), false));
      }),
      { numRuns: 3000, seed: 33 },
    );
  });

  it("writes the same Markdown report of every real session", async () => {
    const off: RenderEngines = {
      ...DEFAULT_ENGINES,
      markdown: { ...DEFAULT_ENGINES.markdown, textByCharacter: false },
    };
    const files = readdirSync(`${CORPUS}real`).filter((name) => name.endsWith(".jsonl"));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const path = `${CORPUS}real/${name}`;
      const on = await renderMarkdown(analyzeAsRead(path));
      const library = await renderMarkdown(analyzeAsRead(path), { speed: { engines: off } });
      expect(on.markdown, name).toBe(library.markdown);
    }
  }, 120_000);
});

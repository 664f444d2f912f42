import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "../../src/render/markdown/mdast.js";
import { parsedSessionMarkdown, sessionMarkdown } from "../../src/render/markdown/session-markdown.js";
import { isPlainProse } from "../../src/render/primitives/markdown/plain-prose.js";

const piece = fc.constantFrom(
  ..."abcXYZ019 .,;:'\"?!()/%-+=\n\n\n".split(""),
  "é",
  "😀",
  "  ",
  "*",
  "_",
  "`",
  "#",
  "[",
  "<",
  "&",
  "|",
  "@",
  "1.",
  "---",
);

describe("Markdown's plain-prose fast path", () => {
  it("serializes exactly as the parsed path does, whenever it applies", () => {
    let applied = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        if (text.trim() === "" || !isPlainProse(text)) return;
        applied += 1;
        expect(stringify(sessionMarkdown(text))).toBe(stringify(parsedSessionMarkdown(text)));
      }),
      { numRuns: 2000, seed: 1130 },
    );
    expect(applied).toBeGreaterThan(100);
  });
});

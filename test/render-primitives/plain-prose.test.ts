import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import { markdownToHtmlByPipeline } from "../../src/render/primitives/markdown/markdown-to-html.js";
import { isPlainProse, proseToHtml } from "../../src/render/primitives/markdown/plain-prose.js";

// Prose and every character that could make it markdown, so both sides of the test are exercised.
const alphabet = fc.constantFrom(
  ..."abcXYZ019 .,;:'\"?!()/%-+=\n\n\n".split(""),
  "é",
  "😀",
  " ",
  "  ",
  "*",
  "_",
  "`",
  "#",
  "[",
  "]",
  "<",
  ">",
  "&",
  "|",
  "~",
  "\\",
  "\t",
  "://",
  "www.",
  "@",
  "1.",
  "2)",
  "-",
  "---",
  "===",
);

describe("plain prose fast path", () => {
  it("gives exactly what the unified pipeline gives, whenever it applies", async () => {
    const budget = createHighlightBudget();
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 40 }), async (pieces) => {
        const text = pieces.join("");
        if (!isPlainProse(text)) return;
        applied += 1;
        expect(proseToHtml(text)).toBe(await markdownToHtmlByPipeline(text, budget));
      }),
      { numRuns: 2000, seed: 20261130 },
    );
    // The generator must actually reach the fast path, or this test proves nothing.
    expect(applied).toBeGreaterThan(100);
  });

  it("turns away text with markdown in it", () => {
    for (const text of [
      "a *b*",
      "- item",
      "1. one",
      "# title",
      "see https://x.org",
      "x  \ny",
      " indented",
      "a & b",
    ]) {
      expect(isPlainProse(text)).toBe(false);
    }
    expect(isPlainProse("I'll fix the test, then re-run it.\n\nDone: 3 files changed (42%).")).toBe(true);
  });
});

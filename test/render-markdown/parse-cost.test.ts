/**
 * Markdown that micromark parses in time growing with the square of its length (thousands of nested
 * containers on a line, thousands of link brackets in a paragraph) is shown as written, in a code block:
 * the Markdown report of such a message takes as long as its HTML page, and loses none of its text. Real
 * text never trips it: no message of the corpus does.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsesSlowly } from "../../src/render/markdown/parse-cost.js";
import { sessionMarkdown } from "../../src/render/markdown/session-markdown.js";
import { allSessionFiles } from "../helpers/all-sessions.js";

/** Shapes micromark was quadratic on (issue 31's bounded work), each of about `size` characters. */
const SLOW_SHAPES: Record<string, (size: number) => string> = {
  quotes: (size) => `${">".repeat(size)} hi`,
  "spaced quotes": (size) => `${"> ".repeat(size / 2)}hi`,
  "list markers on one line": (size) => `${"- ".repeat(size / 2)}x`,
  "star markers on one line": (size) => `${"* ".repeat(size / 2)}x`,
  "ordered markers on one line": (size) => `${"1. ".repeat(size / 3)}x`,
  "a list indented a level per line": (size) =>
    Array.from({ length: Math.sqrt(size) }, (_, level) => `${"  ".repeat(level)}- x`).join("\n"),
  "nested brackets": (size) => `${"[".repeat(size / 2)}x${"]".repeat(size / 2)}`,
  "open brackets": (size) => "[a".repeat(size / 2),
  "links left open": (size) => "[x](".repeat(size / 4),
  "images left open": (size) => "![x".repeat(size / 3),
};

/** Every user and assistant text of the corpus and fixtures. */
function corpusTexts(): string[] {
  const texts: string[] = [];
  for (const file of allSessionFiles()) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      let entry: { message?: { content?: unknown } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      const content = entry.message?.content;
      if (typeof content === "string") texts.push(content);
      if (Array.isArray(content))
        for (const block of content as { type?: string; text?: unknown }[])
          if (block.type === "text" && typeof block.text === "string") texts.push(block.text);
    }
  }
  return texts;
}

describe("markdown micromark would parse slowly", () => {
  for (const [shape, make] of Object.entries(SLOW_SHAPES)) {
    it(`${shape}, 200 KB: shown as written, in well under a second`, () => {
      const text = make(200_000);
      expect(parsesSlowly(text)).toBe(true);
      const started = performance.now();
      const blocks = sessionMarkdown(text);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(blocks).toEqual([{ type: "code", lang: null, value: text }]);
    });
  }

  it("is parsed as usual when it nests or links as real text does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 2_000 }), (depth, links) => {
        const quoted = `${"> ".repeat(depth)}deep`;
        const linked = "[a](https://example.com) ".repeat(links);
        return !parsesSlowly(quoted) && !parsesSlowly(linked) && !parsesSlowly(`${quoted}\n\n${linked}`);
      }),
    );
  });

  it("counts brackets by paragraph and leaves code fences out", () => {
    const paragraph = "[a ".repeat(1_500);
    expect(parsesSlowly(`${paragraph}\n\n${paragraph}`)).toBe(false);
    expect(parsesSlowly(`${paragraph}\n${paragraph}`)).toBe(true);
    expect(parsesSlowly(`\`\`\`json\n${"[".repeat(50_000)}\n\`\`\`\nafter`)).toBe(false);
  });

  it("never trips on the corpus: every message is parsed", () => {
    const texts = corpusTexts();
    expect(texts.length).toBeGreaterThan(1_000);
    expect(texts.filter(parsesSlowly)).toEqual([]);
  });
});

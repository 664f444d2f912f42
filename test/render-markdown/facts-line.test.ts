import fc from "fast-check";
import type { PhrasingContent } from "mdast";
import { describe, expect, it } from "vitest";
import { factsLine } from "../../src/render/markdown/entry-to-markdown.js";
import { code, emphasis, paragraph, stringify, strong, text } from "../../src/render/markdown/mdast.js";
import { formatCost, formatTime, formatTokens } from "../../src/view/format.js";

// The kinds of fact an entry's line shows (entry-to-markdown.ts, message-to-markdown.ts): usage badges,
// times, line numbers, the tool's own words, and names and ids as code or in bold.
const tokens = fc.oneof(fc.integer(), fc.integer({ min: 0, max: 1e12 }));
// Micro-dollars: costs as recorded, from nothing to a very expensive session.
const cost = fc.integer({ min: -1e6, max: 1e12 }).map((micro) => micro / 1e6);
const fact: fc.Arbitrary<PhrasingContent[]> = fc.oneof(
  fc
    .tuple(tokens, cost)
    .map(([count, dollars]) => [text(`${formatTokens(count)} tokens · ${formatCost(dollars)}`)]),
  fc
    .integer({ min: -8.64e15, max: 8.64e15 })
    .map((ms) => [text(formatTime(new Date(ms).toISOString()) ?? "")]),
  fc.tuple(fc.nat(), fc.string()).map(([line, id]) => [text(`line ${line}, id `), code(id)]),
  fc.string().map((name) => [code(name)]),
  fc.string().map((level) => [text("thinking "), code(level)]),
  fc
    .constantFrom("!! not sent to the model", "output truncated", "usage not recorded")
    .map((words) => [text(words)]),
  fc.integer().map((exit) => [strong(text(`exit ${exit}`))]),
);

/** The line as it was built before: facts and separators, each its own node. */
function unmerged(facts: PhrasingContent[][]): PhrasingContent[] {
  return facts.flatMap((fact, at) => (at === 0 ? fact : [text(" · "), ...fact]));
}

describe("an entry's line of facts", () => {
  it("serializes as its facts do node by node, with adjacent texts as one node", () => {
    fc.assert(
      fc.property(fc.array(fact, { minLength: 1, maxLength: 6 }), (facts) => {
        const line = factsLine(facts);
        for (let at = 1; at < line.length; at += 1) {
          expect(line[at]?.type === "text" && line[at - 1]?.type === "text").toBe(false);
        }
        const copy = structuredClone(facts);
        expect(stringify([paragraph(emphasis(...line))])).toBe(
          stringify([paragraph(emphasis(...unmerged(copy)))]),
        );
      }),
      { numRuns: 1000, seed: 2612 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { highlightStats, tokenizeToLines } from "../../src/render/primitives/highlight/code-to-lines.js";
import { resolveLanguage } from "../../src/render/primitives/highlight/languages.js";
import {
  PI_TOOL_LANGUAGES,
  SAMPLED_LANGUAGES,
  sampleOf,
  warmUpSteps,
} from "../../src/render/primitives/highlight/warm-up.js";

const firstLines = (id: string, count: number) => (sampleOf(id) ?? "").split("\n").slice(0, count).join("\n");

describe("warm-up", () => {
  it("has samples only under real shiki ids, and one for each language every Pi session uses", () => {
    // A sample under a name shiki does not know would warm nothing, silently.
    for (const id of SAMPLED_LANGUAGES) expect(resolveLanguage(id)).toBe(id);
    for (const id of PI_TOOL_LANGUAGES) expect(SAMPLED_LANGUAGES).toContain(id);
  });

  it("is short steps: loading the grammar, then a few lines at a time", async () => {
    const steps = warmUpSteps(["python", "yaml"]);
    // python: load + its 12 sample lines in steps of 4 (3 steps); yaml (no sample): load only.
    expect(steps).toHaveLength(1 + 3 + 1);
    const tokenizedBefore = highlightStats().tokenized;
    for (const step of steps) await step();
    // The three chunks were tokenized (by the grammar: a failed load would tokenize nothing) ...
    expect(highlightStats().tokenized - tokenizedBefore).toBe(3);
    // ... and the first is in the cache as one block, highlighted.
    const hitsBefore = highlightStats().cacheHits;
    const lines = await tokenizeToLines(firstLines("python", 4), "python");
    expect(highlightStats().cacheHits).toBe(hitsBefore + 1);
    expect(lines).toHaveLength(4);
    expect(lines?.join("")).toMatch(/<span class="hl-\d+">/);
  });

  it("loads no grammar for a language highlighted by our own code: its sample alone warms that code", () => {
    // shellscript (shell-tokens.ts): its 11 sample lines in steps of 4, no loading step.
    expect(warmUpSteps(["shellscript"])).toHaveLength(3);
    // typescript (a Lezer parse): 27 lines, 7 steps.
    expect(warmUpSteps(["typescript"])).toHaveLength(7);
  });

  it("warms a grammar with a sample of its own: markdown's scanners are compiled before the page's blocks", async () => {
    // markdown (shiki's grammar): load + its 23 sample lines in steps of 4 (6 steps).
    const steps = warmUpSteps(["markdown"]);
    expect(steps).toHaveLength(1 + 6);
    const tokenizedBefore = highlightStats().tokenized;
    for (const step of steps) await step();
    expect(highlightStats().tokenized - tokenizedBefore).toBe(6);
    // The first chunk is in the cache, its heading highlighted (bold: the theme's style for headings).
    const hitsBefore = highlightStats().cacheHits;
    const lines = await tokenizeToLines(firstLines("markdown", 4), "markdown");
    expect(highlightStats().cacheHits).toBe(hitsBefore + 1);
    expect(lines?.[0]).toMatch(/^<span class="hl-\d+ hl-b"># Project title<\/span>$/);
  });
});

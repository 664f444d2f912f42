/**
 * The context chart for a screen reader: a group named by what it shows, each point and compaction a
 * link named by its own title, and nothing focusable but those links (an image holding links hides
 * them from screen readers while the keyboard still stops on them).
 */
import { describe, expect, it } from "vitest";
import { chartSvg } from "../../src/render/html/chart-svg.js";

const chart = chartSvg({
  points: [
    { anchor: "e-a1", contextTokens: 1200, cost: 0.01, unrecorded: false },
    { anchor: "e-a2", contextTokens: 2500, cost: 0.02, unrecorded: false },
    { anchor: "e-a3", contextTokens: 900, cost: 0.005, unrecorded: false },
  ],
  compactions: [{ afterTurns: 2, anchor: "e-c1" }],
});

describe("chartSvg", () => {
  it("is a group named by what it shows, not an image", () => {
    expect(chart).toMatch(/^<svg class="chart" [^>]*role="group" /);
    expect(chart).not.toContain('role="img"');
    // The largest of the three contexts (under 10k: two decimals, as the page writes tokens), and the compaction.
    expect(chart).toContain(
      'aria-label="Context size at each of 3 assistant turns on the active branch, peaking at 2.50k tokens, with 1 compaction."',
    );
  });

  it("names each link by a title of its own, its first child: a turn's figures, where a compaction falls", () => {
    const links = [...chart.matchAll(/<a href="#([^"]+)"><title>([^<]*)<\/title><(circle|line) /g)].map(
      ([, anchor, title]) => `${anchor}: ${title}`,
    );
    expect(links).toEqual([
      "e-c1: compaction after turn 2",
      "e-a1: turn 1: 1.20k tokens, $0.010",
      "e-a2: turn 2: 2.50k tokens, $0.020",
      "e-a3: turn 3: 900 tokens, $0.0050",
    ]);
    // Every link is one of those: none without a name.
    expect(chart.match(/<a /g)).toHaveLength(4);
    expect(chart).not.toContain("tabindex");
  });
});

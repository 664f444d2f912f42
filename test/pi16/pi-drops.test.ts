/**
 * "What Pi shows" is what Pi 1.6 shows on a file with lines its reader cannot parse: it drops each such
 * line and every entry on it, with their usage, where this report mends them and counts them. Expected
 * values are Pi 1.6.0's own (fixtures/pi-drops/pi-1.6.0-figures.jsonl, by scripts/pi16/figures.mjs).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../../src/render/json/json-report.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

const DIR = `${FIXTURES}pi-drops/`;
const PI = new Map(
  readFileSync(`${DIR}pi-1.6.0-figures.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as { file: string; footer?: { cost: number; tokens: number }; error?: string },
    )
    .map((figures) => [figures.file, figures]),
);

const report = (name: string) => buildJsonReport(analyzeAsRead(`${DIR}${name}`));

describe("what Pi shows for lines its reader drops", () => {
  it("leaves out a mended escape, glued entries and a cut-off line, as Pi 1.6 does", () => {
    const { usage } = report("pi-drops-mended-lines.jsonl");
    const pi = PI.get("pi-drops-mended-lines.jsonl")?.footer;
    // Pi keeps a1 (1,100 tokens, $0.01) and a4 (550, $0.005): line 5's bad escape and line 6's two glued
    // entries fail its JSON.parse, line 9 is cut off.
    expect(pi).toEqual({ cost: 0.015, shown: "$0.015", tokens: 1650 });
    expect(usage.pi.cost).toBe(pi?.cost);
    expect(usage.pi.tokens).toBe(pi?.tokens);
    // This report mends lines 5 and 6: a2 (2,200 tokens, $0.02) and a3 (440, $0.004) count too.
    expect(usage.total.totalTokens).toBe(1100 + 2200 + 440 + 550);
    expect(usage.total.cost).toBeCloseTo(0.039, 9);
    expect(usage.pi.comparison).toBe(
      "Pi shows $0.015; this report's $0.039 adds $0.024 (2.64k tokens) of usage on lines 5 and 6, which Pi's reader skips as not JSON (this report mends them).",
    );
  });

  it.each(["pi-drops-bom.jsonl", "pi-drops-header.jsonl"])(
    "%s: Pi parses no header first and does not open the file; this report reads it",
    (name) => {
      expect(PI.get(name)?.error).toMatch(/not a valid pi session/);
      const { usage } = report(name);
      expect(usage.pi.cost).toBeNull();
      expect(usage.pi.tokens).toBeNull();
      expect(usage.pi.comparison).toMatch(/Pi 1\.6 does not open it \("not a valid pi session"\)/);
      // a1: 1,100 tokens, $0.01.
      expect(usage.total.totalTokens).toBe(1100);
      expect(usage.total.cost).toBeCloseTo(0.01, 9);
    },
  );
});

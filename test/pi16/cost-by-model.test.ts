/**
 * Cost by model follows the model that answered, as Pi 1.6's /session does (`getUsageCostBreakdown` in
 * dist/core/usage-totals.js, run on each file by scripts/pi16/pi-figures.mjs: `costByModel`). Pi keys a
 * reply by `provider/(responseModel ?? model)` and a `usage` entry by its own model, and puts tool-result
 * and summary usage in one "Tools/summaries" row, where this report attributes them to the model in use.
 */
import { describe, expect, it } from "vitest";
import { analyzeSession, readSessionFile } from "../../src/index.js";
import { FIXTURES } from "../helpers/paths.js";
import { asPiReadsIt, readPi16Figures } from "../helpers/pi16-figures.js";

interface Row {
  cost: number;
  tokens: number;
}

describe("cost by model is Pi 1.6's /session breakdown", () => {
  for (const golden of readPi16Figures()) {
    it(`on ${golden.path}: ${golden.costByModel.map((row) => row.key).join(", ")}`, () => {
      const analysis = analyzeSession(asPiReadsIt(readSessionFile(`${FIXTURES}${golden.path}`)));
      const rows = new Map<string, Row>();
      for (const item of analysis.usageItems) {
        if (item.source === "subagent") continue;
        const key =
          item.source === "assistant" || item.source === "usageEntry"
            ? `${item.provider}/${item.model}`
            : "Tools/summaries";
        const row = rows.get(key) ?? { cost: 0, tokens: 0 };
        const { usage } = item;
        row.cost += usage.cost.total;
        row.tokens += usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
        rows.set(key, row);
      }
      const ours = [...rows].filter(([, row]) => row.cost > 0 || row.tokens > 0);
      expect(ours.map(([key]) => key).sort()).toEqual(golden.costByModel.map((row) => row.key).sort());
      for (const expected of golden.costByModel) {
        const row = rows.get(expected.key) as Row;
        expect(row.cost).toBeCloseTo(expected.cost, 8);
        // Pi's token sum is NaN (null here) where a usage lacks one of the four counts.
        if (expected.tokens !== null) expect(row.tokens).toBe(expected.tokens);
      }
    });
  }
});

import { describe, expect, it } from "vitest";
import {
  createHighlightBudget,
  DEFAULT_HIGHLIGHT_BUDGET,
} from "../../src/render/primitives/highlight/budget.js";

describe("HighlightBudget", () => {
  it("documents its defaults (docs/design.md): 300 KB in total, 40 KB per block, written files 100 KB, tool output 50 KB", () => {
    expect(DEFAULT_HIGHLIGHT_BUDGET).toEqual({
      totalChars: 300_000,
      perBlockChars: 40_000,
      perPriorityChars: { "written-file": 100_000, "tool-output": 50_000 },
    });
  });

  it("spends as it goes until the total is used up", () => {
    const budget = createHighlightBudget({ totalChars: 10 });
    expect(budget.spend("command", "shellscript", "ls -la")).toBe(true); // 6
    expect(budget.spend("diff", "typescript", "a+b+c")).toBe(false); // 6 + 5 > 10
    expect(budget.spend("diff", "typescript", "a+b")).toBe(true); // 9
    expect(budget.spent).toBe(9);
    expect(budget.spentBy("diff")).toBe(3);
  });

  it("refuses any block over the per-block cap, however much is left", () => {
    const budget = createHighlightBudget({ perBlockChars: 4 });
    expect(budget.spend("command", "shellscript", "12345")).toBe(false);
    expect(budget.spend("command", "shellscript", "1234")).toBe(true);
  });

  it("caps a priority without touching the others", () => {
    const budget = createHighlightBudget({ totalChars: 100, perPriorityChars: { "tool-output": 5 } });
    expect(budget.spend("tool-output", "json", "[1,2]")).toBe(true); // 5 of 5
    expect(budget.spend("tool-output", "json", "[3]")).toBe(false);
    expect(budget.spend("code-fence", "json", "[3]")).toBe(true);
    expect(budget.spentBy("tool-output")).toBe(5);
    expect(budget.spent).toBe(8);
  });

  it("charges an identical block (same language and text) once", () => {
    const budget = createHighlightBudget({ totalChars: 8 });
    expect(budget.spend("written-file", "python", "x = 1")).toBe(true);
    expect(budget.spend("tool-output", "python", "x = 1")).toBe(true);
    expect(budget.spent).toBe(5);
    // Same text in another language is another block.
    expect(budget.spend("written-file", "ruby", "x = 1")).toBe(false);
  });

  it("checks without spending", () => {
    const budget = createHighlightBudget({ totalChars: 10 });
    expect(budget.allows("diff", 10)).toBe(true);
    expect(budget.allows("diff", 11)).toBe(false);
    expect(budget.spent).toBe(0);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeSession, migrateSession, parseSessionBytes, type RawSession } from "../src/index.js";
import { linearEntries, sessionText, tangledEntries, v1Entries } from "./helpers/arbitraries.js";

function parse(text: string): RawSession {
  return parseSessionBytes(Buffer.from(text), "property");
}

describe("properties", () => {
  it("migrating twice changes nothing (v1, v2 and v3 inputs)", () => {
    const anyVersion = fc.oneof(
      v1Entries.map((entries) => sessionText(undefined, entries)),
      tangledEntries.map((entries) => sessionText(2, entries)),
      tangledEntries.map((entries) => sessionText(3, entries)),
    );
    fc.assert(
      fc.property(anyVersion, (text) => {
        const once = migrateSession(parse(text));
        const twice = migrateSession(once);
        expect(twice.header).toEqual(once.header);
        expect(twice.records).toEqual(once.records);
      }),
      { numRuns: 300 },
    );
  });

  it("on a session without branches, the active branch's totals are the file's totals", () => {
    fc.assert(
      fc.property(linearEntries, (entries) => {
        const analysis = analyzeSession(parse(sessionText(3, entries)));
        if (entries.length === 0) {
          expect(analysis.activeBranch).toBeUndefined();
          return;
        }
        expect(analysis.branches).toHaveLength(1);
        expect(analysis.activeBranch?.usage.total).toEqual(analysis.usage.total);
        expect(analysis.activeBranch?.usage.bySource).toEqual(analysis.usage.bySource);
      }),
      { numRuns: 300 },
    );
  });

  it("every entry belongs to exactly one root, whatever the links (missing, self, loops, duplicates)", () => {
    fc.assert(
      fc.property(tangledEntries, (entries) => {
        const { tree } = analyzeSession(parse(sessionText(3, entries)));
        const count = tree.entries.length;
        // `order` visits every entry exactly once, each subtree under one root.
        expect([...tree.order].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
        const roots = new Set(tree.roots);
        for (let index = 0; index < count; index += 1) {
          let at = index;
          for (let steps = 0; tree.parent[at] !== -1; steps += 1) {
            expect(steps).toBeLessThan(count);
            at = tree.parent[at] as number;
          }
          expect(roots.has(at)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a branch's total is its breakdown's total (the cheap sum and the full one agree)", () => {
    fc.assert(
      fc.property(tangledEntries, (entries) => {
        const analysis = analyzeSession(parse(sessionText(3, entries)));
        for (const branch of analysis.branches) expect(branch.total).toEqual(branch.usage.total);
      }),
      { numRuns: 200 },
    );
  });

  it("the file's totals are the sum over entries, whatever the tree: each entry counted once", () => {
    fc.assert(
      fc.property(tangledEntries, (entries) => {
        const analysis = analyzeSession(parse(sessionText(3, entries)));
        const turns = analysis.usageItems.reduce((sum, item) => sum + item.turns, 0);
        expect(analysis.usage.total.turns).toBe(turns);
        const withUsage = entries.filter(
          (entry) => entry.type === "usage" || entry.type === "branch_summary" || entry.type === "message",
        ).length;
        const users = entries.filter(
          (entry) =>
            entry.type === "message" &&
            ["user", "hookMessage"].includes((entry as { message: { role: string } }).message.role),
        ).length;
        expect(analysis.usageItems).toHaveLength(withUsage - users);
      }),
      { numRuns: 300 },
    );
  });
});

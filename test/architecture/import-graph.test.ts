import { cruise, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

/** One line per broken rule, naming the edge (or the whole cycle) and what the rule asks. */
function describeViolation(violation: IViolation): string {
  const edge =
    violation.cycle !== undefined && violation.cycle.length > 0
      ? [violation.from, ...violation.cycle.map((step) => step.name)].join(" → ")
      : `${violation.from} → ${violation.to}`;
  return `${violation.rule.name}: ${edge}`;
}

/** The violations of .dependency-cruiser.cjs (its STAGES and no-circular) in src/. */
async function importGraphViolations(): Promise<string[]> {
  const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
  const result = await cruise(
    ["src"],
    { ...options, validate: true },
    {},
    {
      tsConfig: extractTSConfig("tsconfig.json"),
    },
  );
  if (typeof result.output === "string") throw new Error("dependency-cruiser gave text, not its result");
  return result.output.summary.violations.map(describeViolation);
}

describe("the import graph of src/", () => {
  it("has no cycle and no import from a lower stage to a higher one", async () => {
    // The message lists each offending edge: `stage-order:view: src/view/a.ts → src/report/b.ts`.
    expect(await importGraphViolations()).toEqual([]);
  });
});

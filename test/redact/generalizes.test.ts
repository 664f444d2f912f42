/**
 * Issue 31, "Prove it generalizes": shapes, not examples. Random secret-word names in every context,
 * cookies, tools' password flags and provider tokens at several lengths, each placed in a random field of a
 * session (see shapes/), must lose their secret to its last character and keep what is around it; values
 * that are no secret (booleans, numbers, paths, references, placeholders, prose in any script) in the same
 * contexts must come out unchanged. Only the development cells are drawn here; held-out.test.ts measures the
 * cells set aside.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CELLS, caseOf, DEVELOPMENT_CELLS, HELD_OUT_CELLS, isHeldOut } from "./shapes/cases.js";
import { placement } from "./shapes/fields.js";
import { judgeAll } from "./shapes/judge.js";

const SEED = 31_2026;

describe("the shape generator", () => {
  test("sets a fifth of the cells aside, in every family", () => {
    const all = Object.values(CELLS).flat();
    const share = all.filter(isHeldOut).length / all.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
    for (const cells of Object.values(CELLS)) expect(cells.some(isHeldOut)).toBe(true);
    expect(DEVELOPMENT_CELLS.some(isHeldOut)).toBe(false);
    expect(HELD_OUT_CELLS.every(isHeldOut)).toBe(true);
  });
});

describe("detection generalizes over the development cells", () => {
  test("every cell, once, in a random field", async () => {
    const cases = DEVELOPMENT_CELLS.map(
      (cell, index) => fc.sample(fc.tuple(caseOf(cell), placement), { numRuns: 1, seed: SEED + index })[0],
    ).filter((item) => item !== undefined);
    const verdicts = await judgeAll(cases);
    expect(verdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.why)).toEqual([]);
  }, 120_000);

  test("random batches of cases in random fields", async () => {
    const batch = fc.array(fc.tuple(fc.constantFrom(...DEVELOPMENT_CELLS).chain(caseOf), placement), {
      minLength: 1,
      maxLength: 60,
    });
    await fc.assert(
      fc.asyncProperty(batch, async (cases) => {
        const failed = (await judgeAll(cases)).filter((verdict) => !verdict.ok);
        expect(failed.map((verdict) => verdict.why)).toEqual([]);
      }),
      { seed: SEED, numRuns: 25 },
    );
  }, 120_000);
});

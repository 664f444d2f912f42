import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createRedactor } from "../../src/redact/index.js";
import { SEEDS, withSecret } from "./fake-secrets.js";

// Seeded, so a failure replays: rerun with the seed and path fast-check prints.
const SEED = 20_240_606;

/** Text with no secret and no home directory in it, in the shapes a session holds. */
const harmless = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.lorem({ maxCount: 30 }),
  fc.uuid(),
  fc.stringMatching(/^[0-9a-f]{7,64}$/),
  fc.json({ maxDepth: 3 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .array(fc.stringMatching(/^[a-z][a-z0-9_.-]{0,12}$/), { minLength: 1, maxLength: 5 })
    .map((parts) => `/srv/${parts.join("/")}`),
);

describe("properties", () => {
  test("strings with no secret and no home directory come back as the very same strings", async () => {
    const redactor = await createRedactor({ homeDirs: ["/home/alice", "C:\\Users\\alice"] });
    await fc.assert(
      fc.asyncProperty(fc.array(harmless, { maxLength: 20 }), async (strings) => {
        const { strings: out, counts } = await redactor.redact(strings);
        expect(counts).toEqual({});
        for (const [index, text] of out.entries()) expect(text).toBe(strings[index]);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  test("a secret dropped anywhere into harmless text is gone, and redaction is deterministic", async () => {
    const redactor = await createRedactor({});
    const seeds = SEEDS.filter((seed) => seed.kind !== "private-key");
    await fc.assert(
      fc.asyncProperty(
        fc.lorem({ maxCount: 10 }),
        fc.constantFrom(...seeds),
        fc.lorem({ maxCount: 10 }),
        async (before, seed, after) => {
          const text = `${before}\n${withSecret(seed)}\n${after}`;
          const first = await redactor.redact([text]);
          const second = await redactor.redact([text]);
          expect(first.strings[0]).not.toContain(seed.secret);
          expect(first.strings[0]).toContain(`[redacted: ${seed.kind}]`);
          expect(second).toEqual(first);
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });
});

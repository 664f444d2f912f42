import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8Chunks } from "../../src/io/utf8-of-parts.js";

/** The chunks joined, each copied as it comes (the generator reuses one buffer). */
function joined(parts: readonly string[], chunkBytes: number): { bytes: Buffer; largest: number } {
  const chunks: Buffer[] = [];
  for (const chunk of utf8Chunks(parts, chunkBytes)) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), largest: Math.max(0, ...chunks.map((chunk) => chunk.length)) };
}

describe("utf8Chunks", () => {
  it("gives the bytes of the joined pieces, in chunks no larger than asked, for any pieces", () => {
    // Code units of every width (1-3 UTF-8 bytes), pairs (4 bytes for 2 units) and halves of pairs
    // (U+FFFD, 3 bytes), split across pieces and windows anywhere.
    const unit = fc.constantFrom("a", "é", "€", "😀", "\ud83d", "\ude00", "\u0000");
    const piece = fc.array(unit, { maxLength: 60 }).map((units) => units.join(""));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 6, max: 70 }), (parts, size) => {
        const { bytes, largest } = joined(parts, size);
        expect(bytes.equals(Buffer.from(parts.join(""), "utf8"))).toBe(true);
        expect(largest).toBeLessThanOrEqual(size);
      }),
      { numRuns: 3000 },
    );
  });

  it("writes a piece far longer than a chunk a window at a time", () => {
    const parts = ['<a href="', "QUJD".repeat(1_000_000), '">', "😀".repeat(100_000), "</a>"];
    const { bytes, largest } = joined(parts, 1 << 16);
    expect(bytes.equals(Buffer.from(parts.join(""), "utf8"))).toBe(true);
    expect(largest).toBeLessThanOrEqual(1 << 16);
  });
});

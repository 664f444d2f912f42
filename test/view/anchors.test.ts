/** Permalink anchors (entryAnchors): safe ids as they are, anything else hex-escaped, duplicates told apart. */
import { describe, expect, it } from "vitest";
import type { SessionEntry } from "../../src/schema/entry.js";
import { entryAnchors } from "../../src/view/anchors.js";

const entry = (id: string, line: number) => ({ id, line }) as unknown as SessionEntry;

describe("entryAnchors", () => {
  it("keeps safe ids, escapes the rest by code point, and adds the line to a repeated id", () => {
    const entries = [
      entry("a1b2c3d4", 1),
      entry("x y", 2),
      entry("é/😀", 3),
      entry("a1b2c3d4", 4),
      entry("", 5),
    ];
    expect(entryAnchors(entries)).toEqual(["e-a1b2c3d4", "e-x.20y", "e-.e9.2f.1f600", "e-a1b2c3d4-L4", "e-"]);
  });

  it("gives the same anchors each time, for the view and the page alike", () => {
    const entries = [entry("q", 1), entry("q", 2)];
    expect(entryAnchors(entries)).toEqual(["e-q", "e-q-L2"]);
    expect(entryAnchors(entries)).toEqual(["e-q", "e-q-L2"]);
    expect(entryAnchors([entry("q", 7)])).toEqual(["e-q"]);
  });
});

import { describe, expect, it } from "vitest";
import { piNumberedDiffToModel } from "../../src/diff/pi-numbered-diff-to-model.js";
import { diffToText } from "../../src/render/markdown/diff-to-markdown.js";

describe("hunk headers of Pi's numbered diffs", () => {
  it("give each hunk's first lines and its old and new line counts", () => {
    // Old lines: a, b, d (3 from 1); new lines: a, c, d (3 from 1).
    expect(diffToText(piNumberedDiffToModel(" 1 a\n-2 b\n+2 c\n 3 d")).split("\n")[0]).toBe(
      "@@ -1,3 +1,3 @@",
    );
    // Two lines added after line 10: old x, w (2 from 10); new x, y, z, w (4 from 10).
    expect(diffToText(piNumberedDiffToModel(" 10 x\n+11 y\n+12 z\n 11 w")).split("\n")[0]).toBe(
      "@@ -10,2 +10,4 @@",
    );
  });

  it("count a hunk after a gap on its own", () => {
    // Line 2 removed, so old line 40 is new line 39; q is added as new line 40 (Pi numbers added lines new).
    const text = diffToText(piNumberedDiffToModel(" 1 a\n-2 b\n   ...\n 40 p\n+40 q\n 41 r"));
    expect(text.split("\n").filter((line) => line.startsWith("@@"))).toEqual([
      "@@ -1,2 +1,1 @@",
      "@@ -40,2 +39,3 @@",
    ]);
  });
});

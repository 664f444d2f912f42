import { describe, expect, it } from "vitest";
import { unifiedPatchToModel } from "../../src/diff/unified-patch-to-model.js";

// Written by hand the way newer Pi stores `details.patch` (jsdiff's createTwoFilesPatch, file headers only).
const PATCH = [
  "--- src/a.ts",
  "+++ src/a.ts",
  "@@ -2,4 +2,5 @@",
  ' import { b } from "./b.js";',
  "-const x = 1;",
  "+const x = 2;",
  "+const y = 3;",
  " export { x };",
  " // end",
  "@@ -20,3 +21,2 @@",
  " function f() {",
  "-  return 1;",
  " }",
  "",
].join("\n");

describe("unifiedPatchToModel", () => {
  it("numbers rows from the hunk headers and marks the skipped lines before each hunk", () => {
    expect(unifiedPatchToModel(PATCH)).toEqual({
      added: 2,
      removed: 2,
      hunks: [
        {
          lines: [
            { kind: "gap", text: "" },
            { kind: "context", oldLine: 2, newLine: 2, text: 'import { b } from "./b.js";' },
            { kind: "del", oldLine: 3, text: "const x = 1;" },
            { kind: "add", newLine: 3, text: "const x = 2;" },
            { kind: "add", newLine: 4, text: "const y = 3;" },
            { kind: "context", oldLine: 4, newLine: 5, text: "export { x };" },
            { kind: "context", oldLine: 5, newLine: 6, text: "// end" },
          ],
        },
        {
          lines: [
            { kind: "gap", text: "" },
            { kind: "context", oldLine: 20, newLine: 21, text: "function f() {" },
            { kind: "del", oldLine: 21, text: "  return 1;" },
            { kind: "context", oldLine: 22, newLine: 22, text: "}" },
          ],
        },
      ],
    });
  });

  it("drops `\\ No newline at end of file` and needs no gap before a hunk starting at line 1", () => {
    const diff = unifiedPatchToModel("--- a\n+++ a\n@@ -1 +1 @@\n-old\n\\ No newline at end of file\n+new\n");
    expect(diff.hunks).toEqual([
      {
        lines: [
          { kind: "del", oldLine: 1, text: "old" },
          { kind: "add", newLine: 1, text: "new" },
        ],
      },
    ]);
  });

  it("reads a patch jsdiff rejects (wrong counts) line by line rather than losing it", () => {
    // The header promises 3 old lines; there are 2. jsdiff throws on this.
    const diff = unifiedPatchToModel("--- a\n+++ a\n@@ -5,3 +5,2 @@\n-gone\n kept\n");
    expect(diff.removed).toBe(1);
    expect(diff.hunks[0]?.lines).toEqual([
      { kind: "gap", text: "" },
      { kind: "del", oldLine: 5, text: "gone" },
      { kind: "context", oldLine: 6, newLine: 5, text: "kept" },
    ]);
  });

  it("keeps text that is no patch at all as context rows", () => {
    const diff = unifiedPatchToModel("just words\nmore");
    expect(diff.hunks[0]?.lines).toEqual([
      { kind: "context", text: "just words" },
      { kind: "context", text: "more" },
    ]);
  });
});

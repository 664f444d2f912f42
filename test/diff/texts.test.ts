import { describe, expect, it } from "vitest";
import { editToModel } from "../../src/diff/edit-to-model.js";
import { textsToModel } from "../../src/diff/texts-to-model.js";

describe("textsToModel", () => {
  it("computes a known edit: one line changed, one appended, the unchanged last line kept", () => {
    const diff = textsToModel([{ oldText: "a\nb\nc", newText: "a\nB\nc\nd" }]);
    expect(diff.added).toBe(2);
    expect(diff.removed).toBe(1);
    // Fragments carry no file line numbers: where they sit in the file is unknown.
    expect(diff.hunks).toEqual([
      {
        lines: [
          { kind: "context", text: "a" },
          { kind: "del", text: "b" },
          { kind: "add", text: "B" },
          { kind: "context", text: "c" },
          { kind: "add", text: "d" },
        ],
      },
    ]);
  });

  it("gives each edit its own hunk, a gap between, and reads a deletion to nothing as removed lines only", () => {
    const diff = textsToModel([
      { oldText: "let a = 1;", newText: "let a = 2;" },
      { oldText: "x\ny", newText: "" },
    ]);
    expect(diff.added).toBe(1);
    expect(diff.removed).toBe(3);
    expect(diff.hunks[1]?.lines).toEqual([
      { kind: "gap", text: "" },
      { kind: "del", text: "x" },
      { kind: "del", text: "y" },
    ]);
  });
});

describe("editToModel", () => {
  const patch = "--- f\n+++ f\n@@ -1 +1 @@\n-a\n+b\n";
  it("prefers details.patch, then details.diff, then the call's texts", () => {
    expect(editToModel({}, { patch, diff: "-1 x" })?.hunks[0]?.lines[0]).toEqual({
      kind: "del",
      oldLine: 1,
      text: "a",
    });
    expect(editToModel({}, { diff: "-1 x\n+1 y" })?.hunks[0]?.lines[0]).toEqual({
      kind: "del",
      oldLine: 1,
      text: "x",
    });
    expect(editToModel({ edits: [{ oldText: "p", newText: "q" }] }, undefined)?.removed).toBe(1);
  });

  it("reads edits given as a JSON string, old top-level oldText/newText, and returns undefined for nothing", () => {
    const fromString = editToModel(
      { path: "f", edits: JSON.stringify([{ oldText: "1", newText: "2\n3" }]) },
      {},
    );
    expect([fromString?.removed, fromString?.added]).toEqual([1, 2]);
    const legacy = editToModel(JSON.stringify({ file_path: "f", oldText: "k", newText: "" }), null);
    expect([legacy?.removed, legacy?.added]).toEqual([1, 0]);
    expect(editToModel({ path: "f" }, { ok: true })).toBeUndefined();
    expect(editToModel("not json", 42)).toBeUndefined();
    expect(editToModel({ edits: "[oops" }, undefined)).toBeUndefined();
  });
});

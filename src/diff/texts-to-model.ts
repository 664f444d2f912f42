import { structuredPatch } from "diff";
import type { FileDiff } from "./diff-model.js";
import { type RawHunk, rawHunksToModel } from "./unified-patch-to-model.js";

/** One replacement an `edit` call asked for. */
export interface TextEdit {
  oldText: string;
  newText: string;
}

// Myers' diff costs time in proportion to the number of edits; past this many it gives up, and the
// fragment is shown as all-removed then all-added. A limit on edits rather than on time keeps the
// output the same on every machine.
const MAX_EDIT_LENGTH = 5_000;

function editToHunk(edit: TextEdit): RawHunk {
  // Both sides end in a newline: a fragment's last line has none, and without this jsdiff would
  // mark an unchanged last line as removed and added again. An empty side stays empty: no lines.
  const asLines = (text: string) => (text === "" ? "" : `${text}\n`);
  const oldText = asLines(edit.oldText);
  const newText = asLines(edit.newText);
  const patch = structuredPatch("", "", oldText, newText, "", "", {
    context: Number.MAX_SAFE_INTEGER,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  if (patch === undefined) {
    const mark = (marker: string, text: string) =>
      text === "" ? [] : text.split("\n").map((line) => marker + line);
    return { lines: [...mark("-", edit.oldText), ...mark("+", edit.newText)] };
  }
  return { lines: patch.hunks.flatMap((hunk) => hunk.lines) };
}

/**
 * Computes the diff of edits that stored no diff (old Pi `edit` results: `edits: [{oldText,
 * newText}]` or a top-level pair) with jsdiff, one hunk per edit, every line of each fragment shown.
 * Rows carry no line numbers: the texts are fragments, and where they sit in the file is unknown.
 */
export function textsToModel(edits: readonly TextEdit[]): FileDiff {
  const hunks = edits.map((edit) => editToHunk(edit));
  return rawHunksToModel(hunks, { gapBetween: true });
}

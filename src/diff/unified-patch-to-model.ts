import { parsePatch } from "diff";
import { type DiffHunk, type DiffLine, type FileDiff, GAP, toFileDiff } from "./diff-model.js";

/** A hunk as jsdiff describes it: where it starts and its marked lines (`+x`, `-x`, ` x`, `\ ...`). */
export interface RawHunk {
  oldStart?: number;
  newStart?: number;
  lines: readonly string[];
}

/**
 * Turns marked hunk lines into model rows, numbering them from the hunk's starts when known.
 * `\ No newline at end of file` notes are dropped; a line with no known marker is kept as context.
 */
export function rawHunksToModel(rawHunks: readonly RawHunk[], options: { gapBetween: boolean }): FileDiff {
  let nextOld = 1;
  const hunks = rawHunks.map((raw, index): DiffHunk => {
    const lines: DiffLine[] = [];
    const skipped = raw.oldStart === undefined ? index > 0 : raw.oldStart > nextOld && raw.oldStart > 0;
    if (options.gapBetween && skipped) lines.push({ ...GAP });
    let oldLine = raw.oldStart;
    let newLine = raw.newStart;
    for (const marked of raw.lines) {
      const marker = marked[0];
      if (marker === "\\") continue;
      const text = marker === "+" || marker === "-" || marker === " " ? marked.slice(1) : marked;
      const line: DiffLine = { kind: marker === "+" ? "add" : marker === "-" ? "del" : "context", text };
      if (line.kind !== "add" && oldLine !== undefined) line.oldLine = oldLine++;
      if (line.kind !== "del" && newLine !== undefined) line.newLine = newLine++;
      lines.push(line);
    }
    if (oldLine !== undefined) nextOld = oldLine;
    return { lines };
  });
  return toFileDiff(hunks);
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;
const FILE_HEADER =
  /^(?:diff |index |Index: |={3,}|--- |\+\+\+ |new file mode|deleted file mode|similarity |rename )/;

// For patches jsdiff rejects (hand-edited counts, cut short): read what is there line by line.
function lenientHunks(patch: string): RawHunk[] {
  const hunks: RawHunk[] = [];
  let current: RawHunk & { lines: string[] } = { lines: [] };
  for (const line of patch.split("\n")) {
    const header = HUNK_HEADER.exec(line);
    if (header !== null) {
      if (current.lines.length > 0) hunks.push(current);
      current = { oldStart: Number(header[1]), newStart: Number(header[2]), lines: [] };
    } else if (!(current.oldStart === undefined && FILE_HEADER.test(line))) {
      current.lines.push(line);
    }
  }
  if (current.lines.length > 0) hunks.push(current);
  return hunks;
}

/**
 * Parses a unified diff (the `details.patch` of newer Pi `edit` results: `---`/`+++` headers, `@@`
 * hunks) into the diff model with line numbers from its hunk headers. Uses jsdiff's `parsePatch`;
 * a patch it rejects, or in which it finds no hunk, is read leniently line by line instead, so no
 * line is lost. Several files in one patch become one model, hunks in order. Never throws.
 */
export function unifiedPatchToModel(patch: string): FileDiff {
  const text = (typeof patch === "string" ? patch : "").replace(/\n$/, "");
  let hunks: RawHunk[] = [];
  try {
    hunks = parsePatch(text).flatMap((file) => file.hunks);
  } catch {
    hunks = [];
  }
  if (hunks.length === 0 && text.trim() !== "") hunks = lenientHunks(text);
  return rawHunksToModel(hunks, { gapBetween: true });
}

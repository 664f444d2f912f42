import type { DiffHunk, DiffLine, FileDiff } from "../../diff/diff-model.js";

const MARKERS: Readonly<Record<Exclude<DiffLine["kind"], "gap">, string>> = {
  add: "+",
  del: "-",
  context: " ",
};

/** Rows up to the first gap inside the hunk: the lines its header's numbers and counts describe. */
function headedRows(hunk: DiffHunk): DiffLine[] {
  const start = hunk.lines[0]?.kind === "gap" ? 1 : 0;
  const end = hunk.lines.findIndex((line, at) => at >= start && line.kind === "gap");
  return hunk.lines.slice(start, end === -1 ? undefined : end);
}

/**
 * `@@ -old,count +new,count @@` where the hunk's first line numbers are known (the counts are its old
 * and new lines, as `patch` reads them), `@@ … @@` where only a gap is.
 */
function hunkHeader(hunk: DiffHunk, first: boolean): string | null {
  const rows = headedRows(hunk);
  const old = rows.find((line) => line.kind === "del" || line.kind === "context")?.oldLine;
  const now = rows.find((line) => line.kind === "add" || line.kind === "context")?.newLine;
  const oldCount = rows.filter((line) => line.kind !== "add").length;
  const newCount = rows.filter((line) => line.kind !== "del").length;
  if (old !== undefined || now !== undefined)
    return `@@ -${old ?? 0},${oldCount} +${now ?? 0},${newCount} @@`;
  return first && hunk.lines[0]?.kind !== "gap" ? null : "@@ … @@";
}

/**
 * A diff as the text of a ```diff fence: `+`, `-` and ` ` lines, each hunk opened by a `@@ -old +new @@`
 * line when its line numbers are known, and skipped lines marked `@@ … @@` when they are not.
 */
export function diffToText(diff: FileDiff): string {
  const lines: string[] = [];
  diff.hunks.forEach((hunk, index) => {
    const header = hunkHeader(hunk, index === 0);
    if (header !== null) lines.push(header);
    hunk.lines.forEach((line, at) => {
      if (line.kind !== "gap") lines.push(`${MARKERS[line.kind]}${line.text}`);
      // A gap opening the hunk is what its header stands for; one inside it is marked where it is.
      else if (at > 0) lines.push("@@ … @@");
    });
  });
  return lines.join("\n");
}

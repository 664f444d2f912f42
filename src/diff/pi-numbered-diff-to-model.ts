import { type DiffHunk, type DiffLine, type FileDiff, GAP, toFileDiff } from "./diff-model.js";

// Pi's edit tool: `<+|-| ><padded line number> <text>`, a gap as the marker, padding and `...`.
const PI_LINE = /^([+\- ]) *(\d+)(?: (.*))?$/s;
const PI_GAP = /^ +\.\.\.$/;
// The hashline variant some Pi forks write: `<+|-| ><line number>|<text>`, a gap as ` <n>|...`.
const PIPE_LINE = /^([+\- ])(\d+)\|(.*)$/s;

type Marker = "+" | "-" | " ";
interface Row {
  kind: DiffLine["kind"];
  number?: number;
  text: string;
}

const KIND: Record<Marker, DiffLine["kind"]> = { "+": "add", "-": "del", " ": "context" };

function parseRows(diff: string): Row[] {
  // A trailing newline ends the last line; it does not start an empty one.
  const lines = diff === "" ? [] : diff.replace(/\n$/, "").split("\n");
  const rows: Row[] = lines.map((line) => {
    if (PI_GAP.test(line)) return { kind: "gap", text: "" };
    const match = PI_LINE.exec(line) ?? PIPE_LINE.exec(line);
    if (match === null) return { kind: "context", text: line };
    return { kind: KIND[match[1] as Marker], number: Number(match[2]), text: match[3] ?? "" };
  });
  // ` 8|...` is a gap unless the next line continues the numbering (then it is a line reading "...").
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    const isPipeGap = row.kind === "context" && row.text === "..." && PIPE_LINE.test(lines[index] ?? "");
    if (isPipeGap && (next?.number === undefined || next.number !== (row.number ?? 0) + 1)) {
      rows[index] = { kind: "gap", text: "" };
    }
  });
  return rows;
}

// Where the hunk's first row sits in the old and new file. Removed lines carry old numbers and added
// lines new ones, reliably; context lines carry old numbers, except that older Pi versions numbered
// the context after a gap from 1. So: anchor on a removed line, else an added line (shifted by the
// lines added minus removed so far: Pi's diff shows every change in the file), else the last context
// line (the trailing context was always right).
function hunkStarts(rows: Row[], delta: number): { oldStart?: number; newStart?: number } {
  let oldSeen = 0;
  let newSeen = 0;
  let fromDel: number | undefined;
  let fromAdd: number | undefined;
  let fromContext: number | undefined;
  for (const row of rows) {
    if (row.number !== undefined) {
      if (row.kind === "del") fromDel ??= row.number - oldSeen;
      if (row.kind === "add") fromAdd ??= row.number - newSeen;
      if (row.kind === "context") fromContext = row.number - oldSeen;
    }
    if (row.kind !== "add") oldSeen += 1;
    if (row.kind !== "del") newSeen += 1;
  }
  const oldStart = fromDel ?? (fromAdd === undefined ? fromContext : fromAdd - delta);
  const newStart = fromAdd ?? (oldStart === undefined ? undefined : oldStart + delta);
  return { oldStart, newStart };
}

function numberHunk(rows: Row[], delta: number): DiffLine[] {
  const { oldStart, newStart } = hunkStarts(rows, delta);
  let oldLine = oldStart ?? Number.NaN;
  let newLine = newStart ?? Number.NaN;
  // A computed number below 1 means the input contradicts itself: show what it printed instead.
  const valid = (computed: number, printed: number | undefined) => (computed >= 1 ? computed : printed);
  return rows.map((row): DiffLine => {
    const line: DiffLine = { kind: row.kind, text: row.text };
    if (row.kind !== "add") {
      const value = valid(oldLine, row.number);
      if (value !== undefined) line.oldLine = value;
      oldLine += 1;
    }
    if (row.kind !== "del") {
      const value = valid(newLine, row.kind === "add" ? row.number : undefined);
      if (value !== undefined) line.newLine = value;
      newLine += 1;
    }
    return line;
  });
}

/**
 * Parses the numbered diff Pi's `edit` tool stores in `details.diff` (each line
 * `<+|-| ><lineNo> <text>`, padded numbers, gaps as `...`; also the `<n>|<text>` variant) into the
 * diff model, with old and new line numbers worked out for every row. Never throws: a line it
 * cannot read becomes a context row holding the line as written.
 */
export function piNumberedDiffToModel(diff: string): FileDiff {
  const hunks: DiffHunk[] = [];
  let rows: Row[] = [];
  let gapBefore = false;
  let delta = 0;
  const closeHunk = () => {
    if (rows.length === 0) return;
    hunks.push({ lines: [...(gapBefore ? [{ ...GAP }] : []), ...numberHunk(rows, delta)] });
    for (const row of rows) delta += row.kind === "add" ? 1 : row.kind === "del" ? -1 : 0;
    rows = [];
    gapBefore = false;
  };
  for (const row of parseRows(typeof diff === "string" ? diff : "")) {
    if (row.kind === "gap") {
      closeHunk();
      gapBefore = true;
    } else {
      rows.push(row);
    }
  }
  closeHunk();
  const last = hunks[hunks.length - 1];
  if (gapBefore && last !== undefined) last.lines.push({ ...GAP });
  return toFileDiff(hunks);
}

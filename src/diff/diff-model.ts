/** What one row of a diff is: an added, removed or unchanged line, or a marker for skipped lines. */
export type DiffLineKind = "add" | "del" | "context" | "gap";

/** One row of a diff. */
export interface DiffLine {
  kind: DiffLineKind;
  /** Line number in the old file (context and removed lines), when known. */
  oldLine?: number;
  /** Line number in the new file (context and added lines), when known. */
  newLine?: number;
  /** The line's text, without its marker or newline ('' for a gap). */
  text: string;
}

/** A run of rows shown together; a hunk after skipped lines starts with a gap row. */
export interface DiffHunk {
  lines: DiffLine[];
}

/** The one diff model every source (Pi's numbered diff, a unified patch, old/new texts) becomes. */
export interface FileDiff {
  hunks: DiffHunk[];
  /** Number of added lines. */
  added: number;
  /** Number of removed lines. */
  removed: number;
}

/** Builds a `FileDiff` from its hunks, counting added and removed lines; drops hunks with no rows. */
export function toFileDiff(hunks: DiffHunk[]): FileDiff {
  const kept = hunks.filter((hunk) => hunk.lines.length > 0);
  let added = 0;
  let removed = 0;
  for (const hunk of kept) {
    for (const line of hunk.lines) {
      if (line.kind === "add") added += 1;
      else if (line.kind === "del") removed += 1;
    }
  }
  return { hunks: kept, added, removed };
}

/** A gap row: lines of the file were skipped here. */
export const GAP: Readonly<DiffLine> = Object.freeze({ kind: "gap", text: "" });

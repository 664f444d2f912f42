import type { Problem, ProblemCode, ProblemDetails, ProblemKind } from "./problem.js";

/**
 * How a problem's sentence names its line: `line 4: …`, `line 4 …`, or not at all (the problem may still
 * have a line, e.g. the header's).
 */
type LineName = ": " | " " | null;

interface Wording<Code extends ProblemCode> {
  lineName: LineName;
  /** The sentence after the line's name. */
  text: (detail: ProblemDetails[Code], line: number | null) => string;
}

/** The end of a skipped line's sentence: skipped, or kept as a placeholder for the entries after it. */
function skipped(detail: { placeholder?: string }): string {
  return detail.placeholder === undefined
    ? "; skipped"
    : `; its id "${detail.placeholder}" and parent were read from the text, and it is kept as a placeholder so the entries after it stay in order`;
}

function describeLines(lines: readonly (number | undefined)[]): string {
  const shown = lines.slice(0, 8).join(", ");
  return lines.length > 8 ? `lines ${shown}, … (${lines.length} entries)` : `lines ${shown}`;
}

/** Every code's words, in one table: a new code without a line here fails to compile. */
const WORDING: { [Code in ProblemCode]: Wording<Code> } = {
  "nul-line": {
    lineName: " ",
    text: () => "holds only NUL bytes (space kept for text a crash never wrote); skipped",
  },
  "not-utf8": { lineName: " ", text: () => "holds bytes that are not UTF-8; they are shown as �" },
  "not-an-object": { lineName: " ", text: ({ value }) => `holds ${value}, not an entry object; skipped` },
  "bad-escape": {
    lineName: " ",
    text: (detail) =>
      `holds an escape JSON does not allow (${detail.escape}…, as a redaction can leave); read with that backslash kept as text`,
  },
  "cut-off": {
    lineName: " ",
    text: (detail) =>
      `is cut off mid-entry (the writer probably stopped before finishing it)${skipped(detail)}`,
  },
  "not-json": { lineName: " ", text: (detail) => `is not valid JSON (${detail.error})${skipped(detail)}` },
  glued: {
    lineName: " ",
    text: ({ entries }) => `held ${entries} entries glued together (a lost newline); all ${entries} kept`,
  },
  "glued-parts-lost": {
    lineName: " ",
    text: ({ kept, lost }) =>
      `held ${kept + lost.length} glued parts: kept ${kept} ${kept === 1 ? "entry" : "entries"}, skipped ${lost.join(" and ")}`,
  },
  "glued-header": {
    lineName: " ",
    text: ({ entries }) => `held the header and ${entries} more entries glued together; all kept`,
  },
  "nested-too-deep": {
    lineName: " ",
    text: ({ limit, values }) =>
      `nests deeper than ${limit} levels: ${values === 1 ? "the value" : `${values} values`} below that level ${values === 1 ? "is" : "are"} kept as JSON text`,
  },
  "header-not-first": {
    lineName: " ",
    text: ({ belongsOn }) => `is the session header, which belongs on line ${belongsOn}; read as the header`,
  },
  "no-header": {
    lineName: null,
    text: ({ firstLineRead }, line) =>
      `the file has no session header (line ${line} ${
        firstLineRead ? "is an entry" : "could not be read"
      }); read without one: the session's id, start and folder are unknown`,
  },
  "v4-operations": {
    lineName: null,
    text: ({ counts }) =>
      `a version 4 file, written by a host built on Pi's agent core: its operation records (${counts
        .map(({ type, count }) => `${count} ${type}`)
        .join(", ")}) are the host's log of how it ran, not the conversation; not shown`,
  },
  "v4-leaf-missing": {
    lineName: null,
    text: ({ lane, leaf }) =>
      `the ${lane} lane's leaf "${leaf}" is no entry in the file; the report opens at the last entry instead`,
  },
  "v4-unnamed-lane": { lineName: ": ", text: () => "a lane line without a lane name; skipped" },
  "v4-unknown-fact": {
    lineName: ": ",
    text: ({ fact }) => `a fact line of no known fact (${JSON.stringify(fact)}); skipped`,
  },
  "v4-unknown-kind": {
    lineName: ": ",
    text: ({ kind }) => `a line of kind ${JSON.stringify(kind)}, which version 4 does not have; skipped`,
  },
  "version-text": {
    lineName: null,
    text: ({ stored, readAs }) =>
      `the header's version ${JSON.stringify(stored)} is text, not a number; read as version ${readAs}`,
  },
  "version-newer": {
    lineName: null,
    text: ({ version, current }) =>
      `the header says version ${version}, newer than ${current}; read as version ${current}`,
  },
  "version-unreadable": {
    lineName: null,
    text: ({ stored, readAs }) =>
      `the header's version ${JSON.stringify(stored)} is not a number; read as version ${readAs}, as its entries are`,
  },
  "no-usable-id": {
    lineName: ": ",
    text: ({ stored, calledIt }) =>
      `entry has no usable id (${JSON.stringify(stored) ?? "missing"}); called it "${calledIt}"`,
  },
  "bad-parent-id": {
    lineName: ": ",
    text: ({ stored }) => `parentId ${JSON.stringify(stored)} is not an id; treated as a root`,
  },
  "v1-keeps-lost-entry": {
    lineName: ": ",
    text: ({ index }) =>
      `compaction keeps from index ${index}, an entry on a line that could not be read; kept from the next one`,
  },
  "v1-keeps-no-entry": {
    lineName: ": ",
    text: ({ index }) =>
      `compaction keeps from index ${String(index)}, which is no entry; nothing before it is kept`,
  },
  "joined-across-lost-line": {
    lineName: ": ",
    text: ({ parentId, lostLine, joinedTo }) =>
      `parent "${parentId}" is not in the file, most likely on line ${lostLine}, which could not be read; joined to the entry before that line (line ${joinedTo}) so the conversation stays in order`,
  },
  "second-header": {
    lineName: ": ",
    text: () =>
      "a second session header (two sessions joined into one file?); the entries after it are read as this session's, and the header is kept and shown as stored",
  },
  "entry-kept-as-stored": { lineName: ": ", text: ({ reason }) => `${reason}; kept and shown as stored` },
  "v1-first-kept-index": {
    lineName: ": ",
    text: () => "compaction has firstKeptEntryIndex, which only version 1 files use; ignored as Pi does",
  },
  "header-field-type": {
    lineName: ": ",
    text: ({ key, value }) => `the header's ${key} ${JSON.stringify(value)} has the wrong type; ignored`,
  },
  "duplicate-id": {
    lineName: ": ",
    text: ({ id, alsoOn }) =>
      `id "${id}" is also used on line ${alsoOn}; links to it go to the nearest one before them`,
  },
  "own-parent": { lineName: ": ", text: () => "entry is its own parent; treated as a root" },
  "missing-parent": {
    lineName: ": ",
    text: ({ parentId }) => `parent "${parentId}" is not in the file; this entry starts a separate root`,
  },
  "parent-loop": {
    lineName: ": ",
    text: ({ lines }) =>
      `parent links loop through ${describeLines(lines)}; the loop is cut here and this entry treated as a root`,
  },
  "usage-unreadable": { lineName: ": ", text: ({ issue }) => issue },
  "subagent-usage-unreadable": { lineName: ": ", text: ({ issue }) => `sub-agent ${issue}` },
  "subagent-files-over-limit": {
    lineName: null,
    text: ({ limit, files }) =>
      `${files} more sub-agent session ${files === 1 ? "file was" : "files were"} not read: a report reads at most ${limit}; their runs count what their parent recorded`,
  },
  "subagent-file-loop": {
    lineName: null,
    text: ({ runs }) =>
      `${runs} sub-agent ${runs === 1 ? "run names a session file" : "runs name session files"} already being read above ${runs === 1 ? "it" : "them"} (a loop); not read again, so ${runs === 1 ? "it counts" : "they count"} what ${runs === 1 ? "its parent" : "their parents"} recorded`,
  },
};

function wordingOf<Code extends ProblemCode>(problem: Problem & { code: Code }): Wording<Code> {
  return WORDING[problem.code] as Wording<Code>;
}

/**
 * What a problem says after the name of its line, for a list that shows the line before it (the HTML and
 * Markdown reports' headers): `parent "x" is not in the file; …`.
 */
export function problemText(problem: Problem): string {
  const wording = wordingOf(problem);
  return wording.text(problem.detail as never, problem.line);
}

/** The whole sentence of a problem, its line named first where it concerns one: `line 6: parent "x" …`. */
export function problemSentence(problem: Problem): string {
  const { lineName } = wordingOf(problem);
  const text = problemText(problem);
  return lineName === null ? text : `line ${problem.line}${lineName}${text}`;
}

/** A problem as the reports list it: where, what kind, and its sentence. */
export interface WordedProblem {
  line: number | null;
  kind: ProblemKind;
  message: string;
}

/** The problem as the JSON report lists it: its whole sentence, line named. */
export function wordedProblem(problem: Problem): WordedProblem {
  return { line: problem.line, kind: problem.kind, message: problemSentence(problem) };
}

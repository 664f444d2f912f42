import type { DiffLine, FileDiff } from "../../../diff/diff-model.js";
import { readableOn } from "../contrast.js";
import { escapeHtml } from "../escape.js";
import type { HighlightBudget } from "../highlight/budget.js";
import { highlightGroup } from "../highlight/code-to-lines.js";
import { resolveLanguage } from "../highlight/languages.js";
import { CODE_BACKGROUNDS, CODE_BLOCK_CLASS } from "../highlight/theme-classes.js";
import { plainLines } from "../highlight/tokens-to-html.js";

/** Options for `diffToHtml`. */
export interface DiffHtmlOptions {
  /** The file's language (a shiki id or alias, e.g. from `languageFromPath`); unknown: plain text. */
  language: string | undefined;
  /** The report's highlight budget; a diff spends from it at 'diff' priority, both sides at once. */
  budget: HighlightBudget;
}

const ROW_CLASS: Record<DiffLine["kind"], string> = {
  add: "diff-add",
  del: "diff-del",
  context: "diff-context",
  gap: "diff-gap",
};
const SIGN: Record<DiffLine["kind"], string> = { add: "+", del: "-", context: " ", gap: "" };

// The old side is the context and removed lines in order, the new side the context and added lines:
// highlighting each side as one text lets a comment or string that spans lines colour right.
function sides(rows: readonly DiffLine[]): { old: string[]; new: string[] } {
  return {
    old: rows.filter((row) => row.kind === "context" || row.kind === "del").map((row) => row.text),
    new: rows.filter((row) => row.kind === "context" || row.kind === "add").map((row) => row.text),
  };
}

async function highlightSides(rows: readonly DiffLine[], options: DiffHtmlOptions) {
  const text = sides(rows);
  const oldCode = text.old.join("\n");
  const newCode = text.new.join("\n");
  const plain = { old: plainLines(oldCode), new: plainLines(newCode) };
  const id = resolveLanguage(options.language);
  // Both sides or neither: a diff coloured on one side only would read as a rendering fault.
  if (id === undefined || !options.budget.allows("diff", oldCode.length + newCode.length)) return plain;
  options.budget.spend("diff", id, oldCode);
  options.budget.spend("diff", id, newCode);
  const [oldLines, newLines] = (await highlightGroup([oldCode, newCode], id, options.budget)) ?? [];
  return oldLines === undefined || newLines === undefined ? plain : { old: oldLines, new: newLines };
}

/**
 * Renders the diff model as a finished HTML table: one row per line with old and new line numbers,
 * a +/- sign, and the code, highlighted in the file's language at 'diff' priority (plain escaped
 * text past the budget). Rows have the class `diff-add`, `diff-del`, `diff-context` or `diff-gap`;
 * the four cells have none: the stylesheet tells them apart by position, which keeps a long diff's
 * markup about a fifth smaller (a row's cell classes were ~55 bytes, often more than its code).
 * Style them with `diffStylesheet()`. Never rejects.
 */
export async function diffToHtml(diff: FileDiff, options: DiffHtmlOptions): Promise<string> {
  const rows = diff.hunks.flatMap((hunk) => hunk.lines);
  const code = await highlightSides(rows, options);
  let oldIndex = 0;
  let newIndex = 0;
  const body = rows.map((row) => {
    let html = "";
    if (row.kind === "del" || row.kind === "context") html = code.old[oldIndex++] ?? "";
    if (row.kind === "add" || row.kind === "context") html = code.new[newIndex++] ?? "";
    if (row.kind === "gap") html = "⋯";
    return (
      `<tr class="${ROW_CLASS[row.kind]}">` +
      `<td>${row.oldLine === undefined ? "" : escapeHtml(String(row.oldLine))}</td>` +
      `<td>${row.newLine === undefined ? "" : escapeHtml(String(row.newLine))}</td>` +
      `<td>${SIGN[row.kind]}</td>` +
      `<td>${html}</td>` +
      "</tr>"
    );
  });
  return `<table class="diff ${CODE_BLOCK_CLASS}"><tbody>${body.join("\n")}</tbody></table>`;
}

/** A diff's rows: the code's own background, added, removed. */
const ROWS = CODE_BACKGROUNDS;

/**
 * Line numbers, signs and the gap mark: GitHub's quiet grey for them, moved only as far as it needs to
 * read at AA on every row (a fixed opacity took them under it on white).
 */
const QUIET = {
  light: readableOn("#6e7781", ROWS.light, "darker"),
  dark: readableOn("#6e7681", ROWS.dark, "lighter"),
};

/** CSS for `diffToHtml` tables: row colours light by default, dark under `prefers-color-scheme: dark`. */
export function diffStylesheet(): string {
  const quiet = ".diff td:nth-child(-n+3),.diff-gap td";
  return (
    ".diff{border-collapse:collapse;width:100%;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}" +
    ".diff td{padding:0 .5em;vertical-align:top}" +
    // Cells by position: old line number, new line number, sign, code.
    ".diff td:nth-child(4){white-space:pre-wrap;overflow-wrap:anywhere;width:100%}" +
    ".diff td:nth-child(-n+3){text-align:right;user-select:none;white-space:nowrap}" +
    `${quiet}{color:${QUIET.light}}` +
    `.diff-add{background-color:${ROWS.light[1]}}.diff-del{background-color:${ROWS.light[2]}}` +
    ".diff-gap td{text-align:center}\n" +
    `@media (prefers-color-scheme: dark){${quiet}{color:${QUIET.dark}}.diff-add{background-color:${ROWS.dark[1]}}.diff-del{background-color:${ROWS.dark[2]}}}\n`
  );
}

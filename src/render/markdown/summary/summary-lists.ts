/**
 * The summary's sections, each serialized for a given number of items, with a note of what it left
 * out when that is fewer than it has.
 */
import type { PhrasingContent, RootContent } from "mdast";
import { cutWhole, formatInteger, formatTokens } from "../../../view/format.js";
import { promptCallsText, promptCostText, promptCount } from "../../../view/prompt-figures.js";
import type { ReportView } from "../../../view/report-view.js";
import { plural, SESSION_HEADING_OFFSET } from "../markdown-context.js";
import {
  blockquote,
  code,
  details,
  emphasis,
  list,
  paragraph,
  stringify,
  strong,
  table,
  text,
} from "../mdast.js";
import { branchItems } from "../overview-markdown.js";
import { sessionMarkdown } from "../session-markdown.js";
import type { CommandRun, FileChange, SessionFacts, Where } from "./collect-facts.js";
import { GITHUB_COMMENT_LIMIT } from "./fit-summary.js";
import { promptsLeftOut, rowLists, rowsWithin } from "./prompt-rows.js";
import { toolCountsText } from "./tool-counts.js";

/** The typed prompt is shown up to this many characters; the full report has the rest. */
const ASKED_MAX = 2000;
/** Commands and messages are shown up to this many characters of their first line. */
const LINE_MAX = 200;

/** The note under a trimmed list: how many items it left out, and why. */
function leftOut(count: number, shown: number, what: [string, string]): RootContent {
  const items = plural(
    count,
    `${shown > 0 ? "more " : ""}${what[0]}`,
    `${shown > 0 ? "more " : ""}${what[1]}`,
  );
  return paragraph(
    emphasis(
      text(
        `${items} left out to stay within GitHub's ${formatInteger(GITHUB_COMMENT_LIMIT)}-character comment limit; the full report (pi-report --format md) has every one.`,
      ),
    ),
  );
}

/** " · abandoned branch" after an item not on the active branch. */
export function whereNote(where: Where): PhrasingContent[] {
  return where === "active" ? [] : [text(" · "), emphasis(text(where))];
}

/** A text's first line, cut, with "…" when more lines follow. */
export function headLine(value: string, max = LINE_MAX): string {
  const lines = value.trim().split("\n");
  const first = cutWhole(lines[0] ?? "", max);
  return first.length < (lines[0] ?? "").length || lines.length > 1 ? `${first} …` : first;
}

/**
 * A command as one line: the command, whether it failed (and how many times, when identical runs are
 * counted as one) and why, who ran it, where.
 */
export function commandItem(run: CommandRun, lineMax = LINE_MAX, times = 1): PhrasingContent[] {
  const item: PhrasingContent[] = [code(headLine(run.command, lineMax))];
  if (run.failed) item.push(text(" · "), strong(text("failed")));
  if (times > 1) item.push(text(` ×${formatInteger(times)}`));
  if (run.note !== null) item.push(text(` (${run.note})`));
  if (run.byUser) item.push(text(" · run by the user with !"));
  if (run.via !== null) item.push(text(" · from a "), code(run.via), text(" call"));
  return [...item, ...whereNote(run.where)];
}

/** What was asked: the first typed prompt (cut past 2,000 characters), and how many prompts followed. */
export function askedBlocks(facts: SessionFacts): string | null {
  const prompt = facts.firstPrompt;
  if (prompt === null) return null;
  const blocks: RootContent[] = [];
  if (prompt.skill !== null) {
    blocks.push(
      paragraph(
        text("Skill "),
        code(prompt.skill.name),
        text(" (its text was pasted into the prompt; the full report has it)"),
      ),
    );
  }
  const typed = prompt.text.trim();
  if (typed !== "") {
    // Cut at a line break when one is near the limit, so a paragraph is not split mid-word.
    const lineEnd = typed.lastIndexOf("\n", ASKED_MAX);
    const cut =
      typed.length > ASKED_MAX ? cutWhole(typed, lineEnd >= ASKED_MAX / 2 ? lineEnd : ASKED_MAX) : typed;
    blocks.push(blockquote(...sessionMarkdown(cut, SESSION_HEADING_OFFSET)));
    const more = typed.length - cut.length;
    if (more > 0)
      blocks.push(
        paragraph(
          emphasis(text(`… ${plural(more, "more character", "more characters")} in the full report.`)),
        ),
      );
  }
  const others = promptCount(facts.outline.map((item) => item.row)) - 1;
  if (others > 0)
    // Not "outlined below": a summary too long for GitHub leaves the outline out first.
    blocks.push(paragraph(text(`Then ${plural(others, "more prompt", "more prompts")}.`)));
  return blocks.length === 0 ? null : stringify(blocks);
}

/** A file's calls in words: "4 edits, 1 write, 1 failed". */
export function fileCallsText(file: FileChange): string {
  return [
    file.edits > 0 ? plural(file.edits, "edit", "edits") : null,
    file.writes > 0 ? plural(file.writes, "write", "writes") : null,
    file.failed > 0 ? `${formatInteger(file.failed)} failed` : null,
    file.noResult > 0 ? `${formatInteger(file.noResult)} with no result recorded` : null,
    file.uncounted > 0 ? `${formatInteger(file.uncounted)} without a diff` : null,
  ]
    .filter((part) => part !== null)
    .join(", ");
}

/**
 * A file's lines added and removed: its edits' lines and the latest write's (a write replaces the file:
 * three writes of 100 lines are +100).
 */
export function fileLinesText(file: FileChange): string {
  return `+${formatInteger(file.added + file.written)} −${formatInteger(file.removed)}`;
}

/** Files changed: a table of path, calls and lines added and removed. */
export function filesList(facts: SessionFacts, limit: number): string {
  const rows = facts.files
    .slice(0, limit)
    .map((file) => [code(file.path), text(fileCallsText(file)), text(fileLinesText(file))]);
  const blocks: RootContent[] =
    limit > 0 ? [table(["File", "Calls", "Lines"], rows, [null, null, "right"])] : [];
  if (facts.files.length > limit) blocks.push(leftOut(facts.files.length - limit, limit, ["file", "files"]));
  return stringify(blocks);
}

/** Commands shown open in the summary; more are folded, so that a long session's comment stays short. */
const COMMANDS_OPEN = 10;

/** Commands run, in order, failures flagged; folded past `COMMANDS_OPEN`. */
export function commandsList(facts: SessionFacts, limit: number): string {
  const { commands } = facts;
  const shown = Math.min(limit, commands.length);
  const listed = list(
    false,
    commands.slice(0, limit).map((run) => commandItem(run)),
  );
  const blocks: RootContent[] =
    shown === 0
      ? []
      : shown > COMMANDS_OPEN
        ? details(`The ${formatInteger(shown)} commands`, [listed])
        : [listed];
  if (commands.length > limit) {
    const failed = commands.slice(limit).filter((run) => run.failed).length;
    blocks.push(
      leftOut(commands.length - limit, limit, [
        "command",
        `commands${failed > 0 ? ` (${formatInteger(failed)} failed)` : ""}`,
      ]),
    );
  }
  return stringify(blocks);
}

/** Error and aborted turns, with when and why. */
export function errorsList(facts: SessionFacts, limit: number): string {
  const { errors } = facts;
  const items = errors
    .slice(0, limit)
    .map((error): PhrasingContent[] => [
      strong(text(error.kind === "aborted" ? "Aborted" : "Error")),
      ...(error.time === null ? [] : [text(` at ${error.time}`)]),
      ...(error.message ? [text(": "), text(headLine(error.message))] : []),
      text(" ("),
      code(error.id),
      text(")"),
      ...whereNote(error.where),
    ]);
  const blocks: RootContent[] = limit > 0 ? [list(false, items)] : [];
  if (errors.length > limit) blocks.push(leftOut(errors.length - limit, limit, ["error", "errors"]));
  return stringify(blocks);
}

/** Branches and compactions, one line each. */
export function historyList(view: ReportView, facts: SessionFacts, limit: number): string | null {
  const branches = view.branches.length > 1 ? branchItems(view.branches) : [];
  const compactions = facts.compactions.map((compaction): PhrasingContent[] => [
    text("Compaction "),
    code(compaction.id),
    ...(compaction.time === null ? [] : [text(` at ${compaction.time}`)]),
    ...(compaction.tokensBefore
      ? [text(`: summarised ${formatTokens(compaction.tokensBefore)} tokens of context`)]
      : []),
    ...whereNote(compaction.where),
  ]);
  const items = [...branches, ...compactions];
  if (items.length === 0) return null;
  const blocks: RootContent[] = limit > 0 ? [list(false, items.slice(0, limit))] : [];
  if (items.length > limit)
    blocks.push(leftOut(items.length - limit, limit, ["branch or compaction", "branches and compactions"]));
  return stringify(blocks);
}

/**
 * The active branch prompt by prompt: what was typed, then what the model did and what it cost, with the
 * prompt index's numbers, calls and cost; the usage that belongs to no prompt in rows of its own.
 */
export function outlineList(facts: SessionFacts, limit: number): string {
  const { outline } = facts;
  const blocks = rowLists(rowsWithin(outline, limit), (item): PhrasingContent[] => {
    const parts = [promptCallsText(item.row)];
    if (item.tools.size > 0) parts.push(toolCountsText(item.tools));
    if (item.failedTools > 0) parts.push(`${formatInteger(item.failedTools)} failed`);
    if (item.errors > 0) parts.push(plural(item.errors, "error", "errors"));
    if (item.compactions > 0) parts.push("compacted");
    parts.push(promptCostText(item.row));
    return [text(item.prompt), text(" — "), emphasis(text(parts.join(" · ")))];
  });
  const left = promptsLeftOut(outline, limit);
  if (left > 0) blocks.push(leftOut(left, limit, ["prompt", "prompts"]));
  return stringify(blocks);
}

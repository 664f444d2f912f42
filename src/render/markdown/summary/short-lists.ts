/**
 * The lists of the short summary, each serialized for a given number of items, with a note of how many
 * it did not show: what a reviewer reads on one screen, with `--summary=full` one flag away.
 */
import type { PhrasingContent, RootContent } from "mdast";
import { firstLine, formatInteger } from "../../../view/format.js";
import { promptCallsText, promptCostText } from "../../../view/prompt-figures.js";
import { plural } from "../markdown-context.js";
import { code, emphasis, list, paragraph, stringify, strong, text } from "../mdast.js";
import type { CommandRun, PromptOutline, SessionFacts, TurnError } from "./collect-facts.js";
import { promptsLeftOut, rowLists, rowsWithin } from "./prompt-rows.js";
import { commandItem, fileCallsText, fileLinesText, headLine, whereNote } from "./summary-lists.js";

/** Successful commands shown beside the failed ones: the last this many (the checks before the end). */
export const RECENT_COMMANDS = 10;
/** Commands and error messages are shown up to this many characters of their first line. */
const LINE_MAX = 100;
/** Prompts are shown up to this many characters of their first line. */
const PROMPT_MAX = 80;

/** An item once, with how many identical ones it stands for. */
export interface Counted<T> {
  item: T;
  count: number;
}

/** Items equal by `key` once each, in order of first appearance, with how many times each came. */
export function countRepeats<T>(items: Iterable<T>, key: (item: T) => string): Counted<T>[] {
  const byKey = new Map<string, Counted<T>>();
  for (const item of items) {
    const name = key(item);
    const seen = byKey.get(name);
    if (seen === undefined) byKey.set(name, { item, count: 1 });
    else seen.count += 1;
  }
  return [...byKey.values()];
}

/** The note under a list that shows fewer items than it has. */
function notShown(count: number, what: [string, string], detail = ""): RootContent {
  return paragraph(
    emphasis(
      text(`${plural(count, `more ${what[0]}`, `more ${what[1]}`)}${detail} not shown; `),
      code("pi-report --summary=full"),
      text(" lists every one."),
    ),
  );
}

const commandKey = (run: CommandRun) =>
  JSON.stringify([run.command, run.note, run.byUser, run.via, run.where]);

/**
 * The commands the short summary lists, in the order they ran: every failed one (identical failures once,
 * counted) and the last `recent` that did not fail.
 */
export function shortCommands(
  commands: readonly CommandRun[],
  recent = RECENT_COMMANDS,
): Counted<CommandRun>[] {
  const succeeded = commands.filter((run) => !run.failed);
  const lastOnes = new Set(succeeded.slice(Math.max(0, succeeded.length - recent)));
  const failures = new Map<string, Counted<CommandRun>>();
  const shown: Counted<CommandRun>[] = [];
  for (const run of commands) {
    if (!run.failed) {
      if (lastOnes.has(run)) shown.push({ item: run, count: 1 });
      continue;
    }
    const key = commandKey(run);
    const seen = failures.get(key);
    if (seen !== undefined) seen.count += 1;
    else {
      const counted = { item: run, count: 1 };
      failures.set(key, counted);
      shown.push(counted);
    }
  }
  return shown;
}

/**
 * At most `limit` of the selected commands (`shortCommands`), in the order they ran: the failed ones
 * first, then the latest of the others.
 */
export function keptCommands(selected: readonly Counted<CommandRun>[], limit: number): Counted<CommandRun>[] {
  const failed = selected.filter(({ item }) => item.failed).slice(0, limit);
  const others = selected.filter(({ item }) => !item.failed);
  const kept = new Set([...failed, ...others.slice(Math.max(0, others.length - (limit - failed.length)))]);
  return selected.filter((command) => kept.has(command));
}

/** The kept commands (`keptCommands`), with how many runs the rest are and how many of them failed. */
export function shortCommandsList(facts: SessionFacts, limit: number): string {
  const shown = keptCommands(shortCommands(facts.commands), limit);
  const blocks: RootContent[] =
    shown.length === 0
      ? []
      : [
          list(
            false,
            shown.map(({ item, count }) => commandItem(item, LINE_MAX, count)),
          ),
        ];
  const runs = shown.reduce((sum, { count }) => sum + count, 0);
  const left = facts.commands.length - runs;
  if (left > 0) {
    const failedShown = shown.reduce((sum, { item, count }) => sum + (item.failed ? count : 0), 0);
    const failedLeft = facts.commands.filter((run) => run.failed).length - failedShown;
    blocks.push(
      notShown(left, ["command", "commands"], failedLeft > 0 ? ` (${formatInteger(failedLeft)} failed)` : ""),
    );
  }
  return stringify(blocks);
}

/** Error and aborted turns, identical ones (same kind, message and place) once with a count. */
export function shortErrors(errors: readonly TurnError[]): Counted<TurnError>[] {
  return countRepeats(errors, (error) => JSON.stringify([error.kind, error.message, error.where]));
}

/** Error and aborted turns as counted by `shortErrors`, the first `limit` of them. */
export function shortErrorsList(facts: SessionFacts, limit: number): string {
  const counted = shortErrors(facts.errors);
  const items = counted
    .slice(0, limit)
    .map(({ item, count }): PhrasingContent[] => [
      strong(text(item.kind === "aborted" ? "Aborted" : "Error")),
      ...(count > 1 ? [text(` ×${formatInteger(count)}`)] : []),
      ...(item.message ? [text(": "), text(headLine(item.message, LINE_MAX))] : []),
      text(count > 1 ? " (first " : " ("),
      code(item.id),
      ...(item.time === null ? [] : [text(` at ${item.time}`)]),
      text(")"),
      ...whereNote(item.where),
    ]);
  const blocks: RootContent[] = items.length > 0 ? [list(false, items)] : [];
  const left = counted.slice(limit).reduce((sum, { count }) => sum + count, 0);
  if (left > 0) blocks.push(notShown(left, ["error", "errors"]));
  return stringify(blocks);
}

/** Files changed, one line each: path, lines added and removed, calls. */
export function shortFilesList(facts: SessionFacts, limit: number): string {
  const items = facts.files
    .slice(0, limit)
    .map((file): PhrasingContent[] => [
      code(file.path),
      text(` ${fileLinesText(file)} · ${fileCallsText(file)}`),
    ]);
  const blocks: RootContent[] = items.length > 0 ? [list(false, items)] : [];
  const left = facts.files.length - items.length;
  if (left > 0) blocks.push(notShown(left, ["file", "files"]));
  return stringify(blocks);
}

/** Tool calls of a prompt, the calls they made while they ran included. */
function toolCalls(item: PromptOutline): number {
  let calls = 0;
  for (const tally of item.tools.values()) {
    calls += tally.count;
    for (const nested of tally.nested.values()) calls += nested;
  }
  return calls;
}

/**
 * The prompts of the active branch, numbered as the prompt index numbers them, each with its model calls,
 * tool calls, failures, errors and cost; the usage that belongs to no prompt in rows of its own.
 */
export function shortPromptsList(facts: SessionFacts, limit: number): string {
  const blocks = rowLists(rowsWithin(facts.outline, limit), (item): PhrasingContent[] => {
    const parts = [promptCallsText(item.row)];
    const calls = toolCalls(item);
    if (calls > 0) parts.push(plural(calls, "tool call", "tool calls"));
    if (item.failedTools > 0) parts.push(`${formatInteger(item.failedTools)} failed`);
    if (item.errors > 0) parts.push(plural(item.errors, "error", "errors"));
    parts.push(promptCostText(item.row));
    return [text(firstLine(item.prompt, PROMPT_MAX)), text(" — "), emphasis(text(parts.join(" · ")))];
  });
  const left = promptsLeftOut(facts.outline, limit);
  if (left > 0) blocks.push(notShown(left, ["prompt", "prompts"]));
  return stringify(blocks);
}

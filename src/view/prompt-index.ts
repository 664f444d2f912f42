import type { SessionAnalysis } from "../pipeline.js";
import type { Totals } from "../usage/totals.js";
import { displayPath } from "./display-path.js";
import type { EntryView, MessageView, ToolView, TranscriptNode } from "./entry-view.js";
import { formatDuration } from "./format.js";
import { type PromptRowKind, promptRows } from "./prompt-rows.js";
import { titleText } from "./title-text.js";

export type { PromptRowKind };

/**
 * One row of the prompt index: a prompt of the active branch and what the agent did for it, up to the
 * next prompt; or a row of usage that belongs to no prompt. Every format reads these figures (the page's
 * index and turn heads, the Markdown report's table, both summaries' lists, the JSON report): one figure
 * per fact. Over all rows, usage adds up to the whole file's.
 */
export interface PromptSummary {
  kind: PromptRowKind;
  /** 1, 2, ... in the order typed, counting prompts only; 0 for the rows that are no prompt. */
  number: number;
  /** The row's first entry: the prompt's, the branch's first, or the first off it that holds usage. */
  anchor: string;
  title: string;
  /**
   * Usage of the entries up to the next prompt, sub-agent runs included: `turns` is the model calls, as
   * the JSON report counts them.
   */
  usage: Totals;
  /** Tool calls by tool name, in the order each was first called. */
  tools: { name: string; count: number }[];
  /** Files written or edited, as the page shows paths, each once, in order. */
  filesChanged: string[];
  /** Failed tool calls and failed or aborted replies. */
  errors: number;
  startedAt: string | null;
  endedAt: string | null;
  /** From the row's first entry to its last ("4m 10s"); null without timestamps. */
  duration: string | null;
}

const TITLES: Readonly<Record<Exclude<PromptRowKind, "prompt">, string>> = {
  before: "(before the first prompt)",
  elsewhere: "(other branches)",
};

function messageOf(entry: EntryView): MessageView | undefined {
  return entry.content.type === "message" ? entry.content.message : undefined;
}

function promptTitle(message: MessageView | undefined): string {
  if (message?.role !== "user") return "(prompt)";
  const title = titleText(message.text, 100);
  if (title !== "") return title;
  if (message.skill !== null) return `/skill:${message.skill.name}`;
  return message.images.length > 0 ? "(image)" : "(empty prompt)";
}

/** Tools an entry called (the calls a codemode script made count as calls too), and whether each failed. */
function toolsOf(message: MessageView | undefined): ToolView[] {
  if (message === undefined) return [];
  const top =
    message.role === "assistant"
      ? message.parts.flatMap((part) => (part.kind === "tool" ? [part.tool] : []))
      : message.role === "toolResult"
        ? [message.tool]
        : [];
  const all: ToolView[] = [];
  const stack = [...top].reverse();
  while (stack.length > 0) {
    const tool = stack.pop() as ToolView;
    all.push(tool);
    const nested = tool.result?.nestedCalls?.calls ?? [];
    for (let k = nested.length - 1; k >= 0; k -= 1) stack.push(nested[k] as ToolView);
  }
  return all;
}

interface Accumulator {
  summary: PromptSummary;
  /** The row's first entry: for a prompt, the entry that gives it its title. */
  first: number;
  tools: Map<string, number>;
  files: Set<string>;
}

/**
 * The prompt index: the rows `promptRows` decides (their numbers and usage), each with the title, tools,
 * changed files, errors and time the page and the summaries show beside them.
 *
 * `transcript` is the view's transcript: its top-level entries are the active branch in order; `anchors`
 * the entries' anchors, by index.
 */
export function promptIndex(
  analysis: SessionAnalysis,
  transcript: readonly TranscriptNode[],
  anchors: readonly string[],
  cwd: string | null,
): PromptSummary[] {
  const rows = promptRows(analysis);
  const rowOf = new Map<number, Accumulator>();
  const accumulators = rows.map((row): Accumulator => {
    const accumulator: Accumulator = {
      summary: {
        kind: row.kind,
        number: row.number,
        anchor: anchors[row.entryIndex] as string,
        title: row.kind === "prompt" ? "(prompt)" : TITLES[row.kind],
        usage: row.usage,
        tools: [],
        filesChanged: [],
        errors: 0,
        startedAt: null,
        endedAt: null,
        duration: null,
      },
      first: row.entryIndex,
      tools: new Map(),
      files: new Set(),
    };
    for (const index of row.entries) rowOf.set(index, accumulator);
    // Other branches' entries are no stretch of time of their own.
    if (row.kind !== "elsewhere") setTimes(accumulator.summary, row.entries, analysis);
    return accumulator;
  });
  for (const node of transcript) {
    if (node.kind !== "entry") continue;
    const { entry } = node;
    const index = analysis.tree.indexById.get(entry.id);
    const into = index === undefined ? undefined : rowOf.get(index);
    if (into === undefined) continue;
    const message = messageOf(entry);
    if (into.summary.kind === "prompt" && index === into.first) into.summary.title = promptTitle(message);
    addEntry(into, message, cwd);
  }
  return accumulators.map(finish);
}

/** The first and last time among a row's entries, and the time between. */
function setTimes(summary: PromptSummary, entries: readonly number[], analysis: SessionAnalysis): void {
  let first: number | null = null;
  let last: number | null = null;
  for (const index of entries) {
    const time = Date.parse(analysis.tree.entries[index]?.timestamp ?? "");
    if (Number.isNaN(time)) continue;
    first ??= time;
    last = Math.max(last ?? time, time);
  }
  if (first === null || last === null) return;
  summary.startedAt = new Date(first).toISOString();
  summary.endedAt = new Date(last).toISOString();
  summary.duration = formatDuration(last - first);
}

function addEntry(into: Accumulator, message: MessageView | undefined, cwd: string | null): void {
  if (message?.role === "assistant" && (message.stopReason === "error" || message.stopReason === "aborted"))
    into.summary.errors += 1;
  for (const tool of toolsOf(message)) {
    into.tools.set(tool.name, (into.tools.get(tool.name) ?? 0) + 1);
    if (tool.result?.isError === true || tool.nested?.status === "error") into.summary.errors += 1;
    if (tool.body.kind === "write" || tool.body.kind === "edit") {
      if (tool.body.path !== "") into.files.add(displayPath(tool.body.path, cwd));
    }
  }
}

function finish(prompt: Accumulator): PromptSummary {
  const { summary } = prompt;
  summary.tools = [...prompt.tools].map(([name, count]) => ({ name, count }));
  summary.filesChanged = [...prompt.files];
  return summary;
}

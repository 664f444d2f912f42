import type { SessionAnalysis } from "../pipeline.js";
import { addToTotals, emptyTotals, type Totals } from "../usage/totals.js";
import { displayPath } from "./display-path.js";
import type { EntryView, MessageView, ToolView, TranscriptNode } from "./entry-view.js";
import { formatDuration } from "./format.js";
import { titleText } from "./title-text.js";

/** One prompt of the active branch and what the agent did for it, up to the next prompt. */
export interface PromptSummary {
  /** 1, 2, ... in the order typed; 0 for the work before the first prompt (when there is any). */
  number: number;
  /** The prompt's entry (for number 0: the first entry of the branch). */
  anchor: string;
  title: string;
  /** Usage of the entries up to the next prompt: `turns` is the model calls, as the JSON report counts them. */
  usage: Totals;
  /** Tool calls by tool name, in the order each was first called. */
  tools: { name: string; count: number }[];
  /** Files written or edited, as the page shows paths, each once, in order. */
  filesChanged: string[];
  /** Failed tool calls and failed or aborted replies. */
  errors: number;
  startedAt: string | null;
  endedAt: string | null;
  /** From the prompt to the last entry before the next one ("4m 10s"); null without timestamps. */
  duration: string | null;
}

const PREAMBLE_TITLE = "(before the first prompt)";

function isPrompt(message: MessageView | undefined): message is Extract<MessageView, { role: "user" }> {
  return message?.role === "user";
}

function messageOf(entry: EntryView): MessageView | undefined {
  return entry.content.type === "message" ? entry.content.message : undefined;
}

function promptTitle(message: Extract<MessageView, { role: "user" }>): string {
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
  tools: Map<string, number>;
  files: Set<string>;
  firstTime: number | null;
  lastTime: number | null;
}

function accumulator(number: number, anchor: string, title: string): Accumulator {
  return {
    summary: {
      number,
      anchor,
      title,
      usage: emptyTotals(),
      tools: [],
      filesChanged: [],
      errors: 0,
      startedAt: null,
      endedAt: null,
      duration: null,
    },
    tools: new Map(),
    files: new Set(),
    firstTime: null,
    lastTime: null,
  };
}

/**
 * The prompts of the active branch, each with the model calls, tokens, cost, tools, changed files,
 * errors and time of the work up to the next prompt: the page's index, the Markdown summary's list.
 * Over all prompts (and the work before the first), usage adds up to the active branch's.
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
  const indexByAnchor = new Map(anchors.map((anchor, index) => [anchor, index]));
  const prompts: Accumulator[] = [];
  let current: Accumulator | null = null;
  for (const node of transcript) {
    if (node.kind !== "entry") continue;
    const { entry } = node;
    const message = messageOf(entry);
    if (isPrompt(message)) {
      current = accumulator(prompts.length + 1, entry.anchor, promptTitle(message));
      prompts.push(current);
    } else if (current === null) {
      current = accumulator(0, entry.anchor, PREAMBLE_TITLE);
      prompts.push(current);
    }
    addEntry(current, entry, message, analysis, cwd);
    // A result shown inside its call is no node of its own: its usage counts where it is shown.
    for (const anchor of entry.pairedResultAnchors) {
      const index = indexByAnchor.get(anchor);
      if (index !== undefined) addUsage(current, index, analysis);
    }
  }
  const summaries = prompts.map(finish);
  // The work before the first prompt is listed only when there was some.
  const first = summaries[0];
  if (first?.number === 0 && first.usage.turns === 0 && first.tools.length === 0 && first.errors === 0)
    summaries.shift();
  return summaries;
}

function addUsage(into: Accumulator, index: number, analysis: SessionAnalysis): void {
  for (const item of analysis.usageByEntry.get(index) ?? [])
    addToTotals(into.summary.usage, item.usage, item.turns, item.failed);
  const time = Date.parse(analysis.tree.entries[index]?.timestamp ?? "");
  if (!Number.isNaN(time)) {
    if (into.firstTime === null) into.firstTime = time;
    into.lastTime = Math.max(into.lastTime ?? time, time);
  }
}

function addEntry(
  into: Accumulator,
  entry: EntryView,
  message: MessageView | undefined,
  analysis: SessionAnalysis,
  cwd: string | null,
): void {
  const index = analysis.tree.indexById.get(entry.id);
  if (index !== undefined) addUsage(into, index, analysis);
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
  const { summary, firstTime, lastTime } = prompt;
  summary.tools = [...prompt.tools].map(([name, count]) => ({ name, count }));
  summary.filesChanged = [...prompt.files];
  if (firstTime !== null && lastTime !== null) {
    summary.startedAt = new Date(firstTime).toISOString();
    summary.endedAt = new Date(lastTime).toISOString();
    summary.duration = formatDuration(lastTime - firstTime);
  }
  return summary;
}

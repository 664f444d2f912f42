import { displayPath } from "./display-path.js";
import type { EntryView, ToolView, TranscriptNode } from "./entry-view.js";
import { firstLine } from "./format.js";
import { titleText } from "./title-text.js";
import { parseArgs, stringField } from "./tools/args.js";
import { mcpToolName } from "./tools/tool-name.js";

/** One line of the side outline: a link to an entry or a folded branch. */
export interface OutlineItem {
  anchor: string;
  kind: "prompt" | "tool" | "compaction" | "summary" | "fork" | "fold" | "error" | "label" | "model";
  text: string;
  /** For tools: the tool's name (the script filters on it). */
  tool: string | null;
  error: boolean;
  labels: string[];
  /** Nesting: 0 on the active branch, 1 inside a folded branch, ... */
  depth: number;
  /** For a run of calls of one tool shown as one line (`read ×8`): each call's argument, on hover. */
  detail: string | null;
}

/** The argument that says what a tool was asked, for tools without a card of their own. */
const TELLING_ARGUMENTS = ["command", "cmd", "path", "file_path", "url", "query", "pattern", "q"] as const;

function toolSummary(tool: ToolView, cwd: string | null): string {
  const body = tool.body;
  switch (body.kind) {
    case "bash":
      return firstLine(body.command, 60);
    case "read":
    case "write":
    case "edit":
      return displayPath(body.path, cwd);
    case "search":
      return [body.pattern, body.path].filter(Boolean).join(" in ");
    case "subagent":
      return `${body.runs.length} run${body.runs.length === 1 ? "" : "s"}`;
    default: {
      // A codemode script (or any tool) that called others: what it called, by name.
      const calls = tool.result?.nestedCalls?.calls ?? [];
      if (calls.length === 0) {
        const args = parseArgs(tool.args).object;
        const telling = stringField(args, ...TELLING_ARGUMENTS);
        return telling === null ? "" : firstLine(telling, 60);
      }
      const names = [...new Set(calls.map((call) => toolLabel(call.name)))].join(", ");
      return `${calls.length} call${calls.length === 1 ? "" : "s"}: ${names}`;
    }
  }
}

/** A tool's name as the outline shows it: an MCP tool as its own name and its server's. */
function toolLabel(name: string): string {
  const mcp = mcpToolName(name);
  return mcp === null ? name : `${mcp.tool} (MCP ${mcp.server})`;
}

function entryItems(
  entry: EntryView,
  forks: ReadonlySet<string>,
  depth: number,
  cwd: string | null,
): OutlineItem[] {
  const base = { anchor: entry.anchor, tool: null, error: false, labels: entry.labels, depth, detail: null };
  const items: OutlineItem[] = [];
  const { content } = entry;
  if (forks.has(entry.anchor)) items.push({ ...base, kind: "fork", text: "fork point" });
  if (content.type === "message") {
    const message = content.message;
    if (message.role === "user")
      items.push({
        ...base,
        kind: "prompt",
        text: titleText(message.text, 70) || (message.skill ? `/${message.skill.name}` : "(image)"),
      });
    if (message.role === "assistant") {
      if (message.stopReason === "error" || message.stopReason === "aborted") {
        items.push({
          ...base,
          kind: "error",
          text: message.errorMessage
            ? `${message.stopReason}: ${firstLine(message.errorMessage, 50)}`
            : `${message.stopReason}`,
          error: true,
        });
      }
      for (const part of message.parts) {
        if (part.kind !== "tool") continue;
        const error = part.tool.result?.isError === true;
        items.push({
          ...base,
          kind: "tool",
          text: `${toolLabel(part.tool.name)} ${toolSummary(part.tool, cwd)}`.trim(),
          tool: part.tool.name,
          error,
          labels: [],
        });
      }
    }
    if (message.role === "toolResult") {
      items.push({
        ...base,
        kind: "tool",
        text: `${toolLabel(message.tool.name)} (result)`,
        tool: message.tool.name,
        error: message.tool.result?.isError === true,
      });
    }
  }
  if (content.type === "compaction") items.push({ ...base, kind: "compaction", text: "compaction" });
  if (content.type === "branch_summary") items.push({ ...base, kind: "summary", text: "branch summary" });
  if (content.type === "model_change")
    items.push({ ...base, kind: "model", text: `model: ${content.modelId}` });
  if (items.length === 0 && entry.labels.length > 0)
    items.push({ ...base, kind: "label", text: entry.labels.join(", ") });
  return items;
}

/**
 * The side outline: prompts, tool calls, errors, compactions, summaries, model changes, fork points and
 * labels, in transcript order, with each folded branch as one line (and its own outline nested).
 */
export function outlineView(
  nodes: readonly TranscriptNode[],
  forks: ReadonlySet<string>,
  cwd: string | null,
): OutlineItem[] {
  const items: OutlineItem[] = [];
  const stack: { nodes: readonly TranscriptNode[]; at: number; depth: number }[] = [
    { nodes, at: 0, depth: 0 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const node = frame.nodes[frame.at];
    if (node === undefined) {
      stack.pop();
      continue;
    }
    frame.at += 1;
    if (node.kind === "entry") items.push(...entryItems(node.entry, forks, frame.depth, cwd));
    else {
      const { summary } = node;
      const what = node.reason === "root" ? "separate root" : "abandoned branch";
      items.push({
        anchor: summary.anchor,
        kind: "fold",
        text: `${what}: ${summary.entries} ${summary.entries === 1 ? "entry" : "entries"}${summary.lastPrompt ? ` — ${firstLine(summary.lastPrompt, 40)}` : ""}`,
        tool: null,
        error: false,
        labels: summary.tipLabel === null ? [] : [summary.tipLabel],
        depth: frame.depth,
        detail: null,
      });
      stack.push({ nodes: node.nodes, at: 0, depth: frame.depth + 1 });
    }
  }
  return collapseRuns(items);
}

/** Items that may join a run: calls of one tool that succeeded, with no label, at one depth. */
function joinable(item: OutlineItem, run: OutlineItem): boolean {
  return (
    item.kind === "tool" &&
    run.kind === "tool" &&
    item.tool === run.tool &&
    item.depth === run.depth &&
    !item.error &&
    !run.error &&
    item.labels.length === 0 &&
    run.labels.length === 0
  );
}

/**
 * Consecutive successful calls of one tool as one line, `read ×8 src/a.ts, src/b.ts, …`, linking to the
 * first, each call's argument on hover: an outline as long as the transcript is no overview.
 */
function collapseRuns(items: readonly OutlineItem[]): OutlineItem[] {
  const out: OutlineItem[] = [];
  let at = 0;
  while (at < items.length) {
    const first = items[at] as OutlineItem;
    let end = at + 1;
    while (end < items.length && joinable(items[end] as OutlineItem, first)) end += 1;
    if (end - at < 2) {
      for (let k = at; k < end; k += 1) out.push(items[k] as OutlineItem);
    } else {
      const label = toolLabel(first.tool as string);
      const args = items.slice(at, end).map((item) => item.text.slice(label.length).trim());
      out.push({
        ...first,
        text: `${label} ×${end - at} ${firstLine(args.filter(Boolean).join(", "), 60)}`.trim(),
        detail: args.join("\n"),
      });
    }
    at = end;
  }
  return out;
}

import { displayPath } from "../../../view/display-path.js";
import type { EntryView, MessageView, ToolView, TranscriptNode } from "../../../view/entry-view.js";
import { firstLine, formatTime } from "../../../view/format.js";
import type { PromptSummary } from "../../../view/prompt-index.js";
import { lineCount } from "../markdown-context.js";

/** Where in the session something happened: the active branch, a folded branch, or a sub-agent run. */
export type Where = "active" | "abandoned branch" | "separate root" | "sub-agent";

/** A file an `edit` or `write` call changed, with its diff's counts. */
export interface FileChange {
  path: string;
  edits: number;
  writes: number;
  added: number;
  removed: number;
  /** Edits whose diff nobody recorded or could compute: their lines are not counted. */
  uncounted: number;
  /** Calls whose result was an error: nothing counted from them. */
  failed: number;
  /** Calls with no result recorded (the turn was cut short): whether they changed the file is unknown. */
  noResult: number;
  /** Lines of the latest write that succeeded: a write replaces the file, so rewrites are not summed. */
  written: number;
}

/** A command: a `bash`/`powershell` call, or one the user ran with `!`. */
export interface CommandRun {
  command: string;
  byUser: boolean;
  failed: boolean;
  /** Why it failed or what is unknown: "exit 1", "cancelled", "no result recorded". */
  note: string | null;
  where: Where;
  /** The tool whose run made this call (a `codemode` script), or null for the model's own call. */
  via: string | null;
}

/** An assistant turn that ended in an error or was aborted. */
export interface TurnError {
  kind: "error" | "aborted";
  message: string | null;
  time: string | null;
  id: string;
  where: Where;
}

/**
 * A row of the prompt index (the active branch prompt by prompt, and the usage that belongs to no prompt)
 * with what the summary says of it beside the index's figures: the prompt as one line, the tools.
 */
export interface PromptOutline {
  /** The row's number, calls, tokens and cost, as every format shows them (view/prompt-index.ts). */
  row: PromptSummary;
  /** The prompt as one line; for a row that is no prompt, its title. */
  prompt: string;
  /** Tool calls by tool name, in order of first use; with each, the calls it made while it ran. */
  tools: Map<string, ToolTally>;
  failedTools: number;
  errors: number;
  compactions: number;
}

/** How often a tool was called, and the calls it made while it ran (a codemode script's), by name. */
export interface ToolTally {
  count: number;
  nested: Map<string, number>;
}

/** A compaction anywhere in the session. */
export interface CompactionLine {
  id: string;
  time: string | null;
  tokensBefore: number | null;
  where: Where;
}

/** What the summary lists, gathered from the transcript (every entry once, sub-agent runs included). */
export interface SessionFacts {
  /** One item per row of the prompt index, in its order. */
  outline: PromptOutline[];
  files: FileChange[];
  commands: CommandRun[];
  errors: TurnError[];
  compactions: CompactionLine[];
  /** The first typed prompt on the active branch (typed words; a skill's name), if any. */
  firstPrompt: Extract<MessageView, { role: "user" }> | null;
}

/** A prompt as one line: the typed words, or the skill it invoked, or what it held. */
export function promptLine(message: Extract<MessageView, { role: "user" }>, max = 100): string {
  const typed = firstLine(message.text, max);
  if (message.skill !== null) return firstLine(`/skill:${message.skill.name} ${typed}`, max);
  if (typed !== "") return typed;
  return message.images.length > 0 ? "(image)" : "(empty prompt)";
}

/**
 * Gathers the summary's facts from the transcript of the report view, and, for each row of its prompt
 * index (`prompts`; none where the outline is not wanted), the tools the summary names.
 */
export function collectFacts(
  transcript: readonly TranscriptNode[],
  cwd: string | null,
  prompts: readonly PromptSummary[] = [],
): SessionFacts {
  const outline = prompts.map(
    (row): PromptOutline => ({
      row,
      prompt: row.title,
      tools: new Map(),
      failedTools: 0,
      errors: 0,
      compactions: 0,
    }),
  );
  const facts: SessionFacts = {
    outline,
    files: [],
    commands: [],
    errors: [],
    compactions: [],
    firstPrompt: null,
  };
  const files = new Map<string, FileChange>();

  const tool = (view: ToolView, where: Where, via: string | null = null) => {
    const { body } = view;
    const failed = view.result?.isError === true;
    if (body.kind === "bash") {
      const note = view.result === null ? (view.nested ? "unfinished" : "no result recorded") : null;
      facts.commands.push({ command: body.command, byUser: false, failed, note, where, via });
    }
    if ((body.kind === "edit" || body.kind === "write") && body.path !== "") {
      const path = displayPath(body.path, cwd);
      let file = files.get(path);
      if (file === undefined) {
        file = {
          path,
          edits: 0,
          writes: 0,
          added: 0,
          removed: 0,
          uncounted: 0,
          failed: 0,
          noResult: 0,
          written: 0,
        };
        files.set(path, file);
      }
      if (body.kind === "edit") file.edits += 1;
      else file.writes += 1;
      if (failed) file.failed += 1;
      else if (view.result === null) file.noResult += 1;
      else if (body.kind === "write") file.written = lineCount(body.content);
      else if (body.diff === null) file.uncounted += 1;
      else {
        file.added += body.diff.added;
        file.removed += body.diff.removed;
      }
    }
    if (body.kind === "subagent") {
      for (const run of body.runs) for (const message of run.messages) visit(message, null, "sub-agent");
    }
    // A codemode script's calls are real: its commands ran and its edits changed files.
    for (const call of view.result?.nestedCalls?.calls ?? []) tool(call, where, view.name);
  };

  const visit = (message: MessageView, entry: EntryView | null, where: Where) => {
    if (message.role === "assistant") {
      if ((message.stopReason === "error" || message.stopReason === "aborted") && entry !== null) {
        const { stopReason: kind, errorMessage } = message;
        facts.errors.push({
          kind,
          message: errorMessage,
          time: formatTime(entry.timestamp),
          id: entry.id,
          where,
        });
      }
      for (const part of message.parts) if (part.kind === "tool") tool(part.tool, where);
    }
    if (message.role === "toolResult") tool(message.tool, where);
    if (message.role === "bashExecution") {
      const exit = message.exitCode !== null && message.exitCode !== 0 ? `exit ${message.exitCode}` : null;
      const note = message.cancelled ? "cancelled" : exit;
      facts.commands.push({
        command: message.command,
        byUser: true,
        failed: note !== null,
        note,
        where,
        via: null,
      });
    }
  };

  const walk = (nodes: readonly TranscriptNode[], where: Where) => {
    for (const node of nodes) {
      if (node.kind === "fold") {
        walk(node.nodes, node.reason === "root" ? "separate root" : "abandoned branch");
        continue;
      }
      const { entry } = node;
      const { content } = entry;
      if (content.type === "message") visit(content.message, entry, where);
      if (content.type === "compaction") {
        const time = formatTime(entry.timestamp);
        facts.compactions.push({ id: entry.id, time, tokensBefore: content.tokensBefore, where });
      }
      if (where === "active") {
        if (content.type === "message" && content.message.role === "user") {
          const typed = content.message.text.trim() !== "" || content.message.skill !== null;
          if (typed) facts.firstPrompt ??= content.message;
        }
        const row = byAnchor.get(entry.anchor);
        if (row !== undefined) current = row;
        if (current !== undefined) outlineEntry(current, entry);
      }
    }
  };
  const byAnchor = new Map(
    outline.filter((item) => item.row.kind === "prompt").map((item) => [item.row.anchor, item]),
  );
  let current = outline[0]?.row.kind === "before" ? outline[0] : undefined;
  walk(transcript, "active");
  facts.files = [...files.values()];
  return facts;
}

/** Adds an active-branch entry to its row of the outline: a prompt names it, what follows adds to it. */
function outlineEntry(item: PromptOutline, entry: EntryView): void {
  const { content } = entry;
  if (content.type === "message" && content.message.role === "user") {
    item.prompt = promptLine(content.message);
    return;
  }
  if (content.type === "compaction") item.compactions += 1;
  if (content.type !== "message") return;
  const { message } = content;
  const tools: ToolView[] = [];
  if (message.role === "assistant") {
    if (message.stopReason === "error" || message.stopReason === "aborted") item.errors += 1;
    for (const part of message.parts) if (part.kind === "tool") tools.push(part.tool);
  }
  if (message.role === "toolResult") tools.push(message.tool);
  for (const view of tools) {
    const tally = item.tools.get(view.name) ?? { count: 0, nested: new Map<string, number>() };
    tally.count += 1;
    item.tools.set(view.name, tally);
    if (view.result?.isError === true) item.failedTools += 1;
    for (const call of view.result?.nestedCalls?.calls ?? []) {
      tally.nested.set(call.name, (tally.nested.get(call.name) ?? 0) + 1);
      if (call.result?.isError === true) item.failedTools += 1;
    }
  }
}

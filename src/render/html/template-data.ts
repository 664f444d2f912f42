import type { ContextStatus, FoldSummary, NestedCallStatus, TurnUsageView } from "../../view/entry-view.js";
import type { PromptSummary } from "../../view/prompt-index.js";
import type { McpToolName } from "../../view/tools/tool-name.js";

/**
 * The HTML page's template data, one shape per partial: entries, messages, tool cards, turns. Types only,
 * below every builder: a tool card holds a sub-agent's messages, a message holds tool cards, a turn
 * holds entries.
 */

/** HTML made later (highlighted code, formatted markdown), filled in before the page is rendered. */
export interface Slot {
  html: string;
}

export interface HtmlImage {
  src: string | null;
  mimeType: string;
  size: string;
  /** The address of an image the file does not hold (`ImageView.reference`). */
  reference: string | null;
}

export type HtmlPart =
  | { text: Slot }
  | { thinking: Slot | null; redacted: boolean }
  | { tool: HtmlTool }
  | { other: Slot };

/** What every body's template data holds: the partial that shows it, and the page script's filter keys. */
export interface HtmlBodyBase<P extends string> {
  partial: P;
  /** Filter keys for the page script: role, tool names, error. */
  kind: string;
  tools: string[];
  error: boolean;
}

/** `message-user.hbs` */
export interface HtmlUserMessage extends HtmlBodyBase<"message-user"> {
  text: Slot | null;
  skill: { name: string; location: string | null; body: Slot } | null;
  images: HtmlImage[];
  other: Slot | null;
}

/** `message-assistant.hbs` */
export interface HtmlAssistantMessage extends HtmlBodyBase<"message-assistant"> {
  /** Show the model line: in a transcript, only where the model changes (turn-chrome.ts decides). */
  meta: boolean;
  /** Show the call's tokens and cost on its model line (a sub-agent's replies); else they are on hover. */
  usageShown: boolean;
  model: string | null;
  provider: string | null;
  responseModel: string | null;
  router: string | null;
  unrouted: boolean;
  thinkingLevel: string | null;
  stopReason: string | null;
  failed: boolean;
  errorMessage: string | null;
  /** The same failure this many times in a row, shown once (turn-chrome.ts); 1 otherwise. */
  repeats: number;
  usage: TurnUsageView | null;
  parts: HtmlPart[];
  thinkingOmitted: boolean;
}

/** `message-tool-result.hbs`: a result whose call is not in view. */
export interface HtmlToolResultMessage extends HtmlBodyBase<"message-tool-result"> {
  tool: HtmlTool;
}

/** `message-bash.hbs`: a command the person ran with `!`. */
export interface HtmlBashMessage extends HtmlBodyBase<"message-bash"> {
  command: Slot;
  output: Slot;
  lines: number;
  open: boolean;
  exitCode: number | null;
  failed: boolean;
  cancelled: boolean;
  truncated: boolean;
  excluded: boolean;
  fullOutputPath: string | null;
}

/** `message-custom.hbs` */
export interface HtmlCustomMessage extends HtmlBodyBase<"message-custom"> {
  customType: string | null;
  text: Slot | null;
  images: HtmlImage[];
  hidden: boolean;
  details: Slot | null;
}

/** `message-system.hbs` */
export interface HtmlSystemMessage extends HtmlBodyBase<"message-system"> {
  patch: boolean;
  sections: { name: string; removed: boolean; text: Slot | null }[];
  toolNames: string[];
  toolsAdded: string[];
  toolsRemoved: string[];
  rest: Slot | null;
}

/** `message-other.hbs`: a role this tool does not know. */
export interface HtmlOtherMessage extends HtmlBodyBase<"message-other"> {
  storedRole: string;
  reason: string;
  json: Slot;
}

/** A message's template data, one shape per partial. */
export type HtmlMessage =
  | HtmlUserMessage
  | HtmlAssistantMessage
  | HtmlToolResultMessage
  | HtmlBashMessage
  | HtmlCustomMessage
  | HtmlSystemMessage
  | HtmlOtherMessage;

export interface HtmlToolResult {
  anchor: string | null;
  isError: boolean;
  output: Slot;
  lines: number;
  open: boolean;
  empty: boolean;
  images: HtmlImage[];
  usage: TurnUsageView | null;
  /** False when the runs shown above already count this usage (a sub-agent tool's own total). */
  usageCounted: boolean;
  /** The result's `details` the card does not already show (as JSON), or null. */
  details: Slot | null;
}

export interface HtmlSubagentRun {
  agent: string | null;
  task: Slot | null;
  model: string | null;
  exitCode: number | null;
  failed: boolean;
  usage: TurnUsageView | null;
  turns: number;
  messages: HtmlMessage[];
  /** `href`: the file's own page, where the archive has one. */
  sessionFile: { shown: string; found: boolean; href: string | null } | null;
}

/** The calls a tool made while it ran, each as a card of its own. */
export interface HtmlNestedCalls {
  calls: HtmlTool[];
  complete: boolean;
  unreadable: number;
}

/** A nested call's status as its card's head shows it. */
export interface HtmlNestedStatus extends NestedCallStatus {
  /** "16 ms", "2s"; null when not recorded. */
  duration: string | null;
}

/** A tool card's template data; `partial` names the card's body (one per kind of tool). */
export interface HtmlTool {
  partial: string;
  name: string;
  /** Set for an MCP tool (`mcp__server__tool`): the head shows the server as a badge and the tool's name. */
  mcp: McpToolName | null;
  /** Set for a call another tool made (a codemode script's): what Pi recorded instead of a result. */
  nested: HtmlNestedStatus | null;
  /** The calls this tool made while it ran (codemode's script, an MCP tool's), or null. */
  nestedCalls: HtmlNestedCalls | null;
  callId: string | null;
  called: boolean;
  /** One line for the card's head: the command, the path, the pattern. */
  headline: string;
  failed: boolean;
  args: Slot | null;
  result: HtmlToolResult | null;
  command?: Slot;
  path?: string;
  range?: string | null;
  content?: Slot;
  contentLines?: number;
  diff?: Slot | null;
  added?: number;
  removed?: number;
  pattern?: string | null;
  mode?: string | null;
  runs?: HtmlSubagentRun[];
  script?: Slot;
  scriptLines?: number;
}

export type Link = { id: string; anchor: string | null } | null;
export type Note<P extends string, F> = HtmlBodyBase<P> & F;

/** An entry that is no message, as template data: one shape per partial. */
export type HtmlNote =
  | Note<"entry-model-change", { provider: string; modelId: string; virtual: boolean }>
  | Note<"entry-thinking-level", { level: string }>
  | Note<
      "entry-compaction",
      {
        summary: Slot;
        tokensBefore: number | null;
        readFiles: string[];
        modifiedFiles: string[];
        firstKept: Link;
        retainedMessages: number;
        usage: TurnUsageView | null;
        fromHook: boolean;
      }
    >
  | Note<"entry-branch-summary", { summary: Slot; from: Link; usage: TurnUsageView | null }>
  | Note<"entry-context-edit", { target: Link; replacement: Slot | null }>
  | Note<"entry-usage", { usageKind: string; model: string | null; usage: TurnUsageView }>
  | Note<"entry-custom", { customType: string | null; data: Slot }>
  | Note<"entry-label", { target: Link; label: string | null }>
  | Note<"entry-session-info", { name: string | null }>
  | Note<"entry-other", { storedType: string; reason: string; json: Slot }>;

/** What an entry's card holds, for its partial. */
export type HtmlEntryBody = HtmlMessage | HtmlNote;

/** An entry's template data: the card chrome, and `body` for its partial. */
export interface HtmlEntry {
  anchor: string;
  id: string;
  line: number;
  time: string | null;
  labels: string[];
  status: {
    kind: ContextStatus["kind"];
    text: string;
    /** A status line on the card; a summarised entry has only its edge, and the compaction its divider. */
    shown: boolean;
    byAnchor: string | null;
    replacement: Slot | null;
  } | null;
  /** Short name of what the entry is, shown in its head. */
  title: string;
  /** Show the head line; false for the agent's entries that follow a prompt (turn-chrome.ts). */
  head: boolean;
  /** Continues the card above: the same turn's agent work. */
  cont: boolean;
  /** A failure the entry before already shows, counted there: not shown again. */
  repeat: boolean;
  /** What the entry's link shows on hover: its line, time, tokens and cost, context status. */
  hover: string;
  /** On a prompt: what was done for it, on its head line. */
  turn: HtmlTurn | null;
  body: HtmlEntryBody;
}

/** A node of the page's transcript: an entry's card, or a folded branch holding more. */
export type HtmlNode = { entry: HtmlEntry } | { fold: FoldSummary & { reason: string; nodes: HtmlNode[] } };

/** A prompt's head line: what was done for it, up to the next prompt. */
export interface HtmlTurn {
  summary: PromptSummary;
  /** "read ×8, bash ×3, edit" */
  toolsText: string;
}

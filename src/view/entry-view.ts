import type { FileDiff } from "../diff/diff-model.js";
import type { ContentBlock } from "../schema/content.js";
import type { Totals } from "../usage/totals.js";

/** An image to show inline: only these MIME types ever become data URIs. */
export interface ImageView {
  mimeType: string;
  /** base64 */
  data: string;
  /** Decoded size in bytes. */
  bytes: number;
  /**
   * Set when the file holds a reference to an image kept elsewhere (oh-my-pi's `blob:sha256:<hash>`)
   * instead of its bytes: the reference as a report may show it (see `imageReference`).
   */
  reference: string | null;
}

/** Tokens and cost of one model call, for a badge beside it. */
export interface TurnUsageView {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: number;
  unpriced: boolean;
  /** No tokens and no cost recorded: the provider recorded none, so it is unknown, not $0. */
  unrecorded: boolean;
  /** Reasoning tokens (inside `output`) and one-hour cache writes (inside `cacheWrite`). */
  reasoning: number;
  cacheWrite1h: number;
  /** The cost the provider billed: its parts at the model's rates add up to `partsCost` instead. */
  billed: { partsCost: number } | null;
}

/** Why the model no longer saw an entry on the active path at the tip. */
export type ContextStatus =
  | { kind: "summarised"; byId: string }
  | { kind: "omitted"; byId: string }
  | { kind: "replaced"; byId: string; replacement: ContentBlock[] | string }
  | { kind: "excluded" }
  | { kind: "superseded"; byId: string };

/** A part of an assistant reply, in the order the model produced it. */
export type AssistantPart =
  | { kind: "text"; text: string }
  | { kind: "thinking"; text: string; redacted: boolean }
  | { kind: "tool"; tool: ToolView }
  | { kind: "other"; value: unknown };

/** A message, whether it sits in an entry or in a sub-agent's transcript. */
export type MessageView =
  | { role: "user"; text: string; skill: SkillView | null; images: ImageView[]; other: unknown[] }
  | {
      role: "assistant";
      provider: string | null;
      model: string | null;
      responseModel: string | null;
      /** The virtual model (`provider/model`) that routed this request to `model`, or left here unrouted. */
      router: string | null;
      /** True when routing failed: the reply names the router, and no model answered. */
      unrouted: boolean;
      /** The thinking level this reply was asked at, where it is not the session's. */
      thinkingLevel: string | null;
      stopReason: string | null;
      errorMessage: string | null;
      usage: TurnUsageView | null;
      parts: AssistantPart[];
    }
  | { role: "toolResult"; tool: ToolView }
  | {
      role: "bashExecution";
      command: string;
      output: string;
      exitCode: number | null;
      cancelled: boolean;
      truncated: boolean;
      excluded: boolean;
      fullOutputPath: string | null;
    }
  | {
      role: "custom";
      customType: string | null;
      text: string;
      images: ImageView[];
      hidden: boolean;
      details: unknown;
    }
  | { role: "system"; system: SystemView }
  | { role: "other"; storedRole: string; reason: string; value: unknown };

/** A skill invocation: the words typed after `</skill>`, with the pasted skill folded. */
export interface SkillView {
  name: string;
  location: string | null;
  body: string;
}

/** One system message: the sections and tools it sets, patches or removes. */
export interface SystemView {
  sections: { name: string; text: string | null }[];
  tools: string[];
  toolsAdded: string[];
  toolsRemoved: string[];
  /** Fields this tool does not recognise, shown as JSON. */
  rest: Record<string, unknown>;
  /** True for a patch of an earlier system message. */
  patch: boolean;
}

/** A sub-agent run inside a `subagent` tool result. */
export interface SubagentRunView {
  agent: string | null;
  task: string | null;
  model: string | null;
  exitCode: number | null;
  stopReason: string | null;
  usage: TurnUsageView | null;
  turns: number;
  messages: MessageView[];
  /**
   * The run's own session file (pi-subagents, oh-my-pi): as shown, whether it was found, and where
   * (absolute; null when not found).
   */
  sessionFile: { shown: string; found: boolean; path: string | null } | null;
}

/** What a tool's call and result show, by the kind of tool. */
export type ToolBody =
  | { kind: "bash"; command: string; timeout: number | null }
  | { kind: "read"; path: string; offset: number | null; limit: number | null }
  | { kind: "write"; path: string; content: string }
  /** The edit's diff: from the result's unified patch, Pi's numbered diff, or computed from the call. */
  | { kind: "edit"; path: string; diff: FileDiff | null }
  | { kind: "search"; pattern: string | null; path: string | null }
  | { kind: "subagent"; mode: string | null; runs: SubagentRunView[] }
  /** Pi 1.x's `codemode`: the JavaScript its script ran (its tool calls are the result's `nestedCalls`). */
  | { kind: "codemode"; code: string }
  | { kind: "generic" };

/** A tool call paired with its result (either may be missing). */
export interface ToolView {
  name: string;
  callId: string | null;
  /** The arguments as the model sent them (an object, or a string it failed to encode). */
  args: unknown;
  /** Set when the call is in view. */
  called: boolean;
  result: ToolResultView | null;
  body: ToolBody;
  /** Set for a call a tool made while it ran (a codemode script's call): what Pi recorded of it. */
  nested?: NestedCallStatus;
}

/** What Pi 1.x records of a nested call besides its name and arguments. */
export interface NestedCallStatus {
  status: "ok" | "error" | "unfinished";
  durationMs: number | null;
  /** False when Pi left the arguments out of the record (past its size limits). */
  argumentsRecorded: boolean;
  /** Their size, where Pi kept it. */
  argumentsBytes: number | null;
}

/** The calls a tool made while it ran (Pi 1.x's `nestedCalls` on its result). */
export interface NestedCallsView {
  calls: ToolView[];
  /** False when Pi dropped calls or arguments past its limits, or a call never finished. */
  complete: boolean;
  /** Records that were not a call (no name): counted, not shown. */
  unreadable: number;
}

export interface ToolResultView {
  /** Anchor of the entry holding the result, when it is an entry. */
  anchor: string | null;
  isError: boolean;
  /** Text of the result's content blocks, joined. */
  text: string;
  images: ImageView[];
  details: unknown;
  usage: TurnUsageView | null;
  /** The calls the tool made while it ran, or null when it recorded none. */
  nestedCalls: NestedCallsView | null;
}

/** What an entry shows, by type. */
export type EntryContent =
  | { type: "message"; message: MessageView }
  | { type: "model_change"; provider: string; modelId: string; virtual: boolean }
  | { type: "thinking_level_change"; thinkingLevel: string }
  | {
      type: "compaction";
      summary: string;
      tokensBefore: number | null;
      readFiles: string[];
      modifiedFiles: string[];
      firstKeptEntryId: string | null;
      retainedMessages: number;
      usage: TurnUsageView | null;
      fromHook: boolean;
    }
  | { type: "branch_summary"; summary: string; fromId: string | null; usage: TurnUsageView | null }
  | { type: "context_edit"; targetId: string; replacement: string | null }
  | { type: "usage"; kind: string; provider: string | null; model: string | null; usage: TurnUsageView }
  | { type: "custom"; customType: string | null; data: unknown }
  | { type: "custom_message"; message: Extract<MessageView, { role: "custom" }> }
  | { type: "label"; targetId: string; label: string | null }
  | { type: "session_info"; name: string | null }
  | { type: "other"; storedType: string; reason: string; value: unknown };

/** One entry of the transcript, ready for a template. */
export interface EntryView {
  id: string;
  /** A stable anchor, safe in an HTML id and a URL fragment. */
  anchor: string;
  line: number;
  timestamp: string | null;
  labels: string[];
  /** Set for entries on the active path that the model no longer had at the tip. */
  contextStatus: ContextStatus | null;
  /** Tool results shown inside this entry's tool calls (their own anchors are placed here). */
  pairedResultAnchors: string[];
  content: EntryContent;
}

/** Totals of a folded branch, for its one-line summary. */
export interface FoldSummary {
  /** Anchor of the fold itself (derived from its first entry). */
  anchor: string;
  entries: number;
  usage: Totals;
  lastPrompt: string | null;
  tipLabel: string | null;
  tipAnchor: string;
}

/** The transcript: entries in reading order, with other branches folded where they leave. */
export type TranscriptNode =
  | { kind: "entry"; entry: EntryView }
  | { kind: "fold"; reason: "abandoned" | "root"; summary: FoldSummary; nodes: TranscriptNode[] };

import type { FileDiff } from "../../diff/diff-model.js";
import type { ImageView, MessageView, TurnUsageView } from "../entry-view.js";

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

import { parseMessage } from "../schema/message.js";
import { childRunOf } from "./child-run-registry.js";
import { toUsage } from "./to-usage.js";
import { addUsage, emptyUsage, type Usage } from "./usage.js";

/** The usage of one sub-agent run found in a tool result's `details.results[]`. */
export interface SubagentRun {
  agent: string | null;
  provider: string | null;
  model: string | null;
  usage: Usage;
  turns: number;
  /** How deep it was nested: 1 for a child of the session, 2 for a child's child, ... */
  depth: number;
  /** Set when the stored usage could not be read as is. */
  issue?: string;
}

/** Nesting beyond this is reported rather than followed: a hostile file could nest without end. */
const MAX_DEPTH = 32;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * A result looks like a sub-agent run when it has an agent or task, and usage, messages or a session file
 * of its own (pi-subagents may record a run by its `sessionFile` alone: its file says what it cost).
 */
function isRun(result: Record<string, unknown>): boolean {
  const named = typeof result.agent === "string" || typeof result.task === "string";
  return (
    named &&
    (asRecord(result.usage) !== undefined ||
      Array.isArray(result.messages) ||
      typeof result.sessionFile === "string")
  );
}

/** Pi's thinking levels: pi-subagents writes a run's model as `provider/model[:level]`. */
const THINKING_LEVELS = new Set(["off", "minimal", "low", "medium", "high", "xhigh"]);

/**
 * A run's recorded `model` (and `provider`, when it records one) as the session's replies name theirs:
 * pi-subagents' `anthropic/claude-haiku-4-5:high` is provider `anthropic`, model `claude-haiku-4-5`, so
 * the run joins its model's row. A suffix that is no thinking level (OpenRouter's `:free`) is the model's.
 */
function recordedModel(result: Record<string, unknown>): { provider: string | null; model: string | null } {
  const provider = typeof result.provider === "string" ? result.provider : null;
  if (typeof result.model !== "string") return { provider, model: null };
  let model = result.model;
  const colon = model.lastIndexOf(":");
  if (colon > 0 && THINKING_LEVELS.has(model.slice(colon + 1))) model = model.slice(0, colon);
  const slash = model.indexOf("/");
  if (provider === null && slash > 0)
    return { provider: model.slice(0, slash), model: model.slice(slash + 1) };
  return { provider, model };
}

/** The sub-agent results a tool result's `details` carries, or none. */
export function subagentResults(details: unknown): Record<string, unknown>[] {
  const record = asRecord(details);
  const results = record?.results;
  if (!Array.isArray(results)) return finishedOmpSnapshots(record?.subagents);
  return results.flatMap((result) => {
    const run = asRecord(result);
    return run !== undefined && isRun(run) ? [run] : [];
  });
}

/** oh-my-pi's `subagent` tool: a run that ended; `running`/`queued`/`paused` snapshots are polls of it. */
const FINISHED_OMP_STATUSES = new Set(["completed", "failed", "cancelled"]);

/**
 * oh-my-pi's `subagent` tool (await/inspect of detached `task` runs) records `details.subagents[]`:
 * `{id, status, agent, description, effectiveModel: "provider/model", ...}` and no usage (its
 * SubagentSnapshot; read in can1357/oh-my-pi and its fork gajae-code, src/tools/subagent.ts). Each
 * finished snapshot is one run, given as a result: agent, task (its description), provider and model.
 */
function finishedOmpSnapshots(snapshots: unknown): Record<string, unknown>[] {
  if (!Array.isArray(snapshots)) return [];
  return snapshots.flatMap((snapshot) => {
    const record = asRecord(snapshot);
    if (record === undefined || typeof record.agent !== "string" || typeof record.id !== "string") return [];
    if (typeof record.status !== "string" || !FINISHED_OMP_STATUSES.has(record.status)) return [];
    return [ompRunOf(record)];
  });
}

/** The same result object for the same snapshot every time: its child file is looked up by it. */
const OMP_RUNS = new WeakMap<object, Record<string, unknown>>();

function ompRunOf(record: Record<string, unknown>): Record<string, unknown> {
  const known = OMP_RUNS.get(record);
  if (known !== undefined) return known;
  const named = typeof record.effectiveModel === "string" ? record.effectiveModel : null;
  const slash = named === null ? -1 : named.indexOf("/");
  const run = {
    agent: record.agent,
    id: record.id,
    ...(typeof record.description === "string" ? { task: record.description } : {}),
    ...(named === null
      ? {}
      : slash > 0
        ? { provider: named.slice(0, slash), model: named.slice(slash + 1) }
        : { model: named }),
    ...(record.status === "completed" ? {} : { stopReason: "error" }),
  };
  OMP_RUNS.set(record, run);
  return run;
}

/**
 * Every sub-agent run under a tool result's `details`, children's children included (FORMAT.md §5).
 *
 * A run's `usage` is the sum of its own assistant messages, so each run counts one or the other, never
 * both: the recorded `usage` when present, else its messages' usage, else what its own session file
 * holds (`attachChildRuns`, when the file was found). Runs nested inside a run's messages
 * are separate work that no parent's `usage` includes, so they are counted as runs of their own.
 * Walks with an explicit stack: no recursion, whatever the nesting.
 */
export function collectSubagentRuns(details: unknown): SubagentRun[] {
  const runs: SubagentRun[] = [];
  const stack: { details: unknown; depth: number }[] = [{ details, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop() as { details: unknown; depth: number };
    for (const result of subagentResults(next.details)) {
      const messages = Array.isArray(result.messages) ? result.messages.map(parseMessage) : [];
      runs.push(runOf(result, messages, next.depth));
      if (next.depth >= MAX_DEPTH) continue;
      for (const message of messages) {
        if (message.role === "toolResult") stack.push({ details: message.details, depth: next.depth + 1 });
      }
    }
  }
  return runs;
}

function runOf(
  result: Record<string, unknown>,
  messages: ReturnType<typeof parseMessage>[],
  depth: number,
): SubagentRun {
  const replies = messages.flatMap((message) => (message.role === "assistant" ? [message] : []));
  const first = replies[0];
  const agent = typeof result.agent === "string" ? result.agent : null;
  // The replies name the model the way the rest of the session does; `result.model` is the fallback.
  const recorded = recordedModel(result);
  const model = first?.model ?? recorded.model;
  const provider = first?.provider ?? (first === undefined ? recorded.provider : null);
  const stored = asRecord(result.usage);
  if (stored !== undefined) {
    const { usage, issue } = toUsage(stored);
    const turns =
      typeof stored.turns === "number" && Number.isFinite(stored.turns) ? stored.turns : replies.length;
    return { agent, provider, model, usage, turns, depth, ...(issue === undefined ? {} : { issue }) };
  }
  // Nothing recorded in the parent: the run's own session file, where it was found and read.
  const child = childRunOf(result);
  if (replies.length === 0 && child?.usage != null) {
    const named = model !== null;
    return {
      agent,
      provider: named ? provider : child.provider,
      model: named ? model : child.model,
      usage: child.usage,
      turns: child.turns,
      depth,
    };
  }
  let usage = emptyUsage();
  for (const reply of replies) usage = addUsage(usage, toUsage(reply.usage).usage);
  return { agent, provider, model, usage, turns: replies.length, depth };
}

import type { CompactionEntry, SessionEntry } from "../schema/entry.js";
import type { SessionTree } from "../tree/build-tree.js";
import { pathTo } from "../tree/build-tree.js";
import { applyContextEdits, latestEdits } from "./apply-context-edits.js";
import type { ContextMessage, ContextMessageBody } from "./context-message.js";
import { roleOf } from "./context-message.js";
import { contextSize } from "./context-size.js";
import { entryToMessage } from "./entry-to-message.js";

/** The session context at one branch tip: what Pi would send the model next (FORMAT.md §7). */
export interface BranchContext {
  messages: ContextMessage[];
  /** The model from the last `model_change` or assistant reply on the full path; null if none. */
  model: { provider: string; modelId: string } | null;
  /** From the last `thinking_level_change` on the full path; `off` if none. */
  thinkingLevel: string;
  /**
   * Context size at the tip, as Pi 1.6's `getContextUsage` computes it (context-size.ts): the last usable
   * reply's tokens plus Pi's estimate of what follows, or Pi's estimate of the whole context; null after a
   * compaction until a usable reply comes after it.
   */
  tokens: number | null;
  /** Id of the compaction the context starts from, if any. */
  compactionId: string | null;
}

/**
 * Builds the context the model had at `tip`: path from the root, the latest compaction's summary and
 * kept range, entries turned into messages, then the latest `context_edit` per target applied.
 */
export function buildContext(tree: SessionTree, tip: number): BranchContext {
  const path = pathTo(tree, tip).map((index) => tree.entries[index] as SessionEntry);
  const { model, thinkingLevel, compactionAt } = readSettings(path);
  // What Pi 1.6 projects (buildSessionProjection): also `!!` commands, which it never sends the model but
  // counts in its size estimate; they are taken out of the context below.
  const selected: ContextMessage[] = [];
  const push = (entry: SessionEntry, skipSystem: boolean): void => {
    const message = entryToMessage(entry) ?? excludedCommand(entry);
    if (message === undefined || (skipSystem && message.role === "system")) return;
    selected.push({ role: roleOf(message), entryId: entry.id, message });
  };

  let compactionId: string | null = null;
  if (compactionAt === -1) {
    for (const entry of path) push(entry, false);
  } else {
    const holder = path[compactionAt] as SessionEntry;
    const compaction = holder.body as CompactionEntry;
    compactionId = holder.id;
    selectCompacted(path, compactionAt, compaction, holder.id, selected, push);
    for (const entry of path.slice(compactionAt + 1)) push(entry, false);
  }

  const projected = applyContextEdits(selected, latestEdits(path));
  const messages = projected.filter(({ message }) => !isExcludedCommand(message));
  return { messages, model, thinkingLevel, tokens: contextSize(path, compactionAt, projected), compactionId };
}

/** A `!!` command (`excludeFromContext`): in Pi's projection, never sent to the model. */
function excludedCommand(entry: SessionEntry): ContextMessageBody | undefined {
  return entry.body.type === "message" && isExcludedCommand(entry.body.message)
    ? entry.body.message
    : undefined;
}

function isExcludedCommand(message: ContextMessageBody): boolean {
  return message.role === "bashExecution" && message.excludeFromContext === true;
}

function readSettings(path: readonly SessionEntry[]): {
  model: BranchContext["model"];
  thinkingLevel: string;
  compactionAt: number;
} {
  let model: BranchContext["model"] = null;
  let thinkingLevel = "off";
  let compactionAt = -1;
  path.forEach(({ body }, position) => {
    if (body.type === "thinking_level_change") thinkingLevel = body.thinkingLevel;
    else if (body.type === "model_change") model = { provider: body.provider, modelId: body.modelId };
    else if (body.type === "compaction") compactionAt = position;
    else if (
      body.type === "message" &&
      body.message.role === "assistant" &&
      body.message.model !== undefined
    ) {
      model = { provider: body.message.provider ?? "", modelId: body.message.model };
    }
  });
  return { model, thinkingLevel, compactionAt };
}

/** The start of a compacted context: its system checkpoint, its summary, then what it kept. */
function selectCompacted(
  path: readonly SessionEntry[],
  compactionAt: number,
  compaction: CompactionEntry,
  compactionId: string,
  selected: ContextMessage[],
  push: (entry: SessionEntry, skipSystem: boolean) => void,
): void {
  const held = { entryId: null, fromEntryId: compactionId } as const;
  // A modern compaction's systemMessage replaces every earlier system message.
  if (compaction.systemMessage !== undefined) {
    selected.push({ ...held, role: roleOf(compaction.systemMessage), message: compaction.systemMessage });
  }
  selected.push({
    ...held,
    role: "compactionSummary",
    message: {
      role: "compactionSummary",
      summary: compaction.summary,
      tokensBefore: compaction.tokensBefore,
    },
  });
  if (compaction.retainedTail !== undefined) {
    for (const message of compaction.retainedTail) selected.push({ ...held, role: roleOf(message), message });
    return;
  }
  const firstKept = path.findIndex(
    (entry, position) => position < compactionAt && entry.id === compaction.firstKeptEntryId,
  );
  if (firstKept === -1) return;
  for (const entry of path.slice(firstKept, compactionAt)) push(entry, true);
}

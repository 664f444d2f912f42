import type { ContextMessageBody } from "../context/context-message.js";
import { entryToMessage } from "../context/entry-to-message.js";
import type { BranchAnalysis } from "../pipeline.js";
import type { ContentBlock } from "../schema/content.js";
import type { SessionEntry } from "../schema/entry.js";
import type { SessionTree } from "../tree/build-tree.js";
import type { ContextStatus } from "./entry-view.js";

function contentOf(message: ContextMessageBody): ContentBlock[] | string {
  switch (message.role) {
    case "user":
    case "assistant":
    case "toolResult":
    case "custom":
      return message.content;
    case "compactionSummary":
    case "branchSummary":
      return message.summary;
    case "bashExecution":
      return message.output;
    default:
      return "";
  }
}

/**
 * For each entry on the active path that once reached (or would have reached) the model but was not in
 * its context at the tip, why not: summarised by a compaction, omitted or replaced by a `context_edit`,
 * a `!!` command never sent, or a system message a compaction's checkpoint superseded.
 */
export function contextStatuses(tree: SessionTree, branch: BranchAnalysis): Map<number, ContextStatus> {
  const path = branch.path.map((index) => tree.entries[index] as SessionEntry);
  const inContext = new Map(
    branch.context.messages.flatMap((m) => (m.entryId === null ? [] : [[m.entryId, m]])),
  );
  const lastEdit = new Map<string, string>();
  for (const entry of path)
    if (entry.body.type === "context_edit") lastEdit.set(entry.body.targetId, entry.id);

  const compactionAt = path.findIndex((entry) => entry.id === branch.context.compactionId);
  const compaction = path[compactionAt];
  let keptFrom = compactionAt;
  if (compaction?.body.type === "compaction" && compaction.body.retainedTail === undefined) {
    const firstKept = path.findIndex(
      (e, at) =>
        at < compactionAt && e.id === (compaction.body as { firstKeptEntryId?: string }).firstKeptEntryId,
    );
    if (firstKept !== -1) keptFrom = firstKept;
  }

  const statuses = new Map<number, ContextStatus>();
  path.forEach((entry, at) => {
    const status = statusOf(entry, at);
    if (status !== null) statuses.set(entry.index, status);
  });
  return statuses;

  function statusOf(entry: SessionEntry, at: number): ContextStatus | null {
    const { body } = entry;
    if (
      body.type === "message" &&
      body.message.role === "bashExecution" &&
      body.message.excludeFromContext === true
    ) {
      return { kind: "excluded" };
    }
    const message = entryToMessage(entry);
    if (message === undefined) return null;
    if (compaction !== undefined && at < keptFrom) return { kind: "summarised", byId: compaction.id };
    const seen = inContext.get(entry.id);
    const editId = lastEdit.get(entry.id);
    if (seen !== undefined) {
      return seen.edited === "replaced" && editId !== undefined
        ? { kind: "replaced", byId: editId, replacement: contentOf(seen.message) }
        : null;
    }
    if (editId !== undefined) return { kind: "omitted", byId: editId };
    if (compaction !== undefined && at < compactionAt && message.role === "system") {
      return { kind: "superseded", byId: compaction.id };
    }
    return null;
  }
}

import type { SessionAnalysis } from "../pipeline.js";
import type { SessionEntry } from "../schema/entry.js";
import type { ToolResultMessage } from "../schema/message.js";
import { addToTotals, emptyTotals, type Totals } from "../usage/totals.js";
import { virtualModels } from "../usage/virtual-models.js";
import { textOf } from "./content-view.js";
import type { ContextStatus, EntryView, FoldSummary, TranscriptNode } from "./entry-view.js";
import { presentEntry } from "./present-entry.js";
import type { MessageContext } from "./present-message.js";
import { type ReplySelection, selectionsBefore } from "./reply-selection.js";
import { splitSkill } from "./skill.js";
import { titleText } from "./title-text.js";

/** Folds nest up to this depth; deeper branches are laid out flat so nothing recurses without bound. */
const MAX_FOLD_DEPTH = 8;

interface TranscriptInput {
  analysis: SessionAnalysis;
  anchors: readonly string[];
  statuses: ReadonlyMap<number, ContextStatus>;
}

/**
 * The transcript in reading order: the active branch from its root to the leaf; at each fork point the
 * other branches, folded, each holding its full content (its most recently written path inline, its own
 * forks folded again); other roots folded at the end. Every entry appears exactly once. A tool result is
 * shown inside its call when both are on the same run of entries.
 */
export function buildTranscript(input: TranscriptInput): TranscriptNode[] {
  const { tree } = input.analysis;
  if (tree.entries.length === 0) return [];
  const latest = latestInSubtree(input.analysis);
  const onActive = new Set(input.analysis.activeBranch?.path ?? []);
  const preferredChild = (index: number): number | undefined => {
    const children = tree.children[index] as readonly number[];
    // On the active path only the active child continues inline: past the leaf, everything is folded.
    if (onActive.has(index)) return children.find((child) => onActive.has(child));
    return maxBy(children, (child) => latest[child] as number);
  };
  const virtual = virtualModels(tree);
  const routing = { virtual, selections: selectionsBefore(tree, virtual) };
  const builder = new TranscriptBuilder(input, preferredChild, latest, routing);
  const activeRoot = input.analysis.activeBranch?.path[0] ?? (tree.roots[0] as number);
  const nodes = builder.chain(activeRoot, 0);
  for (const root of tree.roots) if (root !== activeRoot) nodes.push(builder.fold(root, "root", 1));
  return nodes;
}

class TranscriptBuilder {
  constructor(
    private readonly input: TranscriptInput,
    private readonly preferredChild: (index: number) => number | undefined,
    private readonly latest: Int32Array,
    private readonly routing: { virtual: ReadonlySet<string>; selections: readonly ReplySelection[] },
  ) {}

  /** The run of entries from `start` following preferred children, with other children folded in place. */
  chain(start: number, depth: number): TranscriptNode[] {
    const { tree } = this.input.analysis;
    const run: number[] = [];
    for (let at: number | undefined = start; at !== undefined; at = this.preferredChild(at)) run.push(at);
    const results = resultsInRun(tree.entries, run);
    const nodes: TranscriptNode[] = [];
    for (const index of run) {
      // A result shown inside its call has no card of its own, but branches may still leave from it.
      if (!results.taken.has(index)) nodes.push({ kind: "entry", entry: this.entryView(index, results) });
      const next = this.preferredChild(index);
      for (const child of tree.children[index] as readonly number[]) {
        if (child === next) continue;
        if (depth + 1 < MAX_FOLD_DEPTH) nodes.push(this.fold(child, "abandoned", depth + 1));
        else for (const node of this.flat(child)) nodes.push(node);
      }
    }
    return nodes;
  }

  fold(start: number, reason: "abandoned" | "root", depth: number): TranscriptNode {
    return { kind: "fold", reason, summary: this.summary(start), nodes: this.chain(start, depth) };
  }

  /** A whole subtree as one flat list (past the fold depth), depth first, without recursion. */
  private flat(start: number): TranscriptNode[] {
    const { tree } = this.input.analysis;
    const order: number[] = [];
    const stack = [start];
    while (stack.length > 0) {
      const index = stack.pop() as number;
      order.push(index);
      const children = tree.children[index] as readonly number[];
      for (let k = children.length - 1; k >= 0; k -= 1) stack.push(children[k] as number);
    }
    const results = resultsInRun(tree.entries, order);
    return order.flatMap((index) =>
      results.taken.has(index) ? [] : [{ kind: "entry" as const, entry: this.entryView(index, results) }],
    );
  }

  private entryView(index: number, results: RunResults): EntryView {
    const { analysis, anchors, statuses } = this.input;
    const entry = analysis.tree.entries[index] as SessionEntry;
    const paired: string[] = [];
    const context: MessageContext = {
      depth: 0,
      systemSeen: results.systemBefore(index),
      ...(this.routing.selections[index] === undefined ? {} : { selection: this.routing.selections[index] }),
      virtualModels: this.routing.virtual,
      takeResult: (callId) => {
        const found = results.take(index, callId);
        if (found === undefined) return undefined;
        const anchor = anchors[found] as string;
        paired.push(anchor);
        const body = analysis.tree.entries[found]?.body;
        return { message: (body as { message: ToolResultMessage }).message, anchor };
      },
    };
    // A result whose call is not in this run is shown alone; its entry's card carries its anchor.
    const content = presentEntry(entry.body, context);
    return {
      id: entry.id,
      anchor: anchors[index] as string,
      line: entry.line,
      timestamp: entry.timestamp ?? null,
      labels: analysis.tree.labels.has(entry.id) ? [analysis.tree.labels.get(entry.id) as string] : [],
      contextStatus: statuses.get(index) ?? null,
      pairedResultAnchors: paired,
      content,
    };
  }

  private summary(start: number): FoldSummary {
    const { analysis, anchors } = this.input;
    const { tree } = analysis;
    const usage: Totals = emptyTotals();
    let entries = 0;
    let lastPrompt: string | null = null;
    const stack = [start];
    const byEntry = analysis.usageByEntry;
    const members: number[] = [];
    while (stack.length > 0) {
      const index = stack.pop() as number;
      members.push(index);
      entries += 1;
      for (const item of byEntry.get(index) ?? []) addToTotals(usage, item.usage, item.turns, item.failed);
      for (const child of tree.children[index] as readonly number[]) stack.push(child);
    }
    members.sort((a, b) => a - b);
    for (const index of members) {
      const body = tree.entries[index]?.body;
      if (body?.type === "message" && body.message.role === "user") {
        lastPrompt = titleText(splitSkill(textOf(body.message.content)).typed, 100) || lastPrompt;
      }
    }
    const tip = this.latest[start] as number;
    const tipId = tree.entries[tip]?.id ?? "";
    return {
      anchor: `fold-${anchors[start]}`,
      entries,
      usage,
      lastPrompt,
      tipLabel: tree.labels.get(tipId) ?? null,
      tipAnchor: anchors[tip] as string,
    };
  }
}

interface RunResults {
  /** Result entries shown inside their calls: skipped as entries of their own. */
  taken: Set<number>;
  take(callerIndex: number, callId: string): number | undefined;
  systemBefore(index: number): boolean;
}

/** Tool results of a run of entries, looked up by call id, each taken at most once and only after its call. */
function resultsInRun(entries: readonly SessionEntry[], run: readonly number[]): RunResults {
  const byCallId = new Map<string, number[]>();
  const position = new Map<number, number>();
  let firstSystem = Number.POSITIVE_INFINITY;
  run.forEach((index, at) => {
    position.set(index, at);
    const body = entries[index]?.body;
    if (body?.type !== "message") return;
    if (body.message.role === "system" && at < firstSystem) firstSystem = at;
    if (body.message.role !== "toolResult" || body.message.toolCallId === undefined) return;
    const list = byCallId.get(body.message.toolCallId);
    if (list === undefined) byCallId.set(body.message.toolCallId, [index]);
    else list.push(index);
  });
  const taken = new Set<number>();
  return {
    taken,
    take(callerIndex, callId) {
      const callerAt = position.get(callerIndex) ?? -1;
      const found = byCallId
        .get(callId)
        ?.find((index) => !taken.has(index) && (position.get(index) ?? -1) > callerAt);
      if (found !== undefined) taken.add(found);
      return found;
    },
    systemBefore: (index) => (position.get(index) ?? 0) > firstSystem,
  };
}

/** For each entry, the index of the last-written entry in its subtree (file order = writing order). */
function latestInSubtree(analysis: SessionAnalysis): Int32Array {
  const { tree } = analysis;
  const latest = Int32Array.from(tree.entries, (_, index) => index);
  for (let k = tree.order.length - 1; k >= 0; k -= 1) {
    const index = tree.order[k] as number;
    const parent = tree.parent[index] as number;
    if (parent !== -1 && (latest[index] as number) > (latest[parent] as number))
      latest[parent] = latest[index] as number;
  }
  return latest;
}

function maxBy(items: readonly number[], key: (item: number) => number): number | undefined {
  let best: number | undefined;
  for (const item of items) if (best === undefined || key(item) > key(best)) best = item;
  return best;
}

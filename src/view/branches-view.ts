import type { SessionAnalysis } from "../pipeline.js";
import type { SessionEntry } from "../schema/entry.js";
import type { Totals } from "../usage/totals.js";
import { textOf } from "./content-view.js";
import { firstLine } from "./format.js";
import { splitSkill } from "./skill.js";

/** One branch tip in the outline of the tree. */
export interface BranchView {
  tipId: string;
  tipAnchor: string;
  label: string | null;
  active: boolean;
  entryCount: number;
  usage: Totals;
  /** Where it leaves the active branch (null for the active branch, or another root). */
  forkAnchor: string | null;
  forkId: string | null;
  lastPrompt: string | null;
}

/** Every branch tip with its label, size and cost, the active one first, each linked to its place. */
export function branchesView(analysis: SessionAnalysis, anchors: readonly string[]): BranchView[] {
  const { tree } = analysis;
  const onActive = new Set(analysis.activeBranch?.path ?? []);
  const views = analysis.branches.map((branch): BranchView => {
    const tip = tree.entries[branch.tip] as SessionEntry;
    let fork: number | null = null;
    if (!branch.active) for (const index of branch.path) if (onActive.has(index)) fork = index;
    let lastPrompt: string | null = null;
    for (const index of branch.path) {
      const body = tree.entries[index]?.body;
      if (body?.type === "message" && body.message.role === "user") {
        lastPrompt = firstLine(splitSkill(textOf(body.message.content)).typed, 100) || lastPrompt;
      }
    }
    return {
      tipId: tip.id,
      tipAnchor: anchors[branch.tip] as string,
      label: tree.labels.get(tip.id) ?? null,
      active: branch.active,
      entryCount: branch.path.length,
      usage: branch.total,
      forkAnchor: fork === null ? null : (anchors[fork] as string),
      forkId: fork === null ? null : (tree.entries[fork]?.id ?? null),
      lastPrompt,
    };
  });
  return [...views.filter((view) => view.active), ...views.filter((view) => !view.active)];
}

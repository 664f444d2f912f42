import type { Problem } from "../read/problem.js";
import type { SessionEntry } from "../schema/entry.js";
import { breakCycles } from "./break-cycles.js";
import { replayLabels, sessionName } from "./labels.js";

/** The entry tree of a session. Entries are referred to by their index in `entries` (file order). */
export interface SessionTree {
  entries: readonly SessionEntry[];
  /** Index of the entry an id refers to; for a duplicated id, the later line. */
  indexById: ReadonlyMap<string, number>;
  /** Parent index of each entry, or -1 for a root (including orphans and entries cut out of a cycle). */
  parent: Int32Array;
  /** Child indices of each entry, in file order. */
  children: readonly (readonly number[])[];
  /** Root indices in file order. */
  roots: readonly number[];
  /** Every entry once, parents before children (depth-first from the roots, in file order). */
  order: readonly number[];
  /** The entry Pi resumes from: the last entry in file order, unless chosen; -1 for a file without entries. */
  leaf: number;
  /** Entries without children, in file order. */
  tips: readonly number[];
  /** Current label of each labelled entry id (labels replayed in file order). */
  labels: ReadonlyMap<string, string>;
  /** The session's name from the last `session_info` entry, or null. */
  name: string | null;
  /** Damage found in the tree: duplicate ids, missing parents, cycles. */
  problems: readonly Problem[];
}

/** Thrown when a leaf was asked for by id and no entry has it. */
export class UnknownEntryError extends Error {
  override readonly name = "UnknownEntryError";
  constructor(readonly entryId: string) {
    super(`no entry has the id \`${entryId}\``);
  }
}

/** What most entries of a long session have below them: one array for them all, never written to. */
const NO_CHILDREN: readonly number[] = Object.freeze([]);

/**
 * Each entry's children and the roots, from each entry's parent. Each list is made at its final size
 * (counted first), and a childless entry shares `NO_CHILDREN`: an array grown one push at a time keeps
 * room for 17, and one per entry was a fifth of a long session's analysis.
 */
function linkChildren(parent: Int32Array): { children: (readonly number[])[]; roots: number[] } {
  const counts = new Uint32Array(parent.length);
  for (const parentIndex of parent)
    if (parentIndex !== -1) counts[parentIndex] = (counts[parentIndex] ?? 0) + 1;
  const children = Array.from(counts, (count): number[] | readonly number[] =>
    count === 0 ? NO_CHILDREN : new Array<number>(count),
  );
  const filled = new Uint32Array(parent.length);
  const roots: number[] = [];
  parent.forEach((parentIndex, index) => {
    if (parentIndex === -1) {
      roots.push(index);
      return;
    }
    const at = filled[parentIndex] ?? 0;
    (children[parentIndex] as number[])[at] = index;
    filled[parentIndex] = at + 1;
  });
  return { children, roots };
}

/**
 * Links entries into a tree (FORMAT.md §6). Never recurses per entry and never loops: a parent chain
 * that cycles is cut at its earliest entry, which becomes a root, and the cut is reported.
 *
 * @param leafId show the session as if Pi had resumed from this entry instead of the last one.
 * @throws {UnknownEntryError} when `leafId` names no entry.
 */
export function buildTree(entries: readonly SessionEntry[], leafId?: string): SessionTree {
  const problems: Problem[] = [];
  const index = indexEntries(entries, problems);
  const { indexById } = index;
  const parent = resolveParents(entries, index, problems);
  breakCycles(parent, entries, problems);

  const { children, roots } = linkChildren(parent);

  let leaf = entries.length - 1;
  if (leafId !== undefined) {
    const chosen = indexById.get(leafId);
    if (chosen === undefined) throw new UnknownEntryError(leafId);
    leaf = chosen;
  }
  const tips = children.flatMap((list, index) => (list.length === 0 ? [index] : []));
  return {
    entries,
    indexById,
    parent,
    children,
    roots,
    order: depthFirstOrder(roots, children),
    leaf,
    tips,
    labels: replayLabels(entries),
    name: sessionName(entries),
    problems,
  };
}

interface EntryIndex {
  /** Index of the entry an id refers to: the later line wins. */
  indexById: Map<string, number>;
  /** For each id used more than once, the indices of its entries in file order. */
  duplicates: Map<string, number[]>;
}

function indexEntries(entries: readonly SessionEntry[], problems: Problem[]): EntryIndex {
  const indexById = new Map<string, number>();
  const duplicates = new Map<string, number[]>();
  for (const entry of entries) {
    const earlier = indexById.get(entry.id);
    if (earlier !== undefined) {
      problems.push({
        line: entry.line,
        kind: "structure",
        code: "duplicate-id",
        detail: { id: entry.id, alsoOn: entries[earlier]?.line },
      });
      const positions = duplicates.get(entry.id);
      if (positions === undefined) duplicates.set(entry.id, [earlier, entry.index]);
      else positions.push(entry.index);
    }
    indexById.set(entry.id, entry.index);
  }
  return { indexById, duplicates };
}

function resolveParents(
  entries: readonly SessionEntry[],
  { indexById, duplicates }: EntryIndex,
  problems: Problem[],
): Int32Array {
  const parent = new Int32Array(entries.length).fill(-1);
  for (const entry of entries) {
    if (entry.parentId === null) continue;
    if (entry.parentId === entry.id) {
      problems.push({
        line: entry.line,
        kind: "structure",
        code: "own-parent",
        detail: {},
      });
      continue;
    }
    const parentIndex = parentIndexOf(entry, indexById, duplicates);
    if (parentIndex === undefined) {
      problems.push({
        line: entry.line,
        kind: "structure",
        code: "missing-parent",
        detail: { parentId: entry.parentId },
      });
      continue;
    }
    parent[entry.index] = parentIndex;
  }
  return parent;
}

/**
 * Where a parent link points. Ids are looked up with the later line winning (FORMAT.md §6), except that
 * a duplicated parent id resolves to the nearest entry with that id *before* the child: files are
 * appended to, so a parent always precedes its children, and "later wins" there would send a chain
 * into a loop (this is how Pi's own v1 migration, which can mint an id twice, would hang).
 */
function parentIndexOf(
  entry: SessionEntry,
  indexById: ReadonlyMap<string, number>,
  duplicates: ReadonlyMap<string, readonly number[]>,
): number | undefined {
  const parentId = entry.parentId as string;
  const positions = duplicates.get(parentId);
  if (positions === undefined) return indexById.get(parentId);
  let nearest: number | undefined;
  for (const position of positions) if (position < entry.index) nearest = position;
  return nearest ?? indexById.get(parentId);
}

function depthFirstOrder(roots: readonly number[], children: readonly (readonly number[])[]): number[] {
  const order: number[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const index = stack.pop() as number;
    order.push(index);
    const kids = children[index] as readonly number[];
    for (let k = kids.length - 1; k >= 0; k -= 1) stack.push(kids[k] as number);
  }
  return order;
}

/** Indices from the root down to `index`, inclusive. */
export function pathTo(tree: Pick<SessionTree, "parent">, index: number): number[] {
  const path: number[] = [];
  for (let at = index; at !== -1; at = tree.parent[at] as number) path.push(at);
  return path.reverse();
}

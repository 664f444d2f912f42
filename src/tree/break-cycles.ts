import type { Problem } from "../read/problem.js";
import type { SessionEntry } from "../schema/entry.js";

const UNVISITED = 0;
const ON_WALK = 1;
const DONE = 2;

/**
 * Cuts every loop in the parent links so the links form a forest. Each entry has one parent, so each
 * loop is found by walking up once; the loop's earliest entry in file order loses its parent (becomes a
 * root) and the loop is reported with its lines. Linear in the number of entries, no recursion.
 */
export function breakCycles(parent: Int32Array, entries: readonly SessionEntry[], problems: Problem[]): void {
  const state = new Uint8Array(parent.length);
  const walk: number[] = [];
  for (let start = 0; start < parent.length; start += 1) {
    if (state[start] !== UNVISITED) continue;
    walk.length = 0;
    let at = start;
    while (at !== -1 && state[at] === UNVISITED) {
      state[at] = ON_WALK;
      walk.push(at);
      at = parent[at] as number;
    }
    if (at !== -1 && state[at] === ON_WALK) {
      const loop = walk.slice(walk.indexOf(at));
      // Not Math.min(...loop): a loop can hold more entries than a call can take arguments.
      const earliest = loop.reduce((a, b) => Math.min(a, b));
      parent[earliest] = -1;
      const entry = entries[earliest] as SessionEntry;
      problems.push({
        line: entry.line,
        kind: "structure",
        code: "parent-loop",
        detail: { lines: [...loop].sort((a, b) => a - b).map((index) => entries[index]?.line) },
      });
    }
    for (const index of walk) state[index] = DONE;
  }
}

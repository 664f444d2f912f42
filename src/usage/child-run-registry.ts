import type { Usage } from "./usage.js";

/** A sub-agent run's own session file, and what it holds when it was read. */
export interface ChildRun {
  /** The file as the report names it (from the parent file's folder when found). */
  shown: string;
  /** The file, when found below the parent's folder; null otherwise. */
  path: string | null;
  /** Every piece of usage in the child file (its own runs included); null when not read. */
  usage: Usage | null;
  turns: number;
  provider: string | null;
  model: string | null;
  /** Why the file could not be read, when it could not. */
  error?: string;
}

/**
 * The child file found for each run record of an analyzed session, by the record object itself: the
 * counting (subagent-usage.ts) and the card (subagent-body.ts) look the same record up. A WeakMap, so
 * an entry lives exactly as long as the session it describes.
 */
const CHILD_RUNS = new WeakMap<object, ChildRun>();

/** The child file found for a run record, if its session was analyzed with its path. */
export function childRunOf(result: object): ChildRun | undefined {
  return CHILD_RUNS.get(result);
}

export function rememberChildRun(result: object, run: ChildRun): void {
  CHILD_RUNS.set(result, run);
}

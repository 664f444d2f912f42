import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { migrateSession } from "../migrate/migrate-session.js";
import { type Session, typeEntries } from "../migrate/type-entries.js";
import type { Problem } from "../read/problem.js";
import { readSessionFile } from "../read/read-session-file.js";
import { buildTree } from "../tree/build-tree.js";
import type { ChildRun } from "../usage/child-run-registry.js";
import { collectUsage } from "../usage/collect-usage.js";
import { addUsage, emptyUsage } from "../usage/usage.js";

/** Child files are followed this deep (a child's child's ...); a file this deep is read, its runs' files not. */
export const MAX_CHILD_DEPTH = 8;

/**
 * At most this many child files are read for one session. Each is read once, so the work is already
 * linear in the files below the session's folder; this bounds it when that folder holds thousands.
 */
export const MAX_CHILD_FILES = 1000;

/** What a child file holds: the same for every run that names it. */
export type ChildFileSummary = Pick<ChildRun, "usage" | "turns" | "provider" | "model" | "error">;

/** A file being read: a run inside it that names it again closes a loop. */
const OPEN = Symbol("open");

/**
 * The child files read for one session (one `attachChildRuns`), by real path: a file that many runs
 * name, at any level, is read once and its summary shared. Without this, ten runs naming one file whose
 * ten runs name one file, five levels down, read the last file 100,000 times.
 */
export class ChildFileReads {
  readonly #known = new Map<string, ChildFileSummary | typeof OPEN>();
  #reads = 0;
  #overLimit = 0;
  #loops = 0;

  /** The reads for the session at `sessionPath`, which counts as open: a child naming it closes a loop. */
  constructor(sessionPath: string) {
    this.#known.set(fileKey(sessionPath), OPEN);
  }

  /**
   * What the child file at `path` holds, read now or earlier in this session. `depth` is the file's
   * (1 for the session's own runs); below `MAX_CHILD_DEPTH`, `attach` is handed the file's session
   * first, to attach its own runs' files, so that its summary counts them.
   */
  read(path: string, depth: number, attach: (session: Session, path: string) => void): ChildFileSummary {
    const key = fileKey(path);
    const known = this.#known.get(key);
    if (known === OPEN) {
      this.#loops += 1;
      return unread("not read again: a session file that is already being read above this run (a loop)");
    }
    if (known !== undefined) return known;
    if (this.#reads >= MAX_CHILD_FILES) {
      this.#overLimit += 1;
      const summary = unread(`not read: a report reads at most ${MAX_CHILD_FILES} sub-agent session files`);
      this.#known.set(key, summary);
      return summary;
    }
    this.#reads += 1;
    this.#known.set(key, OPEN);
    const summary = summarize(path, depth < MAX_CHILD_DEPTH ? attach : null);
    this.#known.set(key, summary);
    return summary;
  }

  /** What was left unread, as the session's problems (concerning no line of its own). */
  problems(): Problem[] {
    const problems: Problem[] = [];
    if (this.#overLimit > 0) {
      problems.push({
        line: null,
        kind: "unreadable",
        code: "subagent-files-over-limit",
        detail: { limit: MAX_CHILD_FILES, files: this.#overLimit },
      });
    }
    if (this.#loops > 0) {
      problems.push({
        line: null,
        kind: "structure",
        code: "subagent-file-loop",
        detail: { runs: this.#loops },
      });
    }
    return problems;
  }
}

/**
 * A file's identity: the real path of its folder, and its own name. Not the real path of the file: its
 * runs' files are looked for in a folder named after it (child-session-file.ts), so two links to one file
 * under different names can have different children.
 */
function fileKey(path: string): string {
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return resolve(path);
  }
}

function unread(error: string): ChildFileSummary {
  return { usage: null, turns: 0, provider: null, model: null, error };
}

/** Every piece of usage in the file (its runs' files included, through `attach`), and its first model. */
function summarize(
  path: string,
  attach: ((session: Session, path: string) => void) | null,
): ChildFileSummary {
  try {
    const session = typeEntries(migrateSession(readSessionFile(path)));
    attach?.(session, path);
    const { items } = collectUsage(buildTree(session.entries), null);
    let usage = emptyUsage();
    let turns = 0;
    for (const item of items) {
      usage = addUsage(usage, item.usage);
      turns += item.turns;
    }
    const reply = items.find((item) => item.source === "assistant" && item.model !== null);
    return { usage, turns, provider: reply?.provider ?? null, model: reply?.model ?? null };
  } catch (error) {
    return unread(error instanceof Error ? error.message : String(error));
  }
}

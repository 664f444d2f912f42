import { setMaxListeners } from "node:events";
import type { SessionResult, SessionTask } from "./process-session.js";
import { progressBar } from "./progress-bar.js";
import { createSessionRunner, type SessionRunner } from "./session-pool.js";

/** What became of a task whose report, if it was rendered, was written. */
export type WrittenResult = Exclude<SessionResult, { kind: "unwritten" }>;

/**
 * The results, once none is a report that could not be written: one that was means the site's disk
 * failed (full, read-only), and the run stops before anything of the site changes.
 *
 * @throws {Error} with the file system's `code`, which the site transaction turns into one line.
 */
function writtenResults(results: readonly SessionResult[]): WrittenResult[] {
  const written: WrittenResult[] = [];
  for (const result of results) {
    if (result.kind === "unwritten") {
      throw Object.assign(new Error(result.error), { code: result.code ?? "EIO" });
    }
    written.push(result);
  }
  return written;
}

/** When the pool's threads are replaced by fresh ones (see `runTasks`). */
export interface Recycling {
  /** The process's resident memory, in bytes, past which they are. */
  rss: number;
  /** Sessions a pool renders at least before it may be replaced: a fresh thread costs a second or two. */
  minTasks: number;
}

/**
 * A worker thread's heap grows with the sessions it renders and is not given back while it lives: at
 * 10,000 sessions each of the two threads held ~280 MB after five minutes, and the process passed 800 MB
 * before its last phase began. Past 700 MB the threads are replaced between two sessions; a site of
 * 1,000 sessions never gets there.
 */
export const RECYCLING: Recycling = { rss: 700 * 1024 * 1024, minTasks: 500 };

/**
 * Runs the tasks in `threads` worker threads (0: in this one), with a progress bar on a terminal; the
 * results come back in the tasks' order. `settle` sees each result as it comes and gives what is kept of
 * it (the archive writes a session's searchable text to disk there, rather than hold every session's).
 * The threads take the tasks in order, one each at a time; when the process is past `recycling.rss`, the
 * sessions under way finish and the rest go to fresh threads. `doing` names the work on the progress bar.
 *
 * @throws {Error} with the file system's `code` when a report could not be written (see writtenResults).
 */
export async function runTasks(
  tasks: readonly SessionTask[],
  threads: number,
  stderr: { write(chunk: string): unknown; isTTY?: boolean },
  settle: (task: SessionTask, result: SessionResult) => SessionResult = (_, result) => result,
  recycling: Recycling = RECYCLING,
  doing = "archiving",
): Promise<WrittenResult[]> {
  if (tasks.length === 0) return [];
  const progress = progressBar(stderr, tasks.length, doing);
  // A report that could not be written means the site's disk failed: the sessions not yet started are
  // not rendered for nothing (the corpus on a full 2 MB disk: 9 s to say so, 21 before).
  const stop = new AbortController();
  // Every task under way listens on it (Node warns past 10 listeners, on the user's terminal).
  setMaxListeners(Math.max(threads, 1) + 1, stop.signal);
  const results: SessionResult[] = [];
  let next = 0;

  const runOne = (runner: SessionRunner, task: SessionTask): Promise<SessionResult> =>
    runner
      .run(task, stop.signal)
      .then((result) => {
        if (result.kind === "unwritten") stop.abort();
        return settle(task, result);
      })
      // processSession never throws; this is a worker that died (out of memory, killed), or a task
      // stopped before it began (the run is failing: writtenResults throws).
      .catch((error: unknown): SessionResult => {
        const reason = error instanceof Error ? error.message : String(error);
        return {
          size: null,
          mtimeMs: null,
          hash: null,
          kind: "failed",
          error: `${task.file}: worker failed: ${reason}`,
        };
      })
      .finally(progress.tick);

  // One pool's share of the tasks: each thread takes the next task when its last is done, until none
  // is left or the pool is to be replaced.
  const runPool = async (runner: SessionRunner, lanes: number): Promise<void> => {
    let done = 0;
    let replace = false;
    const lane = async () => {
      while (!replace && next < tasks.length) {
        const index = next++;
        results[index] = await runOne(runner, tasks[index] as SessionTask);
        done += 1;
        replace = threads > 0 && done >= recycling.minTasks && process.memoryUsage.rss() > recycling.rss;
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  };

  try {
    while (next < tasks.length) {
      const width = Math.min(threads, tasks.length - next);
      const runner = createSessionRunner(width);
      try {
        await runPool(runner, Math.max(width, 1));
      } finally {
        await runner.close();
      }
    }
    return writtenResults(results);
  } finally {
    progress.done();
  }
}

import { setMaxListeners } from "node:events";
import type { SessionResult, SessionTask } from "./process-session.js";
import { progressBar } from "./progress-bar.js";
import { createSessionRunner } from "./session-pool.js";

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

/**
 * Runs the tasks in `threads` worker threads (0: in this one), with a progress bar on a terminal; the
 * results come back in the tasks' order. `settle` sees each result as it comes and gives what is kept of
 * it (the archive writes a session's searchable text to disk there, rather than hold every session's).
 *
 * @throws {Error} with the file system's `code` when a report could not be written (see writtenResults).
 */
export async function runTasks(
  tasks: readonly SessionTask[],
  threads: number,
  stderr: { write(chunk: string): unknown; isTTY?: boolean },
  settle: (task: SessionTask, result: SessionResult) => SessionResult = (_, result) => result,
): Promise<WrittenResult[]> {
  if (tasks.length === 0) return [];
  const progress = progressBar(stderr, tasks.length);
  const runner = createSessionRunner(Math.min(threads, tasks.length));
  // A report that could not be written means the site's disk failed: the sessions not yet started are
  // not rendered for nothing (the corpus on a full 2 MB disk: 9 s to say so, 21 before).
  const stop = new AbortController();
  // Every queued task listens on it: 10,000 sessions are no leak (Node warned past 10, on the user's terminal).
  setMaxListeners(tasks.length + 1, stop.signal);
  try {
    return writtenResults(
      await Promise.all(
        tasks.map((task) =>
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
            .finally(progress.tick),
        ),
      ),
    );
  } finally {
    progress.done();
    await runner.close();
  }
}

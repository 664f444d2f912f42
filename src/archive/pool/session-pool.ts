import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { compiledScript } from "../../package-root.js";
import type { SessionResult, SessionTask } from "./process-session.js";

/** Runs session tasks, in worker threads or in the calling thread. */
export interface SessionRunner {
  /** Runs a task; once `signal` is aborted, a task not yet started is rejected instead. */
  run(task: SessionTask, signal?: AbortSignal): Promise<SessionResult>;
  close(): Promise<void>;
}

/** The compiled worker script (see `compiledScript`). */
export const WORKER_SCRIPT: URL = compiledScript(
  new URL("./archive-worker.js", import.meta.url),
  "dist",
  "archive",
  "pool",
  "archive-worker.js",
);

/** One task at a time, in order: started all at once they would hold every analysis in memory together. */
function inThisThread(): SessionRunner {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(task, signal) {
      // Imported here, not at the top: with worker threads, the reader and renderer (shiki and all) are
      // never loaded into this thread, and a run with nothing to render starts faster.
      const result = queue.then(async () => {
        signal?.throwIfAborted();
        return (await import("./process-session.js")).processSession(task);
      });
      queue = result.catch(() => {});
      return result;
    },
    close: async () => {},
  };
}

/**
 * A runner over `threads` worker threads (piscina), or in this thread when `threads` is 0. A worker
 * returns only the task's small result; the analysis and the HTML stay and die in the worker.
 *
 * @throws {Error} when threads are asked for and the compiled worker script is missing.
 */
export function createSessionRunner(threads: number): SessionRunner {
  if (threads <= 0) return inThisThread();
  if (!existsSync(WORKER_SCRIPT)) {
    throw new Error(
      `the archive worker \`${fileURLToPath(WORKER_SCRIPT)}\` is missing; run \`npm run build\``,
    );
  }
  const pool = new Piscina<SessionTask, SessionResult>({
    filename: WORKER_SCRIPT.href,
    minThreads: threads,
    maxThreads: threads,
    // One session at a time per thread: memory stays bounded by the largest session, not by their number.
    concurrentTasksPerWorker: 1,
  });
  return {
    run: (task, signal) => pool.run(task, { signal }),
    close: () => pool.destroy(),
  };
}

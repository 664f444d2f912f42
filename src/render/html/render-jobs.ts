import { HIGHLIGHT_PRIORITIES, type HighlightPriority } from "../primitives/highlight/budget.js";

interface Job {
  priority: number;
  order: number;
  run: () => Promise<string>;
  assign: (html: string) => void;
}

/**
 * Highlighting and markdown work collected while the page model is built, then run highest priority
 * first (commands, diffs, written files, code fences, tool output) so that the highlight budget is spent
 * on what readers scan for. Jobs of one priority run in the order they were added: the output is
 * deterministic.
 */
export class RenderJobs {
  readonly #jobs: Job[] = [];

  /** Queues work whose HTML `assign` stores into the page model. */
  add(priority: HighlightPriority, run: () => Promise<string>, assign: (html: string) => void): void {
    this.#jobs.push({
      priority: HIGHLIGHT_PRIORITIES.indexOf(priority),
      order: this.#jobs.length,
      run,
      assign,
    });
  }

  get size(): number {
    return this.#jobs.length;
  }

  /** Runs every queued job, in priority order, one at a time (highlighting is CPU-bound anyway). */
  async runAll(onProgress?: (done: number, total: number) => void): Promise<void> {
    const jobs = [...this.#jobs].sort((a, b) => a.priority - b.priority || a.order - b.order);
    this.#jobs.length = 0;
    let done = 0;
    for (const job of jobs) {
      job.assign(await job.run());
      done += 1;
      if (onProgress !== undefined && (done % 200 === 0 || done === jobs.length))
        onProgress(done, jobs.length);
    }
  }
}

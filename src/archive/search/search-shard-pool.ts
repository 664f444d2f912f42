import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { compiledScript } from "../../package-root.js";
import { buildShard, type ShardBuild } from "./search-shard-build.js";

/** Builds search shards, in a worker thread or in the calling thread. */
export interface ShardBuilder {
  build(job: ShardBuild): Promise<void>;
  close(): Promise<void>;
}

/**
 * The compiled worker script (see `compiledScript`): the bundled command has no copy beside it and
 * loads the library's, a few small modules (MiniSearch and the shard's own).
 */
export const SHARD_WORKER_SCRIPT: URL = compiledScript(
  new URL("./search-shard-worker.js", import.meta.url),
  "dist",
  "archive",
  "search",
  "search-shard-worker.js",
);

/**
 * A builder over one worker thread, or this thread when `inThread`. In a thread of its own a shard's
 * index is made and dropped in a small heap: on the run's, which holds every session's record, each
 * shard's garbage piled up before it was collected (10,000 sessions: 410 -> 855 MB of heap while the
 * 32 shards were built, the run's peak).
 *
 * @throws {Error} when a thread is asked for and the compiled worker script is missing.
 */
export function createShardBuilder(inThread: boolean): ShardBuilder {
  if (inThread) return { build: buildShard, close: async () => {} };
  if (!existsSync(SHARD_WORKER_SCRIPT)) {
    throw new Error(
      `the search shard worker \`${fileURLToPath(SHARD_WORKER_SCRIPT)}\` is missing; run \`npm run build\``,
    );
  }
  const pool = new Piscina<ShardBuild, void>({
    filename: SHARD_WORKER_SCRIPT.href,
    minThreads: 1,
    maxThreads: 1,
  });
  return { build: (job) => pool.run(job), close: () => pool.destroy() };
}

/**
 * The worker-thread entry that builds the search shards (piscina loads this file's compiled `.js`): a
 * shard's index and text are made and dropped in a heap of their own (see search-shard-pool.ts).
 */
export { buildShard as default } from "./search-shard-build.js";

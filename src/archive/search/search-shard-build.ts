import { rmSync } from "node:fs";
import { writeWholeFile } from "../site/write-whole-file.js";
import { type SearchSession, shardFiles } from "./search-index.js";
import { readSearchText } from "./search-text.js";

/** One search shard to build, in plain data: it crosses to a worker thread. */
export interface ShardBuild {
  members: readonly SearchSession[];
  /** Files of searchable text (absolute), the first one holding a session's text at its hash winning. */
  sources: readonly string[];
  /** A source removed once read (this run's own): a run needs no more room on disk than its site. */
  spent: string;
  /** Where the shard's script and the text it was built from are written (absolute, staged). */
  shardFile: string;
  textFile: string;
}

/** Reads a shard's text, builds its index and writes both files. */
export async function buildShard(job: ShardBuild): Promise<void> {
  const docs = readSearchText(job.sources, new Map(job.members.map((member) => [member.file, member.hash])));
  rmSync(job.spent, { force: true });
  const { text, inputs } = shardFiles(job.members, docs);
  await writeWholeFile(job.shardFile, text);
  await writeWholeFile(job.textFile, inputs);
}

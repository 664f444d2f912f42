import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ArchiveModel } from "../model/archive-model.js";
import type { Manifest, ManifestRecord } from "../model/manifest.js";
import { SEARCH_TEXT_FOLDER, siteFile } from "../site/site-paths.js";
import type { SiteStaging } from "../site/site-staging.js";
import {
  SEARCH_LIBRARY,
  type SearchSession,
  type SearchShard,
  searchLibrary,
  searchShards,
} from "./search-index.js";
import { createShardBuilder } from "./search-shard-pool.js";
import { searchTextFile } from "./search-text.js";

/** Where a run keeps its searchable text, by shard, until the shards are built (staging-relative). */
export const SPILLED_SEARCH_TEXT = ".search-text";

/**
 * The sessions the search finds, with their page and title as the index shows them (`shown`, the model
 * redacted: its sessions are `built`'s, in the same order) and the text their record keeps.
 */
function searchSessions(
  built: ArchiveModel,
  shown: ArchiveModel,
  records: readonly ManifestRecord[],
): SearchSession[] {
  const byFile = new Map(records.map((record) => [record.file, record]));
  return built.sessions.flatMap((session, index): SearchSession[] => {
    const record = byFile.get(session.file);
    const display = shown.sessions[index];
    if (record?.outcome.kind !== "session" || display?.report == null) return [];
    const docCount = record.outcome.searchDocs ?? 0;
    return [
      { file: session.file, report: display.report, title: display.title, hash: record.hash, docCount },
    ];
  });
}

/** Where a run finds the text its search is built from. */
export interface SearchText {
  /** The site folder, whose `pi-report-search/` holds the text the earlier run's shards were built from. */
  output: string;
  /** This run's spilled text (`putSearchTextAside`), absolute. */
  spilled: string;
  /** The settings the pages were made with (`settings` of the manifest). */
  settings: string;
}

/**
 * The search index's shards for the site's sessions: each kept when its sessions are those of the shard
 * the earlier run wrote, else to be built.
 */
export function siteSearchShards(
  built: ArchiveModel,
  shown: ArchiveModel,
  records: readonly ManifestRecord[],
  earlier: Manifest | null,
  text: SearchText,
): SearchShard[] {
  return searchShards(
    searchSessions(built, shown, records),
    text.settings,
    earlier?.searchShards ?? {},
    (path) => existsSync(siteFile(text.output, path)),
  );
}

/**
 * Writes the search shards that changed, one at a time, each with the text it was built from (this
 * run's first, a session read again, then the text the site's shard was built from), and the library
 * when there is any: the files to put in place. `inThread`: no worker thread (`--workers 0`).
 */
export async function writeSearch(
  staging: Pick<SiteStaging, "path" | "write">,
  shards: readonly SearchShard[],
  text: SearchText,
  inThread: boolean,
): Promise<string[]> {
  if (shards.length === 0) return [];
  const written: string[] = [SEARCH_LIBRARY];
  await staging.write(SEARCH_LIBRARY, searchLibrary());
  const builder = createShardBuilder(inThread);
  try {
    for (const shard of shards) {
      if (shard.kept) continue;
      const thisRun = siteFile(text.spilled, searchTextFile(shard.name));
      await builder.build({
        members: shard.members,
        sources: [thisRun, siteFile(text.output, searchTextFile(shard.name))],
        spent: thisRun,
        shardFile: staging.path(shard.path),
        textFile: staging.path(searchTextFile(shard.name)),
      });
      written.push(shard.path, searchTextFile(shard.name));
    }
  } finally {
    await builder.close();
  }
  return written;
}

/** Text files of shards an earlier run wrote that this one has not (site-relative). */
function staleSearchText(output: string, shards: readonly SearchShard[]): string[] {
  const folder = join(output, SEARCH_TEXT_FOLDER);
  if (!existsSync(folder)) return [];
  const now = new Set(shards.map((shard) => searchTextFile(shard.name)));
  return readdirSync(folder)
    .map((name) => `${SEARCH_TEXT_FOLDER}/${name}`)
    .filter((path) => !now.has(path));
}

/**
 * The search files an earlier run wrote that this one has not (site-relative): shards of no session now,
 * the library when the site has no search now, and their text.
 */
export function staleSearchFiles(
  output: string,
  earlier: Manifest | null,
  shards: readonly SearchShard[],
): string[] {
  const paths = new Set(shards.map((shard) => shard.path));
  const stale = [
    ...Object.keys(earlier?.searchShards ?? {}).filter((path) => !paths.has(path)),
    ...(shards.length === 0 && earlier?.searchShards !== undefined ? [SEARCH_LIBRARY] : []),
  ].filter((path) => existsSync(siteFile(output, path)));
  stale.push(...staleSearchText(output, shards));
  return stale;
}

import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SEARCH_TEXT_FOLDER, siteFile } from "../site/site-paths.js";
import type { SearchDoc } from "./search-docs.js";

/**
 * A shard's file of text, site-relative: one line a session, `[key, hash, docs]` (`searchKey`). Kept out
 * of the manifest: 10,000 sessions' text (~48 MB) held with every record was most of a run's peak memory.
 */
export const searchTextFile = (shard: string): string => `${SEARCH_TEXT_FOLDER}/${shard}.jsonl`;

/**
 * What a shard's text file knows a session by: a hash of its name below the folder, never the name, which
 * spells the user's home (`--home-alice-app--/…`) and may hold a token. The file goes with the site;
 * the names stay in the manifest alone.
 */
export const searchKey = (file: string): string => createHash("sha256").update(file).digest("base64url");

/** One line of a shard's text file. */
export const searchTextLine = (file: string, hash: string | null, docs: readonly SearchDoc[]): string =>
  `${JSON.stringify([searchKey(file), hash, docs])}\n`;

/** Appends a session's text to its shard's file in `folder` (absolute): a run's text, as sessions finish. */
export function appendSearchText(
  folder: string,
  shard: string,
  file: string,
  hash: string | null,
  docs: readonly SearchDoc[],
): void {
  const path = siteFile(folder, searchTextFile(shard));
  if (!existsSync(path)) mkdirSync(join(path, ".."), { recursive: true });
  appendFileSync(path, searchTextLine(file, hash, docs));
}

/**
 * The text of `wanted` sessions (file -> hash) from shard files, the first file given winning: each
 * session's docs only when read from the bytes of the hash it has now. A file missing is no text.
 */
export function readSearchText(
  paths: readonly string[],
  wanted: ReadonlyMap<string, string | null>,
): Map<string, SearchDoc[]> {
  const byKey = new Map([...wanted.keys()].map((file) => [searchKey(file), file]));
  const found = new Map<string, SearchDoc[]>();
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (line === "") continue;
      const [key, hash, docs] = JSON.parse(line) as [string, string | null, SearchDoc[]];
      const file = byKey.get(key);
      if (file === undefined || found.has(file) || wanted.get(file) !== hash) continue;
      found.set(file, docs);
    }
  }
  return found;
}

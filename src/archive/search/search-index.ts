import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import MiniSearch from "minisearch";
import { TOOL_VERSION } from "../../version.js";
import { hrefOf, SEARCH_FOLDER } from "../site/site-paths.js";
import type { SearchDoc } from "./search-docs.js";
import { searchTextLine } from "./search-text.js";

/** MiniSearch's browser build, copied into the site (nothing loads from the network). */
export const SEARCH_LIBRARY = `${SEARCH_FOLDER}/minisearch.js`;
/**
 * Sessions go to a shard by a hash of their file's name, so a run that changes a few sessions rebuilds a
 * few shards (10,000 sessions: ~300 a shard), and the browser never parses one huge file.
 */
const SHARDS = 32;
/** Characters of a hit shown in the results: the entries' text itself is not shipped, only the index. */
const SNIPPET = 80;
/** How MiniSearch reads the documents, here and in the page's script (`archive.js`). */
export const SEARCH_OPTIONS = { fields: ["t"], idField: "i" };
/** The shards' format: part of every fingerprint, so a site's shards of an older format are built again. */
const SHARD_FORMAT = 2;

/** A session with a page, as the search shows it, and its searchable text. */
export interface SearchSession {
  /** Its name below the folder, unredacted: the shard it goes to (stable from run to run). */
  file: string;
  /** Its page, site-relative, and its title, as the index shows them (redacted). */
  report: string;
  title: string;
  /** The hash of the bytes the docs were read from. */
  hash: string | null;
  /** How many docs it has: the docs themselves are read only for a shard that is built. */
  docCount: number;
}

/**
 * A shard: its name, path in the site, the fingerprint of its sessions, the sessions, and whether the
 * site's copy stands (`kept`) or it must be built (`shardFiles`, one shard at a time).
 */
export interface SearchShard {
  name: string;
  path: string;
  fingerprint: string;
  members: readonly SearchSession[];
  kept: boolean;
}

const shardOf = (file: string): number => createHash("sha256").update(file).digest().readUInt32BE(0) % SHARDS;

/** The name of the shard a session's file goes to (`shard-07`). */
export const shardName = (file: string): string => `shard-${String(shardOf(file)).padStart(2, "0")}`;

/**
 * The search index in shards. A shard whose sessions are the same as when `earlier` (the last run's
 * fingerprints, by path) was written, and that `exists`, is kept as it is; the rest are built.
 * `settings` (the redaction) is part of every fingerprint: text redacted otherwise is another index.
 */
export function searchShards(
  sessions: readonly SearchSession[],
  settings: string,
  earlier: Readonly<Record<string, string>>,
  exists: (path: string) => boolean,
): SearchShard[] {
  const groups = new Map<number, SearchSession[]>();
  for (const session of sessions) {
    const shard = shardOf(session.file);
    groups.set(shard, [...(groups.get(shard) ?? []), session]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, members]) => {
      members.sort((a, b) => (a.file < b.file ? -1 : 1));
      const name = `shard-${String(number).padStart(2, "0")}`;
      const path = `${SEARCH_FOLDER}/${name}.js`;
      const fingerprint = createHash("sha256")
        .update(
          JSON.stringify([
            TOOL_VERSION,
            SHARD_FORMAT,
            settings,
            members.map((m) => [m.file, m.hash, m.report, m.title, m.docCount]),
          ]),
        )
        .digest("hex");
      return { name, path, fingerprint, members, kept: earlier[path] === fingerprint && exists(path) };
    });
}

/**
 * A shard's files from its sessions' text (`docs`, by file): its script, and the searchable text it was
 * built from (search-text.ts), for the next run that rebuilds it.
 */
export function shardFiles(
  members: readonly SearchSession[],
  docs: ReadonlyMap<string, readonly SearchDoc[]>,
): { text: string; inputs: string } {
  const docsOfMember = (member: SearchSession) => docs.get(member.file) ?? [];
  return {
    text: shardText(members, docsOfMember),
    inputs: members.map((m) => searchTextLine(m.file, m.hash, docsOfMember(m))).join(""),
  };
}

/**
 * A shard's script: `piSearchShard({ sessions, docs, index })`. `sessions` are [href, title]; `docs` are
 * [session, entry anchor, kind, the text's start, and how many entries of the session have that text when
 * more than one]; `index` is MiniSearch's own (`MiniSearch.loadJS`). A session's entries with the same text
 * (a file read four times) are one doc, linked to the first: a result lists it once.
 */
function shardText(
  members: readonly SearchSession[],
  docsOf: (member: SearchSession) => readonly SearchDoc[],
): string {
  const index = new MiniSearch<{ i: number; t: string }>(SEARCH_OPTIONS);
  const docs: ([number, string, string, string] | [number, string, string, string, number])[] = [];
  members.forEach((session, at) => {
    const first = new Map<string, number>();
    for (const doc of docsOf(session)) {
      const key = `${doc.kind}\n${doc.text}`;
      const seen = first.get(key);
      if (seen !== undefined) {
        const entry = docs[seen] as (typeof docs)[number];
        entry[4] = (entry[4] ?? 1) + 1;
        continue;
      }
      first.set(key, docs.length);
      index.add({ i: docs.length, t: doc.text });
      docs.push([at, doc.anchor, doc.kind, doc.text.slice(0, SNIPPET)]);
    }
  });
  const data = {
    sessions: members.map((session) => [hrefOf(session.report), session.title]),
    docs,
    index: index.toJSON(),
  };
  return `piSearchShard(${JSON.stringify(data)});\n`;
}

let library: string | undefined;

/** MiniSearch's browser (UMD) build, from the package this tool depends on. */
export function searchLibrary(): string {
  if (library !== undefined) return library;
  const main = createRequire(import.meta.url).resolve("minisearch");
  library = readFileSync(join(dirname(main), "..", "umd", "index.js"), "utf8");
  return library;
}

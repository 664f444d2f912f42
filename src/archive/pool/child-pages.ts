import { posix } from "node:path";
import type { FoundFile } from "../../sessions/discover.js";
import type { ManifestRecord } from "../model/manifest.js";
import { hrefOf } from "../site/site-paths.js";

/**
 * For each archived file, the pages of the files below its own folder (`<name without .jsonl>/`, the
 * only place a sub-agent run's file is ever read from: child-session-file.ts), by absolute path, as
 * links relative to its own page. Known before any file is read, so that a parent's card can link its
 * children's pages; keys in byte order, so the same site gives the same record (manifest) every run.
 * `pageless` names the files known to have no page in this run (their record stands and shows none).
 */
export function childPageLinks(
  found: readonly FoundFile[],
  reportPaths: ReadonlyMap<string, string>,
  reportOf: (file: string) => string,
  pageless: ReadonlySet<string>,
): Map<string, Record<string, string>> {
  const byName = new Map(found.map((file) => [file.file, file]));
  const links = new Map<string, Record<string, string>>();
  for (const child of [...found].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    if (pageless.has(child.file)) continue;
    // Every folder above the child that is some archived file's own folder names a parent of it.
    for (let folder = posix.dirname(child.file); folder !== "."; folder = posix.dirname(folder)) {
      const parent = byName.get(`${folder}.jsonl`);
      if (parent === undefined) continue;
      const from = posix.dirname(reportPaths.get(parent.file) ?? reportOf(parent.file));
      const to = reportPaths.get(child.file) ?? reportOf(child.file);
      const own = links.get(parent.file) ?? {};
      own[child.path] = hrefOf(posix.relative(from, to));
      links.set(parent.file, own);
    }
  }
  return links;
}

/** Whether two records of links (`childPageLinks`) are the same: a page renamed re-renders its parent. */
export function sameLinks(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  return JSON.stringify(Object.entries(a)) === JSON.stringify(Object.entries(b));
}

/**
 * The records whose page links a file that turned out to have no page in this run (read again, and
 * left out by the filters, or unreadable), with the links that stand: their page is rendered again.
 */
export function danglingLinks(records: readonly ManifestRecord[]): Map<string, Record<string, string>> {
  const paged = new Set(
    records.flatMap((record) =>
      record.outcome.kind === "session" && record.outcome.report !== null ? [record.path] : [],
    ),
  );
  const pruned = new Map<string, Record<string, string>>();
  for (const record of records) {
    if (record.childPages === undefined || !paged.has(record.path)) continue;
    const standing = Object.entries(record.childPages).filter(([path]) => paged.has(path));
    if (standing.length < Object.keys(record.childPages).length)
      pruned.set(record.file, Object.fromEntries(standing));
  }
  return pruned;
}

import { join } from "node:path";
import type { Discovery } from "../../sessions/discover.js";
import type { ManifestRecord } from "../model/manifest.js";

type Stderr = { write(chunk: string): unknown };

/**
 * What stands for the folders that could not be listed: the records an earlier run made of the files in
 * them, kept as they were (a folder that cannot be listed today, by a change of permissions or a disk not
 * mounted, must not empty the site of its sessions), and the folder itself as failed, so that the index
 * and archive.json say so. Each is also said on stderr.
 */
export function unlistedRecords(
  unlisted: Discovery["unlisted"],
  previous: ReadonlyMap<string, ManifestRecord>,
  folder: string,
  stderr: Stderr,
): ManifestRecord[] {
  const records: ManifestRecord[] = [];
  for (const { folder: below, reason } of unlisted) {
    // A folder's own record (a name ending in "/", from an earlier run) is made afresh below.
    const inside = (file: string) => !file.endsWith("/") && (below === "" || file.startsWith(`${below}/`));
    const kept = [...previous.values()].filter((record) => inside(record.file));
    const name = below === "" ? "the sessions folder" : `${below}/`;
    const what =
      kept.length === 0
        ? "any sessions in it are left out"
        : kept.length === 1
          ? "the session the last run archived from it is kept as it was"
          : `the ${kept.length} sessions the last run archived from it are kept as they were`;
    stderr.write(`pi-report: ${name}: cannot be listed (${reason}); ${what}.\n`);
    records.push(...kept, {
      file: below === "" ? ".." : `${below}/`,
      path: join(folder, below),
      size: null,
      mtimeMs: null,
      hash: null,
      outcome: { kind: "failed", error: `this folder cannot be listed (${reason}); ${what}` },
    });
  }
  return records;
}

/** The `.jsonl` names that are no file to read, as skipped: each also said on stderr. */
export function notFileRecords(
  notFiles: Discovery["notFiles"],
  folder: string,
  stderr: Stderr,
): ManifestRecord[] {
  return notFiles.map(({ file, reason }) => {
    stderr.write(`pi-report: ${file}: skipped: ${reason}.\n`);
    const outcome = { kind: "skipped" as const, reason };
    return { file, path: join(folder, file), size: null, mtimeMs: null, hash: null, outcome };
  });
}

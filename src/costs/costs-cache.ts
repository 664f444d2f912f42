import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import {
  MANIFEST_FILE,
  type ManifestRecord,
  manifestParts,
  readManifest,
  reusable,
} from "../archive/model/manifest.js";
import { isWithin, realPathOf } from "../archive/site/site-location.js";
import { utf8OfParts } from "../io/utf8-of-parts.js";
import { writeFileAtomically } from "../io/write-file-atomically.js";

/**
 * What `pi-report costs` keeps between runs: the archive's records of each session file (its digest, and
 * the stat and hash it was read with), one cache per sessions folder, under the user's cache folder.
 */
export interface CostsCache {
  /** The cache's folder; null when it would lie inside the sessions folder (it is then never written). */
  dir: string | null;
  /** The records of an earlier run over the same folder, by file; empty on a first run. */
  records: ReadonlyMap<string, ManifestRecord>;
}

/**
 * The user's cache folder, as the XDG base directory specification names it: `$XDG_CACHE_HOME` when it is
 * an absolute path, else `~/.cache`.
 */
export function userCacheFolder(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return xdg;
  return join(env.HOME || homedir(), ".cache");
}

/** The cache of one sessions folder: `<user cache>/pi-report/costs/<16 hex digits of the folder's path>`. */
export function costsCacheFolder(env: Record<string, string | undefined>, folder: string): string {
  const key = createHash("sha256").update(folder).digest("hex").slice(0, 16);
  return join(userCacheFolder(env), "pi-report", "costs", key);
}

/**
 * The cache of `folder` and what an earlier run left in it, when it was made by this version with the same
 * settings (else nothing: every session is read again). A cache that would lie inside the sessions folder is
 * neither read nor written: nothing of this tool's goes among the sessions.
 */
export function openCostsCache(
  env: Record<string, string | undefined>,
  folder: string,
  settings: string,
): CostsCache {
  const dir = costsCacheFolder(env, folder);
  if (isWithin(realPathOf(folder), realPathOf(dir))) return { dir: null, records: new Map() };
  const manifest = readManifest(dir);
  const records = reusable(manifest, folder, settings)
    ? new Map(manifest.records.map((record) => [record.file, record]))
    : new Map<string, ManifestRecord>();
  return { dir, records };
}

/**
 * Keeps `records` as the cache of `folder`, written whole under a temporary name and renamed into place.
 *
 * @returns null once written, else why it could not be (the next run reads every session again).
 */
export async function keepInCache(
  cache: CostsCache,
  folder: string,
  settings: string,
  records: readonly ManifestRecord[],
): Promise<string | null> {
  if (cache.dir === null) return "it would lie inside the sessions folder";
  try {
    await mkdir(cache.dir, { recursive: true });
    await writeFileAtomically(
      join(cache.dir, MANIFEST_FILE),
      utf8OfParts(manifestParts(folder, settings, records)),
    );
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
  }
}

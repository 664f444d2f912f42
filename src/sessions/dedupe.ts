import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { SessionDigest } from "./session-digest.js";

/** A session the archive could read, by its name in the archive (path below the folder, `/`-separated). */
export interface ReadSession {
  file: string;
  /** Absolute path. */
  path: string;
  digest: SessionDigest;
}

const lastSegment = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/** Headers are redacted before the archive reads them: `~` stands for this machine's home again here. */
function expandHome(path: string): string {
  return /^~(?=[\\/]|$)/.test(path) ? join(homedir(), path.slice(2)) : path;
}

/**
 * For each session, the index of the session its header's `parentSession` names, or null when that file
 * is not in the archive (deleted, or never copied here). Matched by absolute path first; then, since a
 * folder may have been moved or copied from another machine, by file name (`<time>_<id>.jsonl`) when
 * exactly one file has it.
 */
export function resolveForkParents(sessions: readonly ReadSession[]): (number | null)[] {
  const byPath = new Map<string, number>();
  const byName = new Map<string, number | null>();
  sessions.forEach((session, index) => {
    byPath.set(session.path, index);
    const name = lastSegment(session.path);
    byName.set(name, byName.has(name) ? null : index);
  });
  return sessions.map((session, index) => {
    const parent = session.digest.parentSession;
    if (parent === null) return null;
    const found = byPath.get(resolve(expandHome(parent))) ?? byName.get(lastSegment(parent)) ?? null;
    return found === index ? null : found;
  });
}

/** How many forks lie between a session and the first ancestor not in the archive (cycle-safe). */
function lineageDepths(parents: readonly (number | null)[]): number[] {
  return parents.map((first, start) => {
    let depth = 0;
    const seen = new Set<number>([start]);
    for (let at = first; at !== null && !seen.has(at); at = parents[at] ?? null) {
      seen.add(at);
      depth += 1;
    }
    return depth;
  });
}

/**
 * Who counts each entry. `/fork` and `/clone` copy entries with their id and timestamp, so an entry key
 * (see `entryKey`) held by several files is one piece of history held twice. It is counted in exactly
 * one of them, the original: the holder with the fewest forks above it in the archive (a fork's parent
 * before the fork), then the earliest header timestamp (a copy is always created after what it copies),
 * then the first by file name. When the original is gone, the oldest surviving copy counts.
 *
 * @returns for every key, the index in `sessions` of the session that counts it; an entry is counted
 * where `owners.get(key) === its session's index`, and is a de-duplicated copy everywhere else.
 */
export function entryOwners(
  sessions: readonly ReadSession[],
  parents: readonly (number | null)[],
): Map<string, number> {
  const depths = lineageDepths(parents);
  const created = sessions.map((session) => {
    const time = Date.parse(session.digest.headerTimestamp ?? "");
    return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
  });
  // Sessions are in file order, so on a full tie the holder met first (the smaller index) stays.
  const before = (a: number, b: number): boolean => {
    const depthA = depths[a] as number;
    const depthB = depths[b] as number;
    if (depthA !== depthB) return depthA < depthB;
    return (created[a] as number) < (created[b] as number);
  };
  const owners = new Map<string, number>();
  sessions.forEach((session, index) => {
    for (const key of session.digest.entryKeys) {
      if (key === null) continue;
      const current = owners.get(key);
      if (current === undefined || before(index, current)) owners.set(key, index);
    }
  });
  return owners;
}

/**
 * For each session, the index of the session whose report read it as a sub-agent run's own session file
 * (`SessionDigest.childFiles`), or null. That report counts the run (its recorded usage, or this file's),
 * so the archive never counts the file again on its own. Matched by absolute path: both come from the
 * same walk of the same folder.
 */
export function subagentParents(sessions: readonly ReadSession[]): (number | null)[] {
  const byPath = new Map<string, number>();
  sessions.forEach((session, index) => {
    for (const child of session.digest.childFiles) {
      const key = resolve(child);
      if (!byPath.has(key)) byPath.set(key, index);
    }
  });
  return sessions.map((session, index) => {
    const parent = byPath.get(resolve(session.path));
    return parent === undefined || parent === index ? null : parent;
  });
}

import { realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** Where a sub-agent run's own session file is, as far as the parent's record tells. */
export interface ChildSessionFile {
  /** The file, below the parent's folder; null when none was found there. */
  path: string | null;
  /** What the report shows: the path from the parent file's folder when found, else what was recorded. */
  shown: string;
}

/** A file or folder name that cannot climb out of the folder it is joined to. */
const SAFE_SEGMENT = /^(?!\.\.?$)[A-Za-z0-9._-]+$/;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/**
 * The child's session file a sub-agent run names, looked for only in the folder both extensions give a
 * parent's children: `<parent's folder>/<parent's name without .jsonl>/`.
 * - pi-subagents records `sessionFile` (src/shared/types.ts SingleResult), by default
 *   `<that folder>/<runId>/run-<n>/<file>.jsonl` (src/extension/index.ts getSubagentSessionRoot). Its
 *   `artifactPaths.jsonlPath` is the child's `--mode json` event stream, not a session: not read.
 * - oh-my-pi writes the child of run `id` to `<that folder>/<id>.jsonl` (src/task/executor.ts
 *   `subtaskSessionFile`); older versions record that path as `artifactPaths.jsonlPath`.
 * A recorded absolute path is followed only into that folder; a folder moved since (or a path redacted
 * to `~/…`) is found again from the part after the parent's name. Anything else is not read: a hostile
 * file could name any file on the machine.
 */
export function childSessionFile(
  result: Record<string, unknown>,
  parentPath: string,
): ChildSessionFile | null {
  const parentDir = dirname(parentPath);
  const own = join(parentDir, basename(parentPath, ".jsonl"));
  const artifacts = asRecord(result.artifactPaths);
  const recorded =
    typeof result.sessionFile === "string"
      ? result.sessionFile
      : artifacts !== undefined &&
          typeof artifacts.jsonlPath === "string" &&
          artifacts.metadataPath === undefined
        ? artifacts.jsonlPath
        : null;
  const candidates: string[] = [];
  if (recorded !== null) {
    candidates.push(resolve(parentDir, recorded));
    const segments = recorded.split(/[\\/]/);
    const at = segments.lastIndexOf(basename(own));
    const rest = segments.slice(at + 1);
    if (at >= 0 && rest.length > 0 && rest.every((segment) => SAFE_SEGMENT.test(segment)))
      candidates.push(join(own, ...rest));
  } else if (typeof result.id === "string" && SAFE_SEGMENT.test(result.id)) {
    candidates.push(join(own, `${result.id}.jsonl`));
  } else {
    return null;
  }
  const found = candidates.find((candidate) => isFileInside(candidate, own));
  if (found !== undefined) return { path: found, shown: relative(parentDir, found) };
  return { path: null, shown: recorded ?? relative(parentDir, candidates[0] as string) };
}

/** True for an existing regular file below `folder`, also once symbolic links are followed. */
function isFileInside(path: string, folder: string): boolean {
  if (!isBelow(path, folder)) return false;
  try {
    return isBelow(realpathSync(path), realpathSync(folder)) && statSync(path).isFile();
  } catch {
    return false;
  }
}

function isBelow(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && rel.split(sep)[0] !== ".." && !isAbsolute(rel);
}

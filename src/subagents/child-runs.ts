import type { Session } from "../migrate/type-entries.js";
import type { Problem } from "../read/problem.js";
import type { SessionEntry } from "../schema/entry.js";
import { type ChildRun, childRunOf, rememberChildRun } from "../usage/child-run-registry.js";
import { subagentResults } from "../usage/subagent-usage.js";
import { ChildFileReads } from "./child-file-reads.js";
import { childSessionFile } from "./child-session-file.js";

/**
 * Looks up the session file of every sub-agent run in the session's tool results (the runs of the
 * session itself, not runs nested in a run's inline transcript) and reads the ones found: their usage
 * is what the run cost when the parent recorded none. Each file is read once for the whole session,
 * however many runs at however many levels name it, and at most `MAX_CHILD_FILES` files are read
 * (child-file-reads.ts). Returns what could not be read for those reasons, as problems.
 */
export function attachChildRuns(session: Session, sessionPath: string): Problem[] {
  const reads = new ChildFileReads(sessionPath);
  attachRuns(session, sessionPath, 1, reads);
  return reads.problems();
}

/** Remembers a `ChildRun` for every run of `session` whose file is found; `depth` is theirs. */
function attachRuns(session: Session, sessionPath: string, depth: number, reads: ChildFileReads): void {
  for (const entry of session.entries) {
    const { body } = entry;
    if (body.type !== "message" || body.message.role !== "toolResult") continue;
    for (const result of subagentResults(body.message.details)) {
      const file = childSessionFile(result, sessionPath);
      if (file === null) continue;
      const none: ChildRun = { ...file, usage: null, turns: 0, provider: null, model: null };
      if (file.path === null) {
        rememberChildRun(result, none);
        continue;
      }
      const summary = reads.read(file.path, depth, (child, path) =>
        attachRuns(child, path, depth + 1, reads),
      );
      rememberChildRun(result, { ...none, ...summary });
    }
  }
}

/** The child session files found for the runs of these entries (`attachChildRuns`), once each. */
export function childFilesOf(entries: readonly SessionEntry[]): string[] {
  const files = new Set<string>();
  for (const { body } of entries) {
    if (body.type !== "message" || body.message.role !== "toolResult") continue;
    for (const result of subagentResults(body.message.details)) {
      const path = childRunOf(result)?.path;
      if (path != null) files.add(path);
    }
  }
  return [...files];
}

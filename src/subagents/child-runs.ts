import { realpathSync } from "node:fs";
import { migrateSession } from "../migrate/migrate-session.js";
import { type Session, typeEntries } from "../migrate/type-entries.js";
import { readSessionFile } from "../read/read-session-file.js";
import type { SessionEntry } from "../schema/entry.js";
import { buildTree } from "../tree/build-tree.js";
import { type ChildRun, childRunOf, rememberChildRun } from "../usage/child-run-registry.js";
import { collectUsage } from "../usage/collect-usage.js";
import { subagentResults } from "../usage/subagent-usage.js";
import { addUsage, emptyUsage } from "../usage/usage.js";
import { childSessionFile } from "./child-session-file.js";

/** Child files are followed this deep (a child's child's ...), and never into a file already open. */
const MAX_DEPTH = 8;
const open = new Set<string>();

/**
 * Looks up the session file of every sub-agent run in the session's tool results (the runs of the
 * session itself, not runs nested in a run's inline transcript) and reads the ones found: their usage
 * is what the run cost when the parent recorded none.
 */
export function attachChildRuns(session: Session, sessionPath: string): void {
  let key: string;
  try {
    key = realpathSync(sessionPath);
  } catch {
    return;
  }
  if (open.has(key) || open.size >= MAX_DEPTH) return;
  open.add(key);
  try {
    for (const entry of session.entries) {
      const { body } = entry;
      if (body.type !== "message" || body.message.role !== "toolResult") continue;
      for (const result of subagentResults(body.message.details)) {
        const file = childSessionFile(result, sessionPath);
        if (file !== null) rememberChildRun(result, readChildRun(file.path, file.shown));
      }
    }
  } finally {
    open.delete(key);
  }
}

function readChildRun(path: string | null, shown: string): ChildRun {
  const none = { shown, path, usage: null, turns: 0, provider: null, model: null };
  if (path === null) return none;
  try {
    const session = typeEntries(migrateSession(readSessionFile(path)));
    attachChildRuns(session, path);
    const { items } = collectUsage(buildTree(session.entries), null);
    let usage = emptyUsage();
    let turns = 0;
    for (const item of items) {
      usage = addUsage(usage, item.usage);
      turns += item.turns;
    }
    const reply = items.find((item) => item.source === "assistant" && item.model !== null);
    return { ...none, usage, turns, provider: reply?.provider ?? null, model: reply?.model ?? null };
  } catch (error) {
    return { ...none, error: error instanceof Error ? error.message : String(error) };
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

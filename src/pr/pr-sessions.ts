import { isAbsolute, posix, relative, sep } from "node:path";
import { analyze, type SessionAnalysis } from "../pipeline.js";
import { SessionReadError } from "../read/errors.js";
import { readSessionFile } from "../read/read-session-file.js";
import type { RedactionSettings } from "../redact/redact-session.js";
import { collectFacts, type SessionFacts } from "../render/markdown/summary/collect-facts.js";
import { entryOwners, type ReadSession, resolveForkParents, subagentParents } from "../sessions/dedupe.js";
import { digestSession, entryKey } from "../sessions/session-digest.js";
import { addDigestUsage, emptyUsageTotals, type UsageTotals } from "../sessions/usage-groups.js";
import type { TranscriptNode } from "../view/entry-view.js";
import { buildReportView } from "../view/report-view.js";
import type { WorkWindow } from "./git-window.js";
import { type CandidateFile, isInside } from "./repo-sessions.js";

/** One session the comment lists, with what it cost once copies and sub-agent files are counted once. */
export interface PrSession {
  path: string;
  sessionId: string | null;
  title: string;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  /** Usage this session adds: its own entries, not what a fork copied from an original. */
  counted: UsageTotals;
  /** Entries copied from another session (by `/fork` or `/clone`), counted in that one. */
  copiedEntries: number;
  /** True when the header names the session it was forked from. */
  fork: boolean;
  /** What this session did with its own entries (files, commands, errors), redacted. */
  facts: SessionFacts;
}

/** The branch's sessions, as the comment shows them. */
export interface PrSessions {
  sessions: PrSession[];
  total: UsageTotals;
  /** Sub-agent runs' own session files in the window, counted in the session that ran them. */
  subagentFiles: number;
  /** Files that could not be read as sessions: named, not counted. */
  unreadable: { path: string; reason: string }[];
}

interface Loaded extends ReadSession {
  analysis: SessionAnalysis;
  /** The header's cwd as the file holds it: the analysis's is redacted (`~/app`), and cannot be placed. */
  cwd: string | null;
}

const timeOf = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

/** True when a session that ran from `startedAt` to `endedAt` was running at some time in the window. */
export function overlaps(startedAt: string | null, endedAt: string | null, window: WorkWindow): boolean {
  const start = timeOf(startedAt);
  const end = timeOf(endedAt ?? startedAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return end >= window.start && (window.end === null || start <= window.end);
}

/** The transcript without the entries another session counts (a fork's copied history). */
function ownNodes(
  nodes: readonly TranscriptNode[],
  owns: (id: string, time: string | null) => boolean,
): TranscriptNode[] {
  return nodes.flatMap((node): TranscriptNode[] => {
    if (node.kind === "fold") return [{ ...node, nodes: ownNodes(node.nodes, owns) }];
    return owns(node.entry.id, node.entry.timestamp) ? [node] : [];
  });
}

/** A path with `/` between its folders, as the comment shows paths. */
const slashed = (path: string): string => path.split(sep).join("/");

/**
 * A changed file's path from the repository's top-level, whichever folder below it the session ran in.
 * `shown` is the path as the session's report shows it: redacted, and relative to the session's folder
 * when inside it. `cwd` is that folder as the file names it, `shownCwd` the same redacted (`~/app/sub`):
 * a redacted home cannot be placed under `top`, so the top-level's own redacted spelling is found from it.
 */
export function fromTop(shown: string, cwd: string | null, shownCwd: string | null, top: string): string {
  if (cwd === null || !isInside(cwd, top)) return shown;
  if (isAbsolute(shown)) return isInside(shown, top) ? slashed(relative(top, shown)) : shown;
  const below = slashed(relative(top, cwd));
  const shownTop = shownCwd === null ? null : withoutEnd(shownCwd, below);
  if (shownTop !== null && shown.startsWith(`${shownTop}/`)) return shown.slice(shownTop.length + 1);
  // A redacted home (`~/…`), a redacted secret or another drive: not a path below the session's folder.
  if (/^(~|\[redacted|[A-Za-z]:)/.test(shown)) return shown;
  // Relative to the session's folder: placed below the top-level (`../README.md` from `sub/` is `README.md`).
  const joined = posix.normalize(posix.join(below === "" ? "." : below, shown));
  return joined.startsWith("../") ? shown : joined;
}

/** `path` without `end` (folders below the top-level) at its end; null when it does not end so. */
function withoutEnd(path: string, end: string): string | null {
  if (end === "") return path;
  return path.endsWith(`/${end}`) ? path.slice(0, -end.length - 1) : null;
}

/**
 * Reads the candidate files (redacted as `redaction` says), keeps the repository's sessions that ran
 * during the window, and counts each piece of usage once: a fork's copied entries in the original (by
 * entry id and time, as the archive does, over every file read, in the window or not), a sub-agent run's
 * own file in the session that ran it. Only files written since the window began are read, and the
 * originals they were forked from: a file last written before it holds no session that ran in it.
 */
export async function collectPrSessions(
  candidates: readonly CandidateFile[],
  top: string,
  window: WorkWindow,
  redaction: RedactionSettings,
): Promise<PrSessions> {
  const loaded: Loaded[] = [];
  const unreadable: PrSessions["unreadable"] = [];
  const byPath = new Map(candidates.map((file) => [file.path, file]));
  const byName = new Map(candidates.map((file) => [file.path.split(/[\\/]/).pop() ?? "", file]));
  const pending = candidates.filter(
    (file) => file.mtimeMs >= window.start && (file.cwd === undefined || isInside(file.cwd, top)),
  );
  const seen = new Set(pending.map((file) => file.path));
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    let analysis: SessionAnalysis;
    let cwd: string | null;
    try {
      const raw = readSessionFile(file.path);
      // Before `analyze`, which redacts the header in place.
      cwd = typeof raw.header.cwd === "string" ? raw.header.cwd : null;
      analysis = await analyze(raw, { sessionPath: file.path, redaction });
    } catch (error) {
      if (!(error instanceof SessionReadError)) throw error;
      unreadable.push({ path: file.path, reason: error.message });
      continue;
    }
    const digest = digestSession(analysis, file.path);
    loaded.push({ file: file.file, path: file.path, digest, analysis, cwd });
    // The original of a fork is read too, wherever its time lies: it, not the fork, counts what was copied.
    const parentName = digest.parentSession?.split(/[\\/]/).pop();
    const parent = (digest.parentSession && byPath.get(digest.parentSession)) || byName.get(parentName ?? "");
    if (parent !== undefined && !seen.has(parent.path)) {
      seen.add(parent.path);
      pending.push(parent);
    }
  }
  loaded.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const owners = entryOwners(loaded, resolveForkParents(loaded));
  const runners = subagentParents(loaded);
  const total = emptyUsageTotals();
  const sessions: PrSession[] = [];
  let subagentFiles = 0;
  loaded.forEach(({ path, digest, analysis, cwd }, index) => {
    const inWindow = overlaps(digest.startedAt, digest.endedAt, window);
    if (!inWindow) return;
    if ((runners[index] ?? null) !== null) {
      subagentFiles += 1;
      return;
    }
    if (cwd === null || !isInside(cwd, top)) return;
    const owns = (key: string | null | undefined) => key == null || owners.get(key) === index;
    const counted = emptyUsageTotals();
    for (const item of digest.usage) {
      if (!owns(digest.entryKeys[item.entry])) continue;
      addDigestUsage(counted, item);
      addDigestUsage(total, item);
    }
    const view = buildReportView(analysis, path);
    const own = ownNodes(view.transcript, (id, time) => time === null || owns(entryKey(id, time)));
    const facts = collectFacts(own, digest.cwd);
    for (const file of facts.files) file.path = fromTop(file.path, cwd, digest.cwd, top);
    sessions.push({
      path,
      sessionId: digest.id,
      title: digest.title,
      models: digest.models,
      startedAt: digest.startedAt,
      endedAt: digest.endedAt,
      counted,
      copiedEntries: digest.entryKeys.filter((key) => !owns(key)).length,
      fork: digest.parentSession !== null,
      facts,
    });
  });
  sessions.sort((a, b) => timeOf(a.startedAt) - timeOf(b.startedAt) || (a.path < b.path ? -1 : 1));
  return { sessions, total, subagentFiles, unreadable };
}

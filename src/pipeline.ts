import { basename } from "node:path";
import { type BranchContext, buildContext } from "./context/build-context.js";
import { migrateSession } from "./migrate/migrate-session.js";
import { type Session, typeEntries } from "./migrate/type-entries.js";
import { type Problem, sortProblems } from "./read/problem.js";
import type { RawSession } from "./read/raw-session.js";
import { readSessionFile } from "./read/read-session-file.js";
import { sessionFileId, sessionFileText } from "./read/session-file-text.js";
import {
  DEFAULT_REDACTION,
  type RedactionHelper,
  type RedactionSettings,
  type RedactionSummary,
  redactOutput,
  redactRawSession,
} from "./redact/redact-session.js";
import { attachChildRuns } from "./subagents/child-runs.js";
import { buildTree, pathTo, type SessionTree } from "./tree/build-tree.js";
import { collectUsage } from "./usage/collect-usage.js";
import { breakDown, itemsByEntry, itemsOnPath, type UsageBreakdown } from "./usage/summarize-usage.js";
import { addToTotals, emptyTotals, type Totals } from "./usage/totals.js";
import type { UsageItem } from "./usage/usage-item.js";

/** Options that change what a session is read as. */
export interface AnalyzeOptions {
  /** Treat this entry as the leaf (the active branch ends here) instead of the last entry in the file. */
  leafId?: string;
  /** The session file's path: sub-agent runs' own session files are looked for beside it and read. */
  sessionPath?: string;
  /** Speed machinery: the pieces the analysis runs with, a thread to redact a share in (`AnalysisSpeed`). */
  speed?: AnalysisSpeed;
}

/**
 * The speed machinery `analyze` may be handed: the same object the renderers take as `speed` (the
 * command's, src/speed/machinery/report-speed.ts), of which the analysis reads this much. The analysis is
 * the same with it or without.
 */
export interface AnalysisSpeed {
  /** Another thread that redacts a share of a large session meanwhile. */
  readonly redactor?: RedactionHelper["redactor"];
}

/** Options of `analyze`: what `analyzeSession` takes, and how the session is redacted first. */
export interface RedactedAnalyzeOptions extends AnalyzeOptions {
  /** How secrets and home directories are redacted: `DEFAULT_REDACTION` when not given; `false`: not at all. */
  redaction?: RedactionSettings | false;
  /**
   * `"session"` (the default): every string of the session is redacted before anything reads on.
   * `"output"`: the session is left as read, and the renderer redacts the strings of its own output
   * (`analysis.redaction.pending`): for a report that holds no message text, the JSON report, where that
   * costs a fraction. Renderers that show message text refuse such an analysis.
   */
  redactionScope?: "session" | "output";
  /**
   * Keep the session file, redacted as the session is, for the HTML report to offer for download
   * (`SessionAnalysis.sessionFile`). Only with `redactionScope: "session"`.
   */
  sessionFile?: boolean;
}

/** The session file as a report offers it: what `analyze` read, redacted as the report is. */
export interface SessionFileCopy {
  /** The name to save it as: `<session id>.jsonl`, as Pi's export names it. */
  name: string;
  /** Its text: the header, then every entry read, one JSON object a line (`sessionFileText`). */
  text: string;
  /** Lines of the file nothing could be read from: not in the copy. */
  leftOut: number;
}

/**
 * What redaction did to the session the analysis is of: `summary`, what it replaced; or `pending`, the
 * settings an output redacts its own strings with (`redactionScope: "output"`); null for a session
 * analyzed as read (`analyzeSession`).
 */
export type AnalysisRedaction = { summary: RedactionSummary } | { pending: RedactionSettings } | null;

/** One branch: the path from a root to a tip, what the model had there, and what it cost. */
export interface BranchAnalysis {
  /** Index of the tip entry. */
  tip: number;
  /** True for the branch that ends at the leaf. */
  active: boolean;
  /** Entry indices from the root to the tip. */
  path: number[];
  context: BranchContext;
  /** Usage of the entries on the path. */
  total: Totals;
  /** The same by source and by model: worked out when first asked for (reports need it for one branch). */
  readonly usage: UsageBreakdown;
}

/** Everything the renderers need about one session. */
export interface SessionAnalysis {
  session: Session;
  tree: SessionTree;
  /** Every piece of usage in the file, in file order. */
  usageItems: UsageItem[];
  /** The same, by the index of the entry that holds them. */
  usageByEntry: ReadonlyMap<number, readonly UsageItem[]>;
  /** Usage over the whole file: every entry once, abandoned branches included. */
  usage: UsageBreakdown;
  /** Every branch tip in file order; the leaf is included even when it has children. */
  branches: BranchAnalysis[];
  /** The active branch (also in `branches`); undefined for a file without entries. */
  activeBranch: BranchAnalysis | undefined;
  /** The reader's, the migration's and the tree's problems, by line. */
  problems: Problem[];
  redaction: AnalysisRedaction;
  /**
   * The session file as reports name it (`sessionPath` given): its path, and its base name redacted as
   * the session is (a file named after a token shows `[redacted: github-token]`); null without a path.
   */
  source: { path: string; name: string } | null;
  /** The session file, redacted as the session is, when `analyze` was asked to keep it. */
  sessionFile?: SessionFileCopy;
}

/**
 * The whole pipeline from a session as read: redact -> migrate -> type -> tree -> usage -> context per
 * branch. What every report starts from: the command, the archive and the library call it. Redacts by
 * default (`options.redaction`).
 *
 * @throws {RedactPatternError} for a pattern that does not compile or matches nothing but "".
 */
export async function analyze(
  raw: RawSession,
  options: RedactedAnalyzeOptions = {},
): Promise<SessionAnalysis> {
  const { redaction = DEFAULT_REDACTION, redactionScope = "session", sessionFile = false, ...rest } = options;
  const settings: RedactionSettings = redaction === false ? { enabled: false, patterns: [] } : redaction;
  if (redactionScope === "output") return { ...analyzeSession(raw, rest), redaction: { pending: settings } };
  // Read before the session is redacted in place: the homes its cwd names are redacted in the name too.
  const cwd = typeof raw.header.cwd === "string" ? raw.header.cwd : null;
  const redactor = options.speed?.redactor;
  const redacted = await redactRawSession(raw, settings, redactor === undefined ? undefined : { redactor });
  const analysis = await withSourceRedacted(
    analyzeSession(redacted.raw, rest),
    redacted.summary,
    cwd,
    settings,
  );
  // The session as the report shows it: redacted by the one stage above, not a second time.
  if (sessionFile) analysis.sessionFile = sessionFileCopy(redacted.raw, analysis);
  return analysis;
}

/** The analysis with its file's name redacted as the session is, the name's findings counted with the rest. */
async function withSourceRedacted(
  analysis: SessionAnalysis,
  summary: RedactionSummary,
  cwd: string | null,
  settings: RedactionSettings,
): Promise<SessionAnalysis> {
  if (analysis.source === null || !settings.enabled) return { ...analysis, redaction: { summary } };
  // A bare string: no key of it can be one that is kept.
  const name = await redactOutput(analysis.source.name, cwd, settings, "session");
  const counts = { ...summary.counts };
  for (const [kind, count] of Object.entries(name.summary.counts)) counts[kind] = (counts[kind] ?? 0) + count;
  return {
    ...analysis,
    source: { path: analysis.source.path, name: name.output },
    redaction: { summary: { ...summary, counts } },
  };
}

function sessionFileCopy(raw: RawSession, analysis: SessionAnalysis): SessionFileCopy {
  return {
    // Named as Pi's own export names it: the file's own name is not redacted.
    name: `${sessionFileId(raw)}.jsonl`,
    text: sessionFileText(raw),
    leftOut: analysis.problems.filter((problem) => problem.kind === "unreadable").length,
  };
}

/**
 * The analysis stages: migrate -> type -> tree -> usage -> context per branch, of a session as it is
 * given: nothing is redacted here (`analyze` redacts first; use it for anything shown to people). Each
 * stage is a pure function of the previous one's output; only `readSessionFile` touches the disk, and,
 * given the file's path, `attachChildRuns` reading sub-agent runs' own session files.
 */
export function analyzeSession(raw: RawSession, options: AnalyzeOptions = {}): SessionAnalysis {
  const session = typeEntries(migrateSession(raw));
  const childProblems =
    options.sessionPath === undefined ? [] : attachChildRuns(session, options.sessionPath);
  const tree = buildTree(session.entries, options.leafId ?? session.leafId);
  const startModel = headerModel(session);
  const collected = collectUsage(tree, startModel);
  const grouped = itemsByEntry(collected.items);
  const tips =
    tree.leaf === -1 || tree.tips.includes(tree.leaf)
      ? tree.tips
      : [...tree.tips, tree.leaf].sort((a, b) => a - b);
  const branches = tips.map((tip): BranchAnalysis => {
    const path = pathTo(tree, tip);
    const items = itemsOnPath(path, grouped);
    let usage: UsageBreakdown | undefined;
    return {
      tip,
      active: tip === tree.leaf,
      path,
      context: buildContext(tree, tip),
      total: items.reduce(
        (totals, item) => addToTotals(totals, item.usage, item.turns, item.failed),
        emptyTotals(),
      ),
      get usage() {
        usage ??= breakDown(items);
        return usage;
      },
    };
  });
  return {
    session,
    tree,
    usageItems: collected.items,
    usageByEntry: grouped,
    usage: breakDown(collected.items),
    branches,
    activeBranch: branches.find((branch) => branch.active),
    problems: sortProblems([...session.problems, ...tree.problems, ...collected.problems, ...childProblems]),
    redaction: null,
    source:
      options.sessionPath === undefined
        ? null
        : { path: options.sessionPath, name: basename(options.sessionPath) },
  };
}

/**
 * Reads a session file from disk and analyzes it (`analyze`): redacted unless `options.redaction` is
 * `false`. Throws `SessionReadError` for input that is no session.
 */
export function analyzeFile(path: string, options: RedactedAnalyzeOptions = {}): Promise<SessionAnalysis> {
  return analyze(readSessionFile(path), { sessionPath: path, ...options });
}

/**
 * What the analysis's session had redacted, for a report that shows its text; null when it was analyzed
 * as read. Throws for an analysis whose redaction was left to the output: its text is not redacted.
 */
export function sessionRedaction(analysis: SessionAnalysis): RedactionSummary | null {
  const { redaction } = analysis;
  if (redaction !== null && "pending" in redaction) {
    throw new Error(
      'this analysis left redaction to its output (redactionScope: "output"): its message text is not redacted; analyze with the default scope to show it',
    );
  }
  return redaction?.summary ?? null;
}

/** Old headers name the model the session started with. */
function headerModel(session: Session): { provider: string | null; model: string } | null {
  const { provider, modelId } = session.header as { provider?: unknown; modelId?: unknown };
  if (typeof modelId !== "string") return null;
  return { provider: typeof provider === "string" ? provider : null, model: modelId };
}

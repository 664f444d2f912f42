import type { PhrasingContent, RootContent } from "mdast";
import { code, emphasis, paragraph, stringify, strong, table, text } from "../render/markdown/mdast.js";
import type { FileChange, SessionFacts } from "../render/markdown/summary/collect-facts.js";
import { GITHUB_COMMENT_LIMIT } from "../render/markdown/summary/fit-summary.js";
import { commandsList, errorsList, filesList } from "../render/markdown/summary/summary-lists.js";
import { showControlCharacters } from "../render/primitives/control-characters.js";
import type { UsageTotals } from "../sessions/usage-groups.js";
import type { Totals } from "../usage/totals.js";
import { TOOL_VERSION } from "../version.js";
import {
  firstLine,
  formatCostWithUnpriced,
  formatDuration,
  formatInteger,
  formatTokens,
  plural,
} from "../view/format.js";
import { fitByPriority } from "./fit-by-priority.js";
import type { WorkWindow } from "./git-window.js";
import type { PrSession, PrSessions } from "./pr-sessions.js";
import { rowTitles } from "./row-titles.js";

/** The hidden first line that tells `pi-report pr` which comment on the pull request is its own. */
export const PR_COMMENT_MARKER = "<!-- pi-report:pr -->";

/** What the comment needs beside the sessions. */
export interface PrCommentInput {
  found: PrSessions;
  window: WorkWindow;
  /** Shared reports by session id (`pi-report share`): the session's line links to it. */
  links: ReadonlyMap<string, string>;
  /** False for `--no-redact`: the comment says nothing was redacted. */
  redacted: boolean;
}

/** How many of each list the comment shows; trimmed to stay within GitHub's limit. */
type Limits = Record<"sessions" | "files" | "commands" | "errors", number>;

/** Kept first when the comment is too long: the sessions' rows, then errors, failed commands, files. */
const PRIORITY = ["sessions", "errors", "commands", "files"] as const;

/** A title is shown up to this many characters; a path up to this many. */
const TITLE_MAX = 100;
const PATH_MAX = 300;

const costOf = (totals: Totals): string =>
  formatCostWithUnpriced(totals.cost, totals.unpricedTokens, totals.unrecordedTurns);

/** True when no token was priced: the cost is "unpriced" and nothing more, the tokens say how many. */
const allUnpriced = (totals: Totals): boolean =>
  totals.cost === 0 &&
  totals.unrecordedTurns === 0 &&
  totals.unpricedTokens > 0 &&
  totals.unpricedTokens === totals.totalTokens;

function durationOf(session: PrSession): string {
  if (session.startedAt === null || session.endedAt === null) return "";
  return formatDuration(Date.parse(session.endedAt) - Date.parse(session.startedAt));
}

/** One row of the sessions table: title (linked to its shared report), model, cost, tokens, duration. */
function sessionRow(
  session: PrSession,
  title: string,
  links: ReadonlyMap<string, string>,
): PhrasingContent[] {
  const url = session.sessionId === null ? undefined : links.get(session.sessionId);
  const { total } = session.counted;
  return [
    url === undefined ? text(title) : { type: "link", url, children: [text(title)] },
    session.models.length === 0 ? text("") : code(session.models.join(", ")),
    text(allUnpriced(total) ? "unpriced" : costOf(total)),
    text(formatTokens(total.totalTokens)),
    text(durationOf(session)),
  ];
}

/** Changed files of every session, merged by path (sessions are in time order: the latest write wins). */
function mergedFiles(sessions: readonly PrSession[]): FileChange[] {
  const files = new Map<string, FileChange>();
  for (const session of sessions) {
    for (const change of session.facts.files) {
      const path = change.path.length > PATH_MAX ? `${firstLine(change.path, PATH_MAX)}` : change.path;
      const file = files.get(path);
      if (file === undefined) {
        files.set(path, { ...change, path });
        continue;
      }
      file.edits += change.edits;
      file.writes += change.writes;
      file.added += change.added;
      file.removed += change.removed;
      file.uncounted += change.uncounted;
      file.failed += change.failed;
      file.noResult += change.noResult;
      if (change.written > 0) file.written = change.written;
    }
  }
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The facts of every session as one, for the summary's list renderers: failed commands and errors only. */
function mergedFacts(sessions: readonly PrSession[]): SessionFacts {
  return {
    outline: [],
    files: mergedFiles(sessions),
    commands: sessions.flatMap((session) => session.facts.commands.filter((run) => run.failed)),
    errors: sessions.flatMap((session) => session.facts.errors),
    compactions: [],
    firstPrompt: null,
  };
}

function totalsLine(total: UsageTotals, found: PrSessions, window: WorkWindow): RootContent {
  const over = ` over ${plural(found.sessions.length, "session", "sessions")}, ${window.description}.`;
  const tokens = formatTokens(total.total.totalTokens);
  // Said once: "unpriced (12.3M tokens) and 12.3M tokens" read as an error.
  if (allUnpriced(total.total)) return paragraph(strong(text(`${tokens} unpriced tokens`)), text(over));
  return paragraph(strong(text(costOf(total.total))), text(` and ${tokens} tokens${over}`));
}

function notesLine(input: PrCommentInput): RootContent | null {
  const { found } = input;
  const notes: string[] = [];
  const { subagent } = found.total;
  if (subagent.totalTokens > 0 || subagent.cost > 0) notes.push(`sub-agent runs ${costOf(subagent)} of it`);
  if (found.subagentFiles > 0)
    notes.push(
      `${plural(found.subagentFiles, "sub-agent run's own file", "sub-agent runs' own files")} counted in the session that ran it`,
    );
  const copied = found.sessions.reduce((sum, session) => sum + session.copiedEntries, 0);
  if (copied > 0)
    notes.push(
      `${plural(copied, "entry", "entries")} copied by /fork or /clone counted once, in the original`,
    );
  if (found.unreadable.length > 0)
    notes.push(
      `${plural(found.unreadable.length, "file", "files")} that could not be read as a session left out`,
    );
  return notes.length === 0 ? null : paragraph(emphasis(text(`${notes.join("; ")}.`)));
}

function sessionsTable(input: PrCommentInput, limit: number): RootContent[] {
  const { sessions } = input.found;
  if (sessions.length === 0)
    return [paragraph(text("No Pi session of this repository ran during this work."))];
  const blocks: RootContent[] = [];
  if (limit > 0) {
    const titles = rowTitles(
      sessions,
      sessions.map((session) => `${firstLine(session.title, TITLE_MAX)}${session.fork ? " (fork)" : ""}`),
    );
    const rows = sessions
      .slice(0, limit)
      .map((session, index) => sessionRow(session, titles[index] as string, input.links));
    blocks.push(
      table(["Session", "Model", "Cost", "Tokens", "Duration"], rows, [
        null,
        null,
        "right",
        "right",
        "right",
      ]),
    );
  }
  if (sessions.length > limit) {
    blocks.push(
      paragraph(
        emphasis(
          text(
            `${plural(sessions.length - limit, `${limit > 0 ? "more " : ""}session`, `${limit > 0 ? "more " : ""}sessions`)} left out to stay within GitHub's ${formatInteger(GITHUB_COMMENT_LIMIT)}-character comment limit (their cost is in the total above).`,
          ),
        ),
      ),
    );
  }
  return blocks;
}

/**
 * The pull request's comment: the hidden marker, the total cost and tokens, a line per session, the files
 * changed and the failures. Never longer than GitHub's 65,536 characters: the file list is cut first, then
 * the failures, then the sessions' rows, each by whole rows or items, with a note of how many it left out.
 */
export function renderPrComment(input: PrCommentInput, limit = GITHUB_COMMENT_LIMIT): string {
  const facts = mergedFacts(input.found.sessions);
  const full: Limits = {
    sessions: input.found.sessions.length,
    files: facts.files.length,
    commands: facts.commands.length,
    errors: facts.errors.length,
  };
  // Each section serialized once per number of items: the fitting renders the comment many times.
  const cache = new Map<string, string>();
  const once = (key: string, build: () => string): string => {
    let value = cache.get(key);
    if (value === undefined) {
      value = showControlCharacters(build());
      cache.set(key, value);
    }
    return value;
  };
  const head = once("head", () => {
    const blocks: RootContent[] = [totalsLine(input.found.total, input.found, input.window)];
    const notes = notesLine(input);
    if (notes !== null) blocks.push(notes);
    return `${PR_COMMENT_MARKER}\n\n## Pi sessions on this branch\n\n${stringify(blocks)}`;
  });
  const failures = facts.commands.length + facts.errors.length;
  const redaction = input.redacted
    ? "Secrets and home directories redacted."
    : "Nothing was redacted (--no-redact).";
  const footer = stringify([
    paragraph(
      emphasis(
        text(`Made with pi-session-report ${TOOL_VERSION}. ${redaction} `),
        code("pi-report pr"),
        text(" updates this comment."),
      ),
    ),
  ]);
  const render = (limits: Readonly<Limits>): string => {
    const blocks = [
      head,
      once(`sessions:${limits.sessions}`, () => stringify(sessionsTable(input, limits.sessions))),
    ];
    if (facts.files.length > 0) {
      blocks.push(
        `### Files changed: ${formatInteger(facts.files.length)}`,
        once(`files:${limits.files}`, () => filesList(facts, limits.files)),
      );
    }
    if (failures > 0) blocks.push(`### Failures: ${formatInteger(failures)}`);
    if (facts.commands.length > 0)
      blocks.push(once(`commands:${limits.commands}`, () => commandsList(facts, limits.commands)));
    if (facts.errors.length > 0)
      blocks.push(once(`errors:${limits.errors}`, () => errorsList(facts, limits.errors)));
    blocks.push(footer);
    return `${blocks.filter((block) => block !== "").join("\n\n")}\n`;
  };
  return fitByPriority(render, full, PRIORITY, limit);
}

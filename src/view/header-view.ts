import { basename } from "node:path";
import { type SessionAnalysis, sessionRedaction } from "../pipeline.js";
import type { ProblemKind } from "../read/problem.js";
import { problemText, type WordedProblem } from "../read/problem-sentence.js";
import { virtualModels } from "../usage/virtual-models.js";
import { textOf } from "./content-view.js";
import { formatDuration, formatTime } from "./format.js";
import { type RedactionView, redactionSentence, redactionView } from "./redaction-view.js";
import { sessionTimes } from "./session-times.js";
import { splitSkill } from "./skill.js";
import { titleText } from "./title-text.js";

export interface HeaderView {
  title: string;
  /** Where the title came from: the session's name, its first typed prompt, or the file name. */
  titleFrom: "name" | "prompt" | "file";
  sessionId: string | null;
  cwd: string | null;
  fileName: string | null;
  started: string | null;
  ended: string | null;
  duration: string | null;
  models: string[];
  /** The virtual models (routers) the session went through, `provider/model`, in the order first named. */
  routers: string[];
  parentSession: string | null;
  inputVersion: number;
  entryCount: number;
  /** The reader's problems, each message without the "line N" it starts with: the page shows the line apart. */
  problems: WordedProblem[];
  problemCounts: { kind: ProblemKind; count: number }[];
  /** What redaction replaced (null when not redacted at all), and the sentence that says so. */
  redaction: RedactionView | null;
  redactionSentence: string | null;
}

/**
 * The first prompt a person typed on the active branch, as a title (a skill's typed words, not its pasted
 * body; no Markdown markers, no pasted boilerplate).
 */
export function firstTypedPrompt(analysis: SessionAnalysis): string | null {
  const path = analysis.activeBranch?.path ?? [];
  for (const index of path) {
    const body = analysis.tree.entries[index]?.body;
    if (body?.type !== "message" || body.message.role !== "user") continue;
    const { typed, skill } = splitSkill(textOf(body.message.content));
    const text = titleText(typed, 100) || (skill === null ? "" : `/skill:${skill.name}`);
    if (text !== "") return text;
  }
  return null;
}

/** The report's header: title, where and when, models, fork parent and the reader's problems. */
export function headerView(analysis: SessionAnalysis, sourcePath: string | null): HeaderView {
  const { session, tree } = analysis;
  const prompt = firstTypedPrompt(analysis);
  // The analysed file's name as redacted with its session; another path's as it is.
  const fileName =
    sourcePath === null
      ? null
      : sourcePath === analysis.source?.path
        ? analysis.source.name
        : basename(sourcePath);
  const [title, titleFrom]: [string, HeaderView["titleFrom"]] =
    tree.name !== null
      ? [tree.name, "name"]
      : prompt !== null
        ? [prompt, "prompt"]
        : [fileName ?? session.header.id ?? "Pi session", "file"];
  const times = sessionTimes(session);
  const duration =
    times.startedAt !== null && times.endedAt !== null
      ? formatDuration(Date.parse(times.endedAt) - Date.parse(times.startedAt))
      : null;
  const models: string[] = [];
  for (const item of analysis.usageItems) {
    if (item.source !== "assistant" || item.model === null) continue;
    const name = item.provider === null ? item.model : `${item.provider}/${item.model}`;
    if (!models.includes(name)) models.push(name);
  }
  const redaction = redactionView(sessionRedaction(analysis));
  const counts = new Map<ProblemKind, number>();
  for (const problem of analysis.problems) counts.set(problem.kind, (counts.get(problem.kind) ?? 0) + 1);
  return {
    title,
    titleFrom,
    sessionId: session.header.id ?? null,
    cwd: session.header.cwd ?? null,
    fileName,
    started: formatTime(times.startedAt),
    ended: formatTime(times.endedAt),
    duration,
    models,
    // A router picks the model of each reply and does none of the work, so it is named apart from them.
    routers: [...virtualModels(tree)].map((key) => key.replace(/^\//, "")),
    parentSession: session.header.parentSession ?? null,
    inputVersion: session.inputVersion,
    entryCount: session.entries.length,
    problems: analysis.problems.map((problem) => ({
      line: problem.line,
      kind: problem.kind,
      message: problemText(problem),
    })),
    problemCounts: [...counts].map(([kind, count]) => ({ kind, count })),
    redaction,
    redactionSentence: redaction === null ? null : redactionSentence(redaction),
  };
}

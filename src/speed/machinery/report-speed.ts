import { availableParallelism } from "node:os";
import type { AnalysisSpeed } from "../../pipeline.js";
import { SPLIT_MIN_CHARS } from "../../redact/split-redactor.js";
import type { PageSpeed } from "../../render/html/page-speed.js";
import type { MarkdownSpeed } from "../../render/markdown/render-markdown.js";
import { speedPieceOn } from "../pieces.js";
import { type ReportEngines, reportEngines } from "./engines.js";
import type { ReportThread, ReportThreadWork } from "./report-thread.js";
import { tuneTierUpForPhase } from "./tier-up.js";

/** What the command knows of a report before it reads the session: what decides the machinery. */
export interface ReportPlan {
  /** What a second thread can do for the format (`OutputFormat.reportThread`). */
  reportThread: "highlight" | "markdown-entries" | null;
  /** What is redacted for the format (`OutputFormat.redacts`). */
  redacts: "session" | "output";
  /** Whether the session is redacted at all (not `--no-redact`). */
  redact: boolean;
  /** Whether `--template` shapes the report. */
  template: boolean;
  /** Whether it is a `--summary`. */
  summary: boolean;
  /** The session file's size in bytes. */
  size: number;
}

/**
 * The speed machinery of one report: one object, `speed`, handed to `analyze` and to the format's renderer
 * alike (the seam is the same for every format); `close` it when the report is written.
 */
export interface CommandSpeed {
  readonly speed: PageSpeed & MarkdownSpeed & AnalysisSpeed & { readonly engines: ReportEngines };
  /** Stops the report thread, if one was started. Safe to call more than once. */
  close(): Promise<void>;
  /** Why the report thread stopped before it was closed (its work was then done in this one), or null. */
  failure(): string | null;
}

/**
 * From this size of session file a Markdown report renders a share of its entries in the report thread.
 * Below it, starting the thread and loading the Markdown code there costs about what the share saves.
 */
export const MARKDOWN_SHARE_MIN_BYTES = 1_000_000;

/**
 * What the report thread is started for, if anything: tokenizing the page's code (not with `--template`: its
 * placeholders stand in for highlighted lines until the page is done, and a template of the user's own
 * might escape, cut or count what it is given); redacting a share of a session large enough to be worth
 * sending (a JSON report redacts only its own few strings); rendering a share of a full Markdown report of
 * a large session.
 */
export function threadWork(plan: ReportPlan): ReportThreadWork {
  return {
    highlight: plan.reportThread === "highlight" && !plan.template,
    redact: plan.redacts === "session" && plan.redact && plan.size >= SPLIT_MIN_CHARS,
    markdown:
      plan.reportThread === "markdown-entries" && !plan.summary && plan.size >= MARKDOWN_SHARE_MIN_BYTES,
  };
}

/**
 * The command's machinery for one report: the pieces it runs with (`reportEngines`), V8's tier-up by the
 * page's phase (a no-op in a process not tuned for a batch, `tuneTierUpForBatch`), and the report thread for
 * what `threadWork` gives it, started before the session is read (its loading then overlaps the reading).
 * No thread on a single core, where it would only compete with this one, nor when it is switched off.
 */
export async function startReportSpeed(plan: ReportPlan): Promise<CommandSpeed> {
  const engines = reportEngines();
  const work = { ...threadWork(plan), highlighters: engines.highlighters };
  const wanted = work.highlight || work.redact || work.markdown === true;
  const thread =
    wanted && availableParallelism() >= 2 && speedPieceOn("report-thread")
      ? (await import("./report-thread.js")).startReportThread(work)
      : undefined;
  return {
    speed: reportSpeed(thread, work, engines),
    close: async () => thread?.close(),
    failure: () => thread?.failure() ?? null,
  };
}

/** The one `speed` object: each part of the thread only for the work it was started for. */
export function reportSpeed(
  thread: ReportThread | undefined,
  work: ReportThreadWork,
  engines: ReportEngines = reportEngines(),
): CommandSpeed["speed"] {
  const page = work.highlight ? thread : undefined;
  return {
    engines,
    phase: (phase) => {
      tuneTierUpForPhase(phase);
      page?.phase(phase);
    },
    ...(page === undefined ? {} : { tokenizer: page.tokenizer, finish: (parts) => page.finish(parts) }),
    ...(thread === undefined || work.markdown !== true ? {} : { markdownEntries: thread.markdownEntries }),
    ...(thread === undefined || !work.redact ? {} : { redactor: thread.redactor }),
  };
}

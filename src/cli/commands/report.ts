import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, extname, join } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { writeMarkdownReport } from "../../output/write-markdown-report.js";
import { isSpecialFile, refuseStandardOutputIntoInput, writeReportFile } from "../../output/write-output.js";
import type { SessionAnalysis } from "../../pipeline.js";
import { analyzeSession } from "../../pipeline.js";
import { readSessionFile } from "../../read/read-session-file.js";
import { type RedactionSummary, redactRawSession, redactReport } from "../../redact/redact-session.js";
import { SPLIT_MIN_CHARS } from "../../redact/split-redactor.js";
import { escapeControlCharactersInJson } from "../../render/primitives/control-characters.js";
import type { ReportThread, ReportThreadWork } from "../../report-thread/report-thread.js";
import { newestSessionFor } from "../../sessions/find-session.js";
import { redactionSentence, redactionView } from "../../view/redaction-view.js";
import { tuneHeapForMarkdown } from "../heap-growth.js";
import type { CliIo } from "../io.js";
import { progressLine } from "../progress.js";
import { redactionSettings } from "../redact-options.js";
import { tuneTierUpForPhase } from "../tier-up.js";

/** The formats `pi-report <session>` can write. */
export const REPORT_FORMATS = ["html", "json", "md"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportOptions {
  /** Unset: what `-o`'s extension names (`.md`, `.json`, `.html`), Markdown for `--summary`, else HTML. */
  format?: ReportFormat;
  output?: string;
  leaf?: string;
  thinking: boolean;
  template?: string;
  open?: boolean;
  /** With `md`: the short shape for a pull-request comment. */
  summary?: boolean;
  /** `--redact <regex>` patterns, or false for `--no-redact`. */
  redact: string[] | false;
}

/** A rendered report: its text and, for Markdown written to a file, the images to write beside it. */
interface Rendered {
  /** One string, or pieces in order (a large HTML page is never joined: see `renderHtmlParts`). */
  text: string | readonly string[];
  assets: { path: string; data: Uint8Array }[];
  /** What redaction replaced, when the renderer redacted its own output (the JSON report). */
  redactions?: RedactionSummary;
}

interface RenderInput {
  analysis: SessionAnalysis;
  /**
   * On a machine with two or more cores: for HTML, where to highlight; for a large Markdown report, where
   * to render a share of the entries (see `startReportThread`).
   */
  reportThread: ReportThread | undefined;
  sessionPath: string;
  output: string;
  /** Whether images go to files beside the report: not on standard output, nor beside a pipe or device. */
  imagesBeside: boolean;
  options: ReportOptions;
  onProgress: (done: number, total: number) => void;
}

/**
 * Format -> renderer. Each is imported when used: the JSON report does not pay for loading shiki,
 * unified and handlebars.
 */
const RENDERERS: Record<ReportFormat, (input: RenderInput) => Promise<Rendered>> = {
  json: async ({ analysis, options }) => {
    const { buildJsonReport } = await import("../../report/json-report.js");
    // The JSON report holds no message content: redacting its own strings covers all it shows, at a
    // fraction of the cost of redacting the whole session first.
    const { report, redactions } = await redactReport(
      buildJsonReport(analysis),
      analysis.session.header.cwd ?? null,
      redactionSettings(options.redact),
    );
    report.redaction = redactionView(redactions);
    const json = escapeControlCharactersInJson(JSON.stringify(report, null, 2));
    return { text: `${json}\n`, assets: [], redactions };
  },
  html: async ({ analysis, reportThread, sessionPath, options, onProgress }) => {
    const { renderHtmlParts } = await import("../../render/html/render-html.js");
    const text = await renderHtmlParts(analysis, {
      sourcePath: sessionPath,
      thinking: options.thinking,
      ...(options.template === undefined ? {} : { templateDir: options.template }),
      ...(reportThread === undefined ? {} : { reportThread }),
      onProgress,
      onPhase: tuneTierUpForPhase,
    });
    return { text, assets: [] };
  },
  md: async ({ analysis, reportThread, sessionPath, output, imagesBeside, options }) => {
    const { renderMarkdown } = await import("../../render/markdown/render-markdown.js");
    const { markdown, assets } = await renderMarkdown(analysis, {
      sourcePath: sessionPath,
      summary: options.summary === true,
      thinking: options.thinking,
      // Images go to files beside a written report; on standard output, a pipe or a device they become notes.
      ...(imagesBeside ? { assetsDir: `${basename(output)}.assets` } : {}),
      ...(options.template === undefined ? {} : { templateDir: options.template }),
      ...(reportThread === undefined ? {} : { remoteEntries: reportThread.markdownEntries }),
    });
    return { text: markdown, assets };
  },
};

/**
 * From this size of session file a Markdown report renders a share of its entries in the report thread.
 * Below it, starting the thread and loading the Markdown code there costs about what the share saves.
 */
const MARKDOWN_SHARE_MIN_BYTES = 1_000_000;

/** Where a report goes when `-o` is not given: HTML into the current directory, JSON and Markdown to stdout. */
function defaultOutput(format: ReportFormat, sessionPath: string, cwd: string): string {
  if (format !== "html") return "-";
  return join(cwd, `${basename(sessionPath, extname(sessionPath))}.html`);
}

const FORMAT_BY_EXTENSION: Readonly<Record<string, ReportFormat>> = {
  ".md": "md",
  ".markdown": "md",
  ".json": "json",
  ".html": "html",
  ".htm": "html",
};

/**
 * The format to write: the one asked for; else the one the output file's name says (`-o report.md` is
 * Markdown, not HTML in a file named .md); else Markdown for `--summary`, which is only Markdown; else HTML.
 */
function chosenFormat(options: Pick<ReportOptions, "format" | "output" | "summary">): ReportFormat {
  if (options.format !== undefined) return options.format;
  const named =
    options.output === undefined ? undefined : FORMAT_BY_EXTENSION[extname(options.output).toLowerCase()];
  if (named !== undefined) return named;
  return options.summary === true ? "md" : "html";
}

/** `pi-report [session]`: analyze one session and write its report. */
export async function reportCommand(
  session: string | undefined,
  given: ReportOptions,
  io: CliIo,
): Promise<void> {
  const options = { ...given, format: chosenFormat(given) };
  if (options.summary === true && options.format !== "md") {
    throw new UsageError(
      `--summary shapes Markdown for a pull-request comment, not ${options.format === "json" ? "JSON" : "HTML"}: use --format md (or leave --format out).`,
    );
  }
  const sessionPath = session ?? newestSessionFor(io.cwd, io.env);
  if (session === undefined) io.stderr.write(`pi-report: reporting on ${sessionPath}\n`);
  if (options.format === "json" && options.template !== undefined) {
    io.stderr.write(
      "pi-report: --template shapes the HTML and Markdown reports; the JSON report does not use it.\n",
    );
  }
  if (options.format === "md") tuneHeapForMarkdown();
  const output = options.output ?? defaultOutput(options.format, sessionPath, io.cwd);
  if (output === "-") refuseStandardOutputIntoInput(io.stdout.fd, sessionPath);
  const imagesBeside = output !== "-" && !isSpecialFile(output);
  const size = fileSize(sessionPath);
  const work: ReportThreadWork = {
    // Not with --template: the thread's placeholders stand in for highlighted lines until the page is
    // done, and a template of the user's own might escape, cut or count what it is given.
    highlight: options.format === "html" && options.template === undefined,
    // The JSON report redacts only its own few strings; a small session is not worth sending anywhere.
    redact: options.format !== "json" && options.redact !== false && size >= SPLIT_MIN_CHARS,
    markdown: options.format === "md" && options.summary !== true && size >= MARKDOWN_SHARE_MIN_BYTES,
  };
  const thread = work.highlight || work.redact || work.markdown ? await reportThreadIfCores(work) : undefined;
  let rendered: Rendered;
  let analysis: SessionAnalysis;
  try {
    analysis = await analyzeForFormat(sessionPath, options, thread);
    const progress = progressLine(io.stderr, "rendering");
    rendered = await RENDERERS[options.format]({
      analysis,
      reportThread: work.highlight || work.markdown ? thread : undefined,
      sessionPath,
      output,
      imagesBeside,
      options,
      onProgress: progress.update,
    });
    progress.done();
  } finally {
    await thread?.close();
  }
  const failure = thread?.failure() ?? null;
  if (failure !== null) {
    io.stderr.write(
      `pi-report: the report's second thread stopped (${failure}); this one did its work instead\n`,
    );
  }
  const { text, assets, redactions } = rendered;
  if (output === "-") for (const part of typeof text === "string" ? [text] : text) io.stdout.write(part);
  else {
    if (options.format === "md" && imagesBeside) await writeMarkdownReport(output, text, assets, sessionPath);
    else await writeReportFile(output, text, sessionPath);
    io.stderr.write(
      `pi-report: wrote ${output}${assets.length > 0 ? ` and ${assets.length} image(s)` : ""}\n`,
    );
    if (options.open === true) {
      const { openReport } = await import("../open-report.js");
      await openReport(output, io.stderr);
    }
  }
  if (output === "-" && options.open === true) {
    io.stderr.write("pi-report: --open needs a file to open: give -o <file>.\n");
  }
  const redaction = redactionView(redactions ?? analysis.session.redactions);
  if (redaction !== null && (!redaction.enabled || redaction.secrets > 0)) {
    io.stderr.write(`pi-report: ${redactionSentence(redaction)}\n`);
  }
  const skipped = analysis.problems.filter((problem) => problem.kind === "unreadable").length;
  if (skipped > 0) {
    io.stderr.write(
      `pi-report: ${sessionPath}: ${skipped} damaged line(s) could not be read; the report lists them\n`,
    );
  }
}

/**
 * The session read and analyzed as the renderer needs it: HTML and Markdown show message content, so every
 * string is redacted first; the JSON report redacts its own output instead. A function of its own so that
 * nothing but the analysis outlives it: the raw records are garbage while the report is rendered.
 */
async function analyzeForFormat(
  sessionPath: string,
  options: ReportOptions,
  thread: ReportThread | undefined,
): Promise<SessionAnalysis> {
  const read = readSessionFile(sessionPath);
  const raw =
    options.format === "json"
      ? read
      : await redactRawSession(read, redactionSettings(options.redact), thread);
  thread?.redactionOver();
  return analyzeSession(raw, {
    sessionPath,
    ...(options.leaf === undefined ? {} : { leafId: options.leaf }),
  });
}

/**
 * The report thread, started before the session is read; none on a single core, where it would only
 * compete with this one.
 */
async function reportThreadIfCores(work: ReportThreadWork): Promise<ReportThread | undefined> {
  if (availableParallelism() < 2) return undefined;
  const { startReportThread } = await import("../../report-thread/report-thread.js");
  return startReportThread(work);
}

/** The size of a file in bytes; 0 when it cannot be read (reading it says why, with a clear message). */
function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, extname, join } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { writeMarkdownReport } from "../../output/write-markdown-report.js";
import { isSpecialFile, refuseStandardOutputIntoInput, writeReportFile } from "../../output/write-output.js";
import { analyze, type SessionAnalysis } from "../../pipeline.js";
import { readSessionFile } from "../../read/read-session-file.js";
import { SPLIT_MIN_CHARS } from "../../redact/split-redactor.js";
import {
  formatNamedBy,
  OUTPUT_FORMATS,
  type OutputFormat,
  REPORT_FORMATS,
  type RenderedReport,
  type ReportFormat,
} from "../../render/formats.js";
import type { SummaryForm } from "../../render/markdown/render-markdown.js";
import { newestSessionFor } from "../../sessions/find-session.js";
import { reportSpeed } from "../../speed/machinery/report-speed.js";
import type { ReportThread, ReportThreadWork } from "../../speed/machinery/report-thread.js";
import { speedPieceOn } from "../../speed/pieces.js";
import { redactionSentence, redactionView } from "../../view/redaction-view.js";
import { boundHeapForMarkdown } from "../heap-growth.js";
import type { CliIo } from "../io.js";
import { progressLine } from "../progress.js";
import { redactionSettings } from "../redact-options.js";

export { REPORT_FORMATS, type ReportFormat };

export interface ReportOptions {
  /** Unset: what `-o`'s extension names (`.md`, `.json`, `.html`), Markdown for `--summary`, else HTML. */
  format?: ReportFormat;
  output?: string;
  leaf?: string;
  thinking: boolean;
  template?: string;
  open?: boolean;
  /** With `md`: a pull-request comment, short or full, instead of the transcript. */
  summary?: SummaryForm | undefined;
  /** `--redact <regex>` patterns, or false for `--no-redact`. */
  redact: string[] | false;
  /** False for `--no-session-file`: the HTML report offers no copy of the session file. */
  sessionFile: boolean;
}

/**
 * From this size of session file a Markdown report renders a share of its entries in the report thread.
 * Below it, starting the thread and loading the Markdown code there costs about what the share saves.
 */
const MARKDOWN_SHARE_MIN_BYTES = 1_000_000;

/** Where a report goes when `-o` is not given: HTML into the current directory, JSON and Markdown to stdout. */
function defaultOutput(format: OutputFormat, sessionPath: string, cwd: string): string {
  if (format.defaultOutput === "stdout") return "-";
  return join(cwd, `${basename(sessionPath, extname(sessionPath))}${format.extensions[0]}`);
}

/** The format `--summary` shapes (Markdown). */
const SUMMARY_FORMAT = REPORT_FORMATS.find((format) => OUTPUT_FORMATS[format].summary) ?? "md";

/**
 * The format to write: the one asked for; else the one the output file's name says (`-o report.md` is
 * Markdown, not HTML in a file named .md); else Markdown for `--summary`, which is only Markdown; else HTML.
 */
function chosenFormat(options: Pick<ReportOptions, "format" | "output" | "summary">): ReportFormat {
  if (options.format !== undefined) return options.format;
  const named = options.output === undefined ? undefined : formatNamedBy(options.output);
  if (named !== undefined) return named;
  return options.summary !== undefined ? SUMMARY_FORMAT : "html";
}

/** `pi-report [session]`: analyze one session and write its report. */
export async function reportCommand(
  session: string | undefined,
  given: ReportOptions,
  io: CliIo,
): Promise<void> {
  const options = { ...given, format: chosenFormat(given) };
  const format: OutputFormat = OUTPUT_FORMATS[options.format];
  if (options.summary !== undefined && !format.summary) {
    throw new UsageError(
      `--summary shapes ${OUTPUT_FORMATS[SUMMARY_FORMAT].title} for a pull-request comment, not ${format.title}: use --format ${SUMMARY_FORMAT} (or leave --format out).`,
    );
  }
  const sessionPath = session ?? newestSessionFor(io.cwd, io.env);
  if (session === undefined) io.stderr.write(`pi-report: reporting on ${sessionPath}\n`);
  if (!format.templates && options.template !== undefined) {
    const shaped = REPORT_FORMATS.filter((name) => OUTPUT_FORMATS[name].templates);
    io.stderr.write(
      `pi-report: --template shapes the ${shaped.map((name) => OUTPUT_FORMATS[name].title).join(" and ")} reports; the ${format.title} report does not use it.\n`,
    );
  }
  const output = options.output ?? defaultOutput(format, sessionPath, io.cwd);
  if (output === "-") refuseStandardOutputIntoInput(io.stdout.fd, sessionPath);
  if (options.format === "md") boundHeapForMarkdown();
  const imagesBeside = output !== "-" && !isSpecialFile(output);
  const size = fileSize(sessionPath);
  const work: ReportThreadWork = {
    // Not with --template: the thread's placeholders stand in for highlighted lines until the page is
    // done, and a template of the user's own might escape, cut or count what it is given.
    highlight: format.reportThread === "highlight" && options.template === undefined,
    // The JSON report redacts only its own few strings; a small session is not worth sending anywhere.
    redact: format.redacts === "session" && options.redact !== false && size >= SPLIT_MIN_CHARS,
    markdown:
      format.reportThread === "markdown-entries" &&
      options.summary === undefined &&
      size >= MARKDOWN_SHARE_MIN_BYTES,
  };
  const thread = work.highlight || work.redact || work.markdown ? await reportThreadIfCores(work) : undefined;
  let rendered: RenderedReport;
  let analysis: SessionAnalysis;
  try {
    analysis = await analyzeFor(format, sessionPath, options, thread);
    const progress = progressLine(io.stderr, "rendering");
    rendered = await format.render({
      analysis,
      sourcePath: sessionPath,
      thinking: options.thinking,
      summary: options.summary ?? false,
      // Images go to files beside a written report; on standard output, a pipe or a device they become notes.
      ...(imagesBeside ? { assetsDir: `${basename(output)}.assets` } : {}),
      ...(options.template === undefined ? {} : { templateDir: options.template }),
      speed: reportSpeed(thread, work),
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
  const { text, images: assets } = rendered;
  if (output === "-") for (const part of typeof text === "string" ? [text] : text) io.stdout.write(part);
  else {
    if (format.imagesBeside && imagesBeside) await writeMarkdownReport(output, text, assets, sessionPath);
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
  const redaction = redactionView(rendered.redaction);
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
 * The session read and analyzed, redacted as the format says (`OutputFormat.redacts`). A function of its
 * own so that nothing but the analysis outlives it: the raw records are garbage while the report is rendered.
 */
function analyzeFor(
  format: OutputFormat,
  sessionPath: string,
  options: ReportOptions,
  thread: ReportThread | undefined,
): Promise<SessionAnalysis> {
  return analyze(readSessionFile(sessionPath), {
    sessionPath,
    ...(options.leaf === undefined ? {} : { leafId: options.leaf }),
    redaction: redactionSettings(options.redact),
    redactionScope: format.redacts,
    ...(thread === undefined ? {} : { redactionThread: thread }),
    // The page offers the session file, redacted by this same analysis (`--no-session-file`: not).
    sessionFile: format.offersSessionFile && options.sessionFile !== false,
  });
}

/**
 * The report thread, started before the session is read; none on a single core, where it would only
 * compete with this one, nor when it is switched off (src/speed/pieces.ts): then this thread does it all.
 */
async function reportThreadIfCores(work: ReportThreadWork): Promise<ReportThread | undefined> {
  if (availableParallelism() < 2 || !speedPieceOn("report-thread")) return undefined;
  const { startReportThread } = await import("../../speed/machinery/report-thread.js");
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

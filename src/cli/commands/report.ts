import { basename, extname, join } from "node:path";
import open from "open";
import { analyzeFile } from "../../pipeline.js";
import { renderHtml } from "../../render/html/render-html.js";
import { buildJsonReport } from "../../report/json-report.js";
import { newestSessionFor } from "../find-session.js";
import type { CliIo } from "../io.js";
import { progressLine } from "../progress.js";
import { writeReportFile } from "../write-output.js";

/** The formats `pi-report <session>` can write. */
export const REPORT_FORMATS = ["html", "json"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportOptions {
  format: ReportFormat;
  output?: string;
  leaf?: string;
  thinking: boolean;
  template?: string;
  open?: boolean;
}

const EXTENSIONS: Record<ReportFormat, string> = { html: ".html", json: ".json" };

/** Where a report goes when `-o` is not given: HTML beside the current directory, JSON to stdout. */
function defaultOutput(format: ReportFormat, sessionPath: string, cwd: string): string {
  if (format === "json") return "-";
  return join(cwd, `${basename(sessionPath, extname(sessionPath))}${EXTENSIONS[format]}`);
}

/** `pi-report [session]`: analyze one session and write its report. */
export async function reportCommand(
  session: string | undefined,
  options: ReportOptions,
  io: CliIo,
): Promise<void> {
  const sessionPath = session ?? newestSessionFor(io.cwd, io.env);
  if (session === undefined) io.stderr.write(`pi-report: reporting on ${sessionPath}\n`);
  const analysis = analyzeFile(sessionPath, options.leaf === undefined ? {} : { leafId: options.leaf });
  const progress = progressLine(io.stderr, "highlighting");
  const text =
    options.format === "json"
      ? `${JSON.stringify(buildJsonReport(analysis), null, 2)}\n`
      : await renderHtml(analysis, {
          sourcePath: sessionPath,
          thinking: options.thinking,
          ...(options.template === undefined ? {} : { templateDir: options.template }),
          onProgress: progress.update,
        });
  progress.done();
  const output = options.output ?? defaultOutput(options.format, sessionPath, io.cwd);
  if (output === "-") io.stdout.write(text);
  else {
    await writeReportFile(output, text, sessionPath);
    io.stderr.write(`pi-report: wrote ${output}\n`);
    if (options.open === true) await open(output, { wait: false });
  }
  const skipped = analysis.problems.filter((problem) => problem.kind === "unreadable").length;
  if (skipped > 0) {
    io.stderr.write(
      `pi-report: ${sessionPath}: ${skipped} damaged line(s) could not be read; the report lists them\n`,
    );
  }
}

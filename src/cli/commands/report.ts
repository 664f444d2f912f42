import { analyzeFile } from "../../pipeline.js";
import { buildJsonReport } from "../../report/json-report.js";
import type { CliIo } from "../io.js";
import { writeReportFile } from "../write-output.js";

/** The formats `pi-report <session>` can write. */
export const REPORT_FORMATS = ["json"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportOptions {
  format: ReportFormat;
  output?: string;
  leaf?: string;
}

/** `pi-report <session>`: analyze one session and write its report to stdout or `-o`. */
export async function reportCommand(sessionPath: string, options: ReportOptions, io: CliIo): Promise<void> {
  const analysis = analyzeFile(sessionPath, options.leaf === undefined ? {} : { leafId: options.leaf });
  const text = `${JSON.stringify(buildJsonReport(analysis), null, 2)}\n`;
  if (options.output === undefined) io.stdout.write(text);
  else await writeReportFile(options.output, text, sessionPath);
  const skipped = analysis.problems.filter((problem) => problem.kind === "unreadable").length;
  if (skipped > 0) {
    io.stderr.write(
      `pi-report: ${sessionPath}: ${skipped} damaged line(s) could not be read; see "problems" in the report\n`,
    );
  }
}

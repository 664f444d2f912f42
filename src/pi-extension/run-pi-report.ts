import { run } from "../cli/run.js";

/** What one `pi-report` run said: its exit code and its lines on standard error (without the prefix). */
export interface PiReportRun {
  code: number;
  lines: string[];
}

/**
 * Runs the `pi-report` command in this process, as its bin would with `argv`, and collects what it says
 * instead of printing it: inside Pi the terminal is Pi's. The command never writes a report to standard
 * output here (`-o` always names a file).
 */
export async function runPiReport(argv: readonly string[], cwd: string): Promise<PiReportRun> {
  let said = "";
  const collect = { write: (text: string) => (said += text) };
  const code = await run(argv, { stdout: collect, stderr: collect, cwd, env: process.env });
  const lines = said
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => line.replace(/^pi-report: /, ""));
  return { code, lines };
}

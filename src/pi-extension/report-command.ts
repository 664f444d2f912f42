import { existsSync, readFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { showControlCharactersInLine } from "../render/primitives/control-characters.js";
import { copyToClipboard } from "./clipboard.js";
import type { PiCommandContext } from "./pi-api.js";
import { runPiReport } from "./run-pi-report.js";

/** What `/report` is asked to do, from its argument. */
export type ReportAction = "html" | "md" | "share";

/** The arguments `/report` takes, for Pi's completion menu. */
export const REPORT_ARGUMENTS = [
  { value: "md", label: "md", description: "the PR summary, copied" },
  { value: "share", label: "share", description: "a secret gist through gh, viewable at pi.dev" },
];

/** `/report` -> html, `/report md` -> md, `/report share` -> share; anything else is not understood. */
export function parseReportArgs(args: string): ReportAction | undefined {
  const word = args.trim().toLowerCase();
  if (word === "" || word === "html") return "html";
  if (word === "md" || word === "markdown") return "md";
  if (word === "share") return "share";
  return undefined;
}

/**
 * Says one message to the user: in Pi's UI where there is one, else on standard error (print mode). Its
 * lines are shown inert: they name files, and a file's name can hold terminal controls.
 */
function say(ctx: PiCommandContext, text: string, type: "info" | "warning" | "error" = "info"): void {
  const message = text.split("\n").map(showControlCharactersInLine).join("\n");
  if (ctx.hasUI) ctx.ui.notify(message, type);
  else process.stderr.write(`${message}\n`);
}

/**
 * The session file to report on, or the reason there is none: a session kept in memory (`--no-session`)
 * has no file, and Pi writes the file only once the first reply has come.
 */
function sessionFileOf(ctx: PiCommandContext): { path: string } | { why: string } {
  const path = ctx.sessionManager.getSessionFile();
  if (path === undefined)
    return { why: "this session is kept in memory (--no-session): there is no file to report on" };
  if (!existsSync(path))
    return { why: "nothing to report yet: Pi writes the session file after the first reply" };
  return { path };
}

/**
 * Where a report goes: the directory Pi works in, named after the session file, where `pi-report` run
 * there writes it by default and where Pi's own `/export` writes its page, so it is found where one looks.
 */
export function reportPath(sessionFile: string, cwd: string, extension: ".html" | ".md"): string {
  return join(cwd, `${basename(sessionFile, extname(sessionFile))}${extension}`);
}

/** `/report [md|share]`: writes the current session's redacted report and tells the user where. */
export async function reportCommand(args: string, ctx: PiCommandContext): Promise<void> {
  const action = parseReportArgs(args);
  if (action === undefined) {
    say(
      ctx,
      `/report: unknown argument "${args.trim()}": use /report (HTML), /report md (PR summary) or /report share (a secret gist)`,
      "error",
    );
    return;
  }
  const session = sessionFileOf(ctx);
  if ("why" in session) {
    say(ctx, `/report: ${session.why}`, "error");
    return;
  }
  if (action === "html") await writeHtml(session.path, ctx);
  else if (action === "md") await writeSummary(session.path, ctx);
  else await share(session.path, ctx);
}

/** The redacted report and summary as a secret gist (`pi-report share`): its viewer and gist addresses. */
async function share(sessionFile: string, ctx: PiCommandContext): Promise<void> {
  const { code, lines } = await runPiReport(["share", sessionFile], ctx.cwd);
  if (code !== 0) {
    say(ctx, `/report share: ${lines.at(-1) ?? `pi-report exited with code ${code}`}`, "error");
    return;
  }
  say(ctx, ["Shared this session's redacted report:", ...lines].join("\n"));
}

/** The HTML report, redacted, opened with the system's opener (`pi-report --open`). */
async function writeHtml(sessionFile: string, ctx: PiCommandContext): Promise<void> {
  const output = reportPath(sessionFile, ctx.cwd, ".html");
  const { code, lines } = await runPiReport([sessionFile, "-o", output, "--open"], ctx.cwd);
  if (code !== 0) {
    say(ctx, `/report: ${lines.at(-1) ?? `pi-report exited with code ${code}`}`, "error");
    return;
  }
  const notes = lines.filter((line) => !line.startsWith("wrote "));
  const opened = notes.some((line) => line.startsWith("could not open ")) ? [] : ["opened it"];
  say(ctx, [`Report written to ${output}`, ...opened, ...notes].join("\n"));
}

/** The Markdown summary for a pull request, written beside the HTML one and put on the clipboard. */
async function writeSummary(sessionFile: string, ctx: PiCommandContext): Promise<void> {
  const output = reportPath(sessionFile, ctx.cwd, ".md");
  const { code, lines } = await runPiReport([sessionFile, "--summary", "-o", output], ctx.cwd);
  if (code !== 0) {
    say(ctx, `/report md: ${lines.at(-1) ?? `pi-report exited with code ${code}`}`, "error");
    return;
  }
  const copiedWith = await copyToClipboard(readFileSync(output, "utf8"));
  const copied =
    copiedWith === null
      ? "no clipboard found (pbcopy, wl-copy, xclip, xsel, clip.exe): paste it from the file"
      : `copied to the clipboard (${copiedWith})`;
  const notes = lines.filter((line) => !line.startsWith("wrote "));
  say(ctx, [`PR summary written to ${output}`, copied, ...notes].join("\n"));
}

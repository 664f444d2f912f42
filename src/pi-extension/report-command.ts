import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";
import { weekOf } from "../costs/periods.js";
import { showControlCharactersInLine } from "../render/primitives/control-characters.js";
import { piSessionsRoot } from "../sessions/find-session.js";
import { localTimeZone, zonedDay } from "../sessions/time-zone.js";
import { copyToClipboard } from "./clipboard.js";
import type { PiCommandContext } from "./pi-api.js";
import { runPiReport } from "./run-pi-report.js";

/** What `/report` is asked to do, from its argument. */
export type ReportAction = "html" | "md" | "share" | "costs";

/** The arguments `/report` takes, for Pi's completion menu. */
export const REPORT_ARGUMENTS = [
  { value: "md", label: "md", description: "the PR summary, copied" },
  { value: "share", label: "share", description: "a secret gist through gh, viewable at pi.dev" },
  { value: "costs", label: "costs", description: "this project's costs, week by week" },
];

/**
 * `/report` -> html, `/report md` -> md, `/report share` -> share, `/report costs` -> costs; anything else
 * is not understood.
 */
export function parseReportArgs(args: string): ReportAction | undefined {
  const word = args.trim().toLowerCase();
  if (word === "" || word === "html") return "html";
  if (word === "md" || word === "markdown") return "md";
  if (word === "share") return "share";
  if (word === "costs") return "costs";
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
      `/report: unknown argument "${args.trim()}": use /report (HTML), /report md (PR summary), /report share (a secret gist) or /report costs`,
      "error",
    );
    return;
  }
  if (action === "costs") {
    await costs(ctx);
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

/** Weeks `/report costs` shows: this one and the seven before it. */
const WEEKS_SHOWN = 8;

/**
 * `pi-report costs` as `/report costs` runs it: this project's (the working directory's) sessions, a row
 * per week for the last eight weeks in this machine's time zone, fitted to Pi's terminal. The folder is
 * Pi's sessions folder, or the current session's own folder when Pi keeps it elsewhere (`--session-dir`).
 */
export function costsArguments(
  cwd: string,
  sessionFile: string | undefined,
  env: NodeJS.ProcessEnv,
  width: number,
  now: Date = new Date(),
): string[] {
  const root = piSessionsRoot(env, cwd).dir;
  const inside = sessionFile !== undefined && !relative(root, sessionFile).startsWith("..");
  const folder = sessionFile === undefined || inside ? root : dirname(sessionFile);
  const zone = localTimeZone(env);
  const thisWeek = weekOf(zonedDay(now.toISOString(), zone) as string);
  const since = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (WEEKS_SHOWN - 1) * 7 * 86_400_000);
  return [
    "costs",
    folder,
    "--by",
    "week",
    "--project",
    cwd,
    "--since",
    since.toISOString().slice(0, 10),
    "--tz",
    zone,
    "--width",
    String(width),
  ];
}

/** `/report costs`: this project's costs, week by week, said in Pi's UI. */
async function costs(ctx: PiCommandContext): Promise<void> {
  // Pi's notification is drawn inside its terminal, a little narrower than the terminal itself.
  const width =
    process.stdout.isTTY === true && process.stdout.columns > 40 ? process.stdout.columns - 4 : 100;
  const argv = costsArguments(ctx.cwd, ctx.sessionManager.getSessionFile(), process.env, width);
  const { code, lines } = await runPiReport(argv, ctx.cwd);
  if (code !== 0) {
    say(ctx, `/report costs: ${lines.at(-1) ?? `pi-report exited with code ${code}`}`, "error");
    return;
  }
  say(ctx, lines.join("\n"));
}

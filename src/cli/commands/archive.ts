import type { Command } from "commander";
import { UsageError } from "../../output/usage-error.js";
import { NOT_REDACTED } from "../../redact/redact-session.js";
import { summarySentence } from "../../view/redaction-view.js";
import type { CliIo } from "../io.js";
import { addRedactOptions, redactionSettings } from "../redact-options.js";

/** The options `pi-report archive` parses. */
export interface ArchiveCommandOptions {
  output: string;
  since?: string;
  until?: string;
  project?: string;
  redact: string[] | false;
  merge?: string[];
  costsOnly?: boolean;
  machine?: string;
}

/** Where the site goes when `-o` is not given, relative to the current directory. */
export const DEFAULT_SITE_FOLDER = "pi-report-site";

/**
 * Adds `pi-report archive [folder]` to the program: a browsable site of many sessions, with cost
 * summaries and forks counted once. Errors the user can act on are thrown as `UsageError` (exit code 2).
 */
export function registerArchiveCommand(program: Command, io: CliIo): void {
  // Without this, commander hands `archive ... -o site` to the report's own -o, since a program's options
  // are read anywhere on the line; with it they are read before the subcommand only.
  program.enablePositionalOptions();
  const archive = program.command("archive");
  addRedactOptions(archive, "the reports");
  archive
    .description(
      "Turn a folder of Pi sessions into a static site: one report per session, index.html, archive.json and costs.csv.",
    )
    .argument(
      "[folder]",
      "folder of session files (.jsonl), searched recursively; default: Pi's sessions folder",
    )
    .option("-o, --output <dir>", "the site folder", DEFAULT_SITE_FOLDER)
    .option("--since <date>", "only sessions started on or after this day (YYYY-MM-DD, UTC)")
    .option("--until <date>", "only sessions started on or before this day (YYYY-MM-DD, UTC)")
    .option("--project <substring>", "only sessions whose working directory (cwd) contains this")
    .option(
      "--merge <archives...>",
      "merge several machines' archives (site folders or archive.json files) into one site, each session once",
    )
    .option("--costs-only", "no transcripts: archive.json, costs.csv and an index of costs only")
    .option("--machine <name>", "the name archive.json gives this machine, for merging (default: host name)")
    .action(async (folder: string | undefined, options: ArchiveCommandOptions) => {
      if (options.merge !== undefined) {
        await mergeArchives(folder, options, io);
        return;
      }
      // Imported when used: a single report does not load the worker pool.
      const { runArchive } = await import("../../archive/run/run-archive.js");
      const { changesLine, summaryLine } = await import("../../archive/run/summary-line.js");
      const summary = await runArchive({
        folder,
        output: options.output,
        since: options.since,
        until: options.until,
        project: options.project,
        env: io.env,
        stderr: io.stderr,
        cwd: io.cwd,
        redaction: redactionSettings(options.redact),
        machine: options.machine,
        costsOnly: options.costsOnly,
      });
      io.stderr.write(`${summaryLine(summary)}\n`);
      const changes = changesLine(summary);
      if (changes !== null) io.stderr.write(`${changes}\n`);
      // As a single report says it: the site is about to be shared, and nothing in it was redacted.
      if (options.redact === false) {
        io.stderr.write(`pi-report: ${summarySentence(NOT_REDACTED)}\n`);
      }
    });
}

/** `pi-report archive --merge a b … -o site`. */
async function mergeArchives(folder: string | undefined, options: ArchiveCommandOptions, io: CliIo) {
  if (folder !== undefined) {
    throw new UsageError(
      `archive ${folder} --merge: give either a folder of sessions or --merge with archives, not both.`,
    );
  }
  if (options.costsOnly === true || options.machine !== undefined) {
    throw new UsageError(
      "--merge: --costs-only and --machine are for archiving a machine's sessions; a merge has no pages and names each session's machine.",
    );
  }
  const { runMerge } = await import("../../archive/run/run-merge.js");
  const { mergeLine } = await import("../../archive/run/summary-line.js");
  const summary = await runMerge({
    inputs: options.merge ?? [],
    output: options.output,
    since: options.since,
    until: options.until,
    project: options.project,
    cwd: io.cwd,
    redaction: redactionSettings(options.redact),
  });
  io.stderr.write(`${mergeLine(summary)}\n`);
}

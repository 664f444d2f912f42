import { Command, CommanderError, Option } from "commander";
import { inertStream } from "../output/inert-stream.js";
import { UsageError } from "../output/usage-error.js";
import { SessionReadError } from "../read/errors.js";
import { RedactPatternError } from "../redact/custom-patterns.js";
import { TemplateError } from "../render/templates/template-error.js";
import { UnknownEntryError } from "../tree/build-tree.js";
import { TOOL_VERSION } from "../version.js";
import { registerArchiveCommand } from "./commands/archive.js";
import { registerCostsCommand } from "./commands/costs.js";
import { registerPrCommand } from "./commands/pr.js";
import { REPORT_FORMATS, type ReportOptions, reportCommand } from "./commands/report.js";
import { registerShareCommand } from "./commands/share.js";
import { type CliIo, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK } from "./io.js";
import { addRedactOptions } from "./redact-options.js";
import { summaryArguments } from "./summary-option.js";

function buildProgram(io: CliIo): Command {
  const program = new Command();
  addRedactOptions(program, "the report");
  program
    .name("pi-report")
    .description(
      "Turn a Pi coding-agent session file into a report you can share, attach or archive.\n" +
        "pi-report archive [folder] turns a whole sessions folder into a site (see pi-report archive --help);\n" +
        "pi-report costs [folder] shows what the sessions cost (see pi-report costs --help).",
    )
    .version(TOOL_VERSION, "-V, --version")
    .argument("[session]", "the session file (.jsonl); default: the newest Pi session for this directory")
    .addOption(
      new Option(
        "-f, --format <format>",
        "what to write (default: as -o's extension says, .md, .json or .html; md for --summary; else html)",
      ).choices(REPORT_FORMATS),
    )
    .option(
      "-o, --output <file>",
      "where to write: a file, or - for standard output (default: <session>.html here; JSON and md to stdout)",
    )
    .option("--leaf <id>", "show the branch that ends at this entry instead of the last entry")
    .option("--no-thinking", "leave the model's thinking out of the report")
    .option("--no-session-file", "leave the session file (redacted, for Pi to open) out of the HTML report")
    .option("--template <dir>", "use templates, partials or assets from this directory over the shipped ones")
    .option("--open", "open the report when written")

    .option(
      "--summary [form]",
      "Markdown for a pull-request comment (at most 65,536 characters): short, one screen (the default), or full",
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      // Help shown on an error is several lines: each a message of its own (io.stderr takes one a write).
      writeErr: (text) => {
        for (const line of text.split(/(?<=\n)/)) io.stderr.write(line);
      },
      // One line in our own voice, like every other error: "pi-report: <what>".
      outputError: (text) =>
        io.stderr.write(`pi-report: ${text.replace(/^error: /, "").trimEnd()} (see --help)\n`),
    })
    .action(async (given: string | undefined, options: ReportOptions) => {
      const { session, summary } = summaryArguments(given, options.summary);
      await reportCommand(session, { ...options, summary }, io);
    });
  // After exitOverride and configureOutput: a subcommand inherits them when it is created.
  registerArchiveCommand(program, io);
  registerCostsCommand(program, io);
  registerShareCommand(program, io);
  registerPrCommand(program, io);
  return program;
}

/**
 * Runs the CLI and returns its exit code. Errors the user can act on are one line on stderr with code 2;
 * anything else is a bug in this tool: one line and code 1 (the stack only with PI_REPORT_DEBUG=1).
 */
export async function run(argv: readonly string[], given: CliIo): Promise<number> {
  // Every message goes out inert: file names and session text can hold terminal and log controls.
  const io: CliIo = { ...given, stderr: inertStream(given.stderr) };
  try {
    await buildProgram(io).parseAsync([...argv], { from: "user" });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end through here too, with exit code 0.
      return error.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
    }
    if (
      error instanceof SessionReadError ||
      error instanceof UsageError ||
      error instanceof TemplateError ||
      error instanceof RedactPatternError
    ) {
      io.stderr.write(`pi-report: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof UnknownEntryError) {
      io.stderr.write(`pi-report: --leaf: ${error.message}; the JSON report lists every branch tip's id.\n`);
      return EXIT_BAD_INPUT;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `pi-report: internal error: ${message} (please report it; PI_REPORT_DEBUG=1 shows where)\n`,
    );
    if (io.env.PI_REPORT_DEBUG && error instanceof Error && error.stack)
      for (const line of error.stack.split("\n")) io.stderr.write(`${line}\n`);
    return EXIT_INTERNAL;
  }
}

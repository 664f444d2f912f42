import { resolve } from "node:path";
import { type Command, Option } from "commander";
import { UsageError } from "../../output/usage-error.js";
import type { CliIo } from "../io.js";
import { DEFAULT_SITE_FOLDER } from "./archive.js";

/** The tables `pi-report costs --by` makes. */
export const COSTS_TABLES = ["day", "week", "month", "session", "model", "project", "machine"] as const;

/** The options `pi-report costs` parses. */
interface CostsCommandOptions {
  by: (typeof COSTS_TABLES)[number];
  breakdown?: boolean;
  since?: string;
  until?: string;
  project?: string;
  order?: "asc" | "desc";
  tz?: string;
  json?: boolean;
  estimate?: boolean;
  merge?: string[];
  site?: string;
  machine?: string;
  width?: string;
}

/** `--width`: a count of terminal columns. */
function parseWidth(given: string | undefined): number | null | undefined {
  if (given === undefined) return undefined;
  if (!/^\d+$/.test(given) || Number(given) < 20) {
    throw new UsageError(`--width ${given}: give the terminal's width as a number of columns, 20 or more.`);
  }
  return Number(given);
}

/** How wide the table may be: `--width`, else the terminal's, else `COLUMNS`, else no limit (a pipe, a file). */
function tableWidth(given: number | null | undefined, io: CliIo): number | null {
  if (given !== undefined) return given;
  const columns = (io.stdout as { columns?: number }).columns;
  if (io.stdout.isTTY === true && typeof columns === "number" && columns > 0) return columns;
  const fromEnv = Number(io.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : null;
}

/**
 * Adds `pi-report costs [folder]`: what the sessions cost, as a table in the terminal or as JSON, counted
 * as the archive counts it. Errors the user can act on are thrown as `UsageError` (exit code 2).
 */
export function registerCostsCommand(program: Command, io: CliIo): void {
  program
    .command("costs")
    .description(
      "What Pi sessions cost, by day, week, month, session, model, project or machine: forks counted once, sub-agent runs included, unpriced tokens never $0.",
    )
    .argument(
      "[folder]",
      "folder of session files (.jsonl), searched recursively; default: Pi's sessions folder (with --merge: none)",
    )
    .addOption(new Option("--by <table>", "the table's rows").choices(COSTS_TABLES).default("day"))
    .option("-b, --breakdown", "a line per model under each row")
    .option("--since <date>", "only sessions started on or after this day (YYYY-MM-DD, in --tz)")
    .option("--until <date>", "only sessions started on or before this day (YYYY-MM-DD, in --tz)")
    .option("--project <substring>", "only sessions whose working directory (cwd) contains this")
    .addOption(
      new Option(
        "--order <order>",
        "asc or desc (default: oldest first for days, weeks, months and sessions; largest first for the rest)",
      ).choices(["asc", "desc"]),
    )
    .option("--tz <zone>", "the time zone of the days, e.g. UTC or Europe/Berlin (default: this machine's)")
    .option("--json", "JSON instead of a table (docs/costs.md gives its schema)")
    .option("--estimate", "price unpriced tokens from a price table (@pydantic/genai-prices), shown apart")
    .option(
      "--merge <archives...>",
      "add other machines' archives (site folders or archive.json files) for a team's total",
    )
    .option(
      "--site <dir>",
      `an archive of the same folder to take sessions from (default: ./${DEFAULT_SITE_FOLDER})`,
    )
    .option("--machine <name>", "the name this machine's sessions go by (default: host name)")
    .option("--width <columns>", "the table's width (default: the terminal's)")
    .action(async (folder: string | undefined, options: CostsCommandOptions) => {
      const width = parseWidth(options.width);
      // Imported when used: a single report does not load the archive's counting.
      const { runCosts } = await import("../../costs/run-costs.js");
      const json = await runCosts({
        folder,
        by: options.by,
        since: options.since,
        until: options.until,
        project: options.project,
        timeZone: options.tz,
        order: options.order,
        estimate: options.estimate,
        merge: options.merge,
        site:
          options.site === undefined
            ? { path: resolve(io.cwd, DEFAULT_SITE_FOLDER), given: null }
            : { path: resolve(io.cwd, options.site), given: options.site },
        machine: options.machine,
        env: io.env,
        stderr: io.stderr,
        cwd: io.cwd,
      });
      if (options.json === true) {
        io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
        return;
      }
      const [{ costsText }, { paintFor }] = await Promise.all([
        import("../../costs/costs-text.js"),
        import("../../costs/paint.js"),
      ]);
      io.stdout.write(
        costsText(json, {
          breakdown: options.breakdown === true,
          width: tableWidth(width, io),
          paint: paintFor(io.stdout, io.env),
        }),
      );
    });
}

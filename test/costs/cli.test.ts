/** `pi-report costs` as a command: its schema in docs, and errors in one line with exit code 2. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CostsJson, costsJsonSchemaDocument } from "../../src/costs/costs-json.js";
import { runCli } from "../helpers/cli.js";
import { ROOT } from "../helpers/paths.js";
import { COSTS_FOLDER, costs, dollars } from "./helpers.js";

describe("pi-report costs: the command", () => {
  it("docs/costs.schema.json is the schema --json is checked against (node scripts/costs-schema.mjs writes it)", () => {
    const documented = JSON.parse(readFileSync(join(ROOT, "docs", "costs.schema.json"), "utf8"));
    expect(documented).toEqual(costsJsonSchemaDocument());
    expect(Object.keys(documented.$defs)).toEqual(
      expect.arrayContaining(["Totals", "Estimate", "ModelRow", "SessionRow", "Deduplicated"]),
    );
  });

  it.each([
    [
      ["--tz", "Mars/Olympus"],
      "--tz Mars/Olympus: not a time zone; give an IANA name such as UTC, Europe/Berlin or America/New_York.",
    ],
    [["--width", "12"], "--width 12: give the terminal's width as a number of columns, 20 or more."],
    [
      ["--since", "2025-02-30"],
      "--since 2025-02-30: not a date; give a day as YYYY-MM-DD, e.g. --since 2025-06-01.",
    ],
    [
      ["--since", "2025-07-01", "--until", "2025-06-01"],
      "--since 2025-07-01 is after --until 2025-06-01; no session could match.",
    ],
    [
      ["--by", "year"],
      "option '--by <table>' argument 'year' is invalid. Allowed choices are day, week, month, session, model, project, machine. (see --help)",
    ],
    [
      ["--order", "up"],
      "option '--order <order>' argument 'up' is invalid. Allowed choices are asc, desc. (see --help)",
    ],
  ])("refuses %j in one line, exit code 2", async (args, message) => {
    const result = await runCli(["costs", COSTS_FOLDER, ...args], { XDG_CACHE_HOME: "/nonexistent-cache" });
    expect(result).toEqual({ code: 2, stdout: "", stderr: `pi-report: ${message}\n` });
  });

  it("refuses a folder that is not there, or a file, naming it", async () => {
    const missing = await runCli(["costs", join(COSTS_FOLDER, "nope")], {});
    expect(missing).toEqual({
      code: 2,
      stdout: "",
      stderr: `pi-report: ${join(COSTS_FOLDER, "nope")}: no such folder; give the folder that holds the sessions (.jsonl).\n`,
    });
    const file = join(COSTS_FOLDER, "--srv-ops--", "2025-06-20T08-00-00-000Z_local.jsonl");
    const result = await runCli(["costs", file], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `pi-report: ${file}: is a file; give a folder of sessions, or run \`pi-report ${file}\`.\n`,
    );
  });

  it("reads Pi's own sessions folder by default, as archive finds it (PI_CODING_AGENT_SESSION_DIR)", async () => {
    const cache = mkdtempSync(join(tmpdir(), "pi-costs-cli-"));
    // Read here, in this thread: the command below takes the sessions from this cache.
    await costs({ env: { XDG_CACHE_HOME: cache } });
    const env = { PI_CODING_AGENT_SESSION_DIR: COSTS_FOLDER, XDG_CACHE_HOME: cache };
    const result = await runCli(["costs", "--json", "--tz", "UTC"], env);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as CostsJson;
    expect(json.sources).toEqual({ folder: COSTS_FOLDER, merged: [] });
    expect(dollars(json.total.total.cost)).toBe(0.03975);
    // The home directory shows as `~`, as in every other output: the JSON may be shared.
    const fromHome = await runCli(["costs", "--json", "--tz", "UTC"], {
      ...env,
      HOME: join(COSTS_FOLDER, ".."),
    });
    expect((JSON.parse(fromHome.stdout) as CostsJson).sources.folder).toBe("~/costs");
    const missing = join(COSTS_FOLDER, "..", "nowhere-agent");
    const none = await runCli(["costs"], { PI_CODING_AGENT_DIR: missing });
    expect(none.stderr).toBe(
      `pi-report: ${join(missing, "sessions")}: no such folder; give the folder that holds the sessions (.jsonl).\n`,
    );
  });
});

/** The terminal table: columns chosen by width, numbers right-aligned, colour only where it belongs. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { COSTS_FOLDER, costs } from "./helpers.js";

const ESCAPE = "\u001b[";

/** Runs `pi-report costs` in-process with the cache the tests filled, on a terminal or not. */
async function table(
  args: string[],
  { tty = false, columns, env = {} }: { tty?: boolean; columns?: number; env?: Record<string, string> } = {},
): Promise<string> {
  let out = "";
  const code = await run(["costs", COSTS_FOLDER, "--tz", "UTC", ...args], {
    stdout: {
      write: (text: string) => (out += text),
      isTTY: tty,
      ...(columns === undefined ? {} : { columns }),
    },
    stderr: { write: () => true },
    cwd: process.cwd(),
    env: { XDG_CACHE_HOME: cache, ...env },
  } as never);
  expect(code).toBe(0);
  return out;
}

let cache: string;
beforeAll(async () => {
  cache = mkdtempSync(join(tmpdir(), "pi-costs-table-"));
  // Read once here, in this thread: the runs below take every session from the cache.
  await costs({ env: { XDG_CACHE_HOME: cache } });
});

/** The table's lines (between the heading and the notes). */
const tableLines = (text: string): string[] => text.split("\n").filter((line) => /^[┌│├└]/.test(line));
const widthOf = (line: string): number => [...line].length;
const header = (text: string): string[] =>
  (tableLines(text)[1] ?? "")
    .split("│")
    .map((cell) => cell.trim())
    .filter((cell) => cell !== "");

describe("pi-report costs: a table that fits the terminal", () => {
  it("at 120 columns: every kind of token that was used, cost, sub-agents, unpriced, models", async () => {
    const text = await table(["--width", "120"]);
    expect(header(text)).toEqual([
      "Day",
      "Input",
      "Output",
      "Tokens",
      "Cost",
      "Sub-agents",
      "Unpriced",
      "Models",
    ]);
    for (const line of tableLines(text)) expect(widthOf(line)).toBeLessThanOrEqual(120);
    // Numbers in full, with thousands separators, right-aligned against the column's border.
    expect(text).toMatch(/│ Total {6}│ +15,500 │ +2,350 │ +17,850 │ +\$0\.040 │ +\$0\.0060 │ +3,000 │/);
    expect(text).toContain(
      "│ 2025-06-20 │  2,000 │  1,000 │  3,000 │ unpriced │          — │    3,000 │ glm-5.2",
    );
  });

  it("at 80 columns: drops models and the kinds of token first; at 44 writes numbers and heads short", async () => {
    const eighty = await table(["--width", "80"]);
    expect(header(eighty)).toEqual(["Day", "Input", "Output", "Tokens", "Cost", "Sub-agents", "Unpriced"]);
    for (const line of tableLines(eighty)) expect(widthOf(line)).toBeLessThanOrEqual(80);
    const phone = await table(["--width", "44"]);
    for (const line of tableLines(phone)) expect(widthOf(line)).toBeLessThanOrEqual(44);
    // Short: Day 12 + Tok 7 + Cost 10 + Subs 9 + Unpr 7 + 6 borders = 51, so the token count goes.
    expect(header(phone)).toEqual(["Day", "Cost", "Subs", "Unpr"]);
    expect(phone).toContain("│ Total      │   $0.040 │ $0.0060 │ 3.00k │");
  });

  it("the terminal's own width when it is one, and no limit (text columns cut) when it is not", async () => {
    const narrow = await table(["--by", "session"], { tty: true, columns: 60, env: { NO_COLOR: "1" } });
    for (const line of tableLines(narrow)) expect(widthOf(line)).toBeLessThanOrEqual(60);
    // A session's name is cut, never dropped; the start loses its year, the tokens and sub-agents go.
    expect(header(narrow)).toEqual(["Started", "Session", "Cost", "Unpr", "Pi"]);
    // 13 + 15 + 10 + 7 + 9 + 6 borders: the session's name gets what is left of the 60 columns.
    expect(narrow).toContain("│ 06-15 12:00 │ map deploy/ … │        — │     — │  $0.006 │");
    // At 100 columns with an estimate, the project goes before any session's name is cut.
    const hundred = await table(["--by", "session", "--estimate", "--width", "100"]);
    expect(header(hundred)).toEqual(["Started", "Session", "Tok", "Cost", "Subs", "Unpr", "Est", "Pi"]);
    expect(hundred).toContain("│ 06-02 09:00 │ add a login form (fork)  │ 4.40k │");
    const piped = await table(["--by", "session"]);
    expect(header(piped)).toEqual([
      "Started",
      "Project",
      "Session",
      "Input",
      "Output",
      "Tokens",
      "Cost",
      "Sub-agents",
      "Unpriced",
      "Pi shows",
      "Models",
    ]);
    expect(piped).toContain("│ add a login form (fork)");
  });

  it("rules the totals off from the rows, and --breakdown adds a line per model under each row", async () => {
    const lines = tableLines(await table(["--width", "120", "--breakdown"]));
    const total = lines.findIndex((line) => line.startsWith("│ Total"));
    expect(lines[total - 1]).toMatch(/^├─+┼/);
    const june15 = lines.findIndex((line) => line.startsWith("│ 2025-06-15"));
    expect(lines[june15 + 1]).toMatch(
      /^│ └ anthropic\/claude-sonnet-4-5 +│ +1,500 │ +150 │ +1,650 │ +\$0\.0068 │/,
    );
    expect(lines[june15 + 2]).toMatch(
      /^│ └ claude-haiku-4-5 +│ +4,000 │ +400 │ +4,400 │ +\$0\.0060 │ +\$0\.0060 │/,
    );
  });

  it("paints only a terminal, and never with NO_COLOR", async () => {
    expect(await table([])).not.toContain(ESCAPE);
    const painted = await table([], { tty: true, columns: 120 });
    expect(painted).toContain(`${ESCAPE}1mTotal${ESCAPE}22m`);
    expect(painted).toContain(`${ESCAPE}33munpriced${ESCAPE}39m`);
    expect(await table([], { tty: true, columns: 120, env: { NO_COLOR: "1" } })).not.toContain(ESCAPE);
  });

  it("says below the table what was counted once, what sub-agents are, and that unpriced is not free", async () => {
    const text = await table(["--estimate", "--width", "120"]);
    expect(text).toContain(
      "Forks and copies: 7 copied entries in 2 sessions counted once, in the original ($0.024 not added again).",
    );
    expect(text).toContain("Sub-agents: the part of Cost that sub-agent runs spent");
    expect(text).toContain("Unpriced: 3.00k tokens recorded no cost");
    expect(text).toContain(
      "Estimate (~): the unpriced tokens at @pydantic/genai-prices 0.1.8's prices, never added to Cost: zai/glm-5.2 as zai/GLM-5.2.",
    );
    expect(text).toMatch(/│ Total +│.*│ +\$0\.040 │.*│ +~\$0\.0072 │/);
  });
});

/**
 * `pi-report costs` on fixtures/costs, every figure worked out by hand from the files (fixtures/README.md):
 *
 * - orig (~/api, 2025-05-31 22:00Z): sonnet 1,000/100 $0.0045 and 3,000/300 $0.0135: 4,400 tokens, $0.018.
 * - fork (~/api, 2025-06-02): orig's four entries copied (same ids and timestamps), then gpt-5 4,000/400
 *   $0.009. Its own report: 8,800 tokens, $0.027; counted: 4,400 tokens, $0.009.
 * - subs (/srv/ops, 2025-06-15): sonnet 500/50 $0.00225 and 1,000/100 $0.0045, and a sub-agent run of
 *   4,000/400 $0.006 (2 turns) recorded by its tool: 6,050 tokens, $0.01275, sub-agents 4,400 tokens $0.006.
 * - subs/run-0/…_scout (the run's own file): haiku 1,000/100 $0.0015 and 3,000/300 $0.0045, the same
 *   4,400 tokens and $0.006: counted in subs, never again.
 * - local (/srv/ops, 2025-06-20): zai/glm-5.2 2,000/1,000 with a cost of 0: 3,000 unpriced tokens.
 *
 * Total: 17,850 tokens, $0.03975 (0.018 + 0.009 + 0.01275), 3,000 unpriced, 8 model calls; copies counted
 * once: 7 entries (fork's 4, scout's 3) in 2 sessions, 8,800 tokens, $0.024 (0.018 + 0.006).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { type CostsJson, type CostsSessionRow, costsJsonSchema } from "../../src/costs/costs-json.js";
import { COSTS_FOLDER, costs, costsFolderCopy, dollars } from "./helpers.js";

type Figures = {
  tokens: number;
  cost: number;
  unpriced?: number;
  subagentTokens?: number;
  subagentCost?: number;
};

/** A row's figures as the hand-worked ones are written. */
const figures = (row: {
  total: CostsJson["total"]["total"];
  subagent: CostsJson["total"]["total"];
}): Figures => ({
  tokens: row.total.totalTokens,
  cost: dollars(row.total.cost),
  ...(row.total.unpricedTokens > 0 ? { unpriced: row.total.unpricedTokens } : {}),
  ...(row.subagent.totalTokens > 0
    ? { subagentTokens: row.subagent.totalTokens, subagentCost: dollars(row.subagent.cost) }
    : {}),
});

/** The rows of a table, each as a record of its fields (the kinds of rows differ by table). */
const rowsOf = (json: CostsJson) => json.rows as unknown as Record<string, unknown>[];
const sessionRows = (json: CostsJson) => json.rows as CostsSessionRow[];

const keyed = (json: CostsJson, key: string) =>
  (json.rows as unknown as Record<string, unknown>[]).map((row) => ({
    [key]: row[key],
    ...figures(row as never),
  }));

describe("pi-report costs: the hand-worked folder", () => {
  let byDay: CostsJson;
  beforeAll(async () => {
    byDay = await costs({ by: "day" });
  });

  it("totals every entry once: forks' copies in their original, a sub-agent run in the session that ran it", () => {
    expect(figures(byDay.total)).toEqual({
      tokens: 17_850,
      cost: 0.03975,
      unpriced: 3_000,
      subagentTokens: 4_400,
      subagentCost: 0.006,
    });
    expect(byDay.total.total.turns).toBe(8);
    expect(byDay.deduplicated).toMatchObject({ entries: 7, sessions: 2 });
    expect(byDay.deduplicated.usage.totalTokens).toBe(8_800);
    expect(dollars(byDay.deduplicated.usage.cost)).toBe(0.024);
    expect(byDay.counts).toEqual({ sessions: 5, skipped: 0, failed: 0, filteredOut: 0 });
  });

  it("by day (UTC), oldest first: a day's usage is where its entries' timestamps fall", () => {
    expect(keyed(byDay, "day")).toEqual([
      { day: "2025-05-31", tokens: 4_400, cost: 0.018 },
      { day: "2025-06-02", tokens: 4_400, cost: 0.009 },
      { day: "2025-06-15", tokens: 6_050, cost: 0.01275, subagentTokens: 4_400, subagentCost: 0.006 },
      { day: "2025-06-20", tokens: 3_000, cost: 0, unpriced: 3_000 },
    ]);
    // The unpriced reply is unpriced, not free: its cost is 0 and all its tokens are said to be unpriced.
    expect(rowsOf(byDay)[3]?.models).toMatchObject([{ provider: "zai", model: "glm-5.2" }]);
  });

  it("by week (weeks start on Monday) and by month, and --order desc turns them round", async () => {
    expect(keyed(await costs({ by: "week" }), "week")).toEqual([
      { week: "2025-05-26", tokens: 4_400, cost: 0.018 },
      { week: "2025-06-02", tokens: 4_400, cost: 0.009 },
      { week: "2025-06-09", tokens: 6_050, cost: 0.01275, subagentTokens: 4_400, subagentCost: 0.006 },
      { week: "2025-06-16", tokens: 3_000, cost: 0, unpriced: 3_000 },
    ]);
    expect(keyed(await costs({ by: "month", order: "desc" }), "month")).toEqual([
      {
        month: "2025-06",
        tokens: 13_450,
        cost: 0.02175,
        unpriced: 3_000,
        subagentTokens: 4_400,
        subagentCost: 0.006,
      },
      { month: "2025-05", tokens: 4_400, cost: 0.018 },
    ]);
  });

  it("--tz moves usage to that zone's days and months: 22:00 UTC on May 31 is June 1 in Berlin", async () => {
    const berlin = await costs({ by: "month", timeZone: "Europe/Berlin" });
    expect(berlin.timeZone).toBe("Europe/Berlin");
    expect(keyed(berlin, "month")).toEqual([
      {
        month: "2025-06",
        tokens: 17_850,
        cost: 0.03975,
        unpriced: 3_000,
        subagentTokens: 4_400,
        subagentCost: 0.006,
      },
    ]);
    const days = await costs({ by: "day", timeZone: "Europe/Berlin" });
    expect(rowsOf(days).map((row) => row.day)).toEqual([
      "2025-06-01",
      "2025-06-02",
      "2025-06-15",
      "2025-06-20",
    ]);
  });

  it("--since names a day of --tz and keeps sessions started on it; a fork's copies stay its original's", async () => {
    // orig starts at 22:00 UTC on May 31: left out in UTC, kept in Berlin (00:00 on June 1).
    const utc = await costs({ by: "day", since: "2025-06-01" });
    expect(utc.counts.filteredOut).toBe(1);
    expect(figures(utc.total)).toMatchObject({ tokens: 13_450, cost: 0.02175 });
    const berlin = await costs({ by: "day", since: "2025-06-01", timeZone: "Europe/Berlin" });
    expect(berlin.counts.filteredOut).toBe(0);
    expect(dollars(berlin.total.total.cost)).toBe(0.03975);
  });

  it("by project and by model, largest cost first", async () => {
    expect(keyed(await costs({ by: "project" }), "project")).toEqual([
      { project: "~/api", tokens: 8_800, cost: 0.027 },
      {
        project: "/srv/ops",
        tokens: 9_050,
        cost: 0.01275,
        unpriced: 3_000,
        subagentTokens: 4_400,
        subagentCost: 0.006,
      },
    ]);
    const models = await costs({ by: "model" });
    expect(
      models.rows.map((row) => [(row as { model: string }).model, ...Object.values(figures(row))]),
    ).toEqual([
      ["claude-sonnet-4-5", 6_050, 0.02475],
      ["gpt-5", 4_400, 0.009],
      // The run's model as its tool recorded it (no provider named), all of it the sub-agents' part.
      ["claude-haiku-4-5", 4_400, 0.006, 4_400, 0.006],
      ["glm-5.2", 3_000, 0, 3_000],
    ]);
  });

  it("by session: what the archive counts of each, beside its own report's total and what Pi's footer shows", async () => {
    const sessions = await costs({ by: "session" });
    expect(
      sessionRows(sessions).map((row) => ({
        file: row.file,
        counted: [row.total.totalTokens, dollars(row.total.cost)],
        reported: [row.reported.totalTokens, dollars(row.reported.cost)],
        pi: row.piShows?.display,
        forkOf: row.forkOf,
        subagentOf: row.subagentOf,
      })),
    ).toEqual([
      {
        file: "--~-api--/2025-05-31T22-00-00-000Z_orig.jsonl",
        counted: [4_400, 0.018],
        reported: [4_400, 0.018],
        pi: "$0.018",
        forkOf: null,
        subagentOf: null,
      },
      {
        file: "--~-api--/2025-06-02T09-00-00-000Z_fork.jsonl",
        counted: [4_400, 0.009],
        reported: [8_800, 0.027],
        // Pi's footer adds the copied replies again: 0.0045 + 0.0135 + 0.009.
        pi: "$0.027",
        forkOf: "--~-api--/2025-05-31T22-00-00-000Z_orig.jsonl",
        subagentOf: null,
      },
      {
        file: "--srv-ops--/2025-06-15T12-00-00-000Z_subs.jsonl",
        counted: [6_050, 0.01275],
        reported: [6_050, 0.01275],
        // Pi's footer leaves the sub-agent run out: 0.00225 + 0.0045, to three decimals.
        pi: "$0.007",
        forkOf: null,
        subagentOf: null,
      },
      {
        file: "--srv-ops--/2025-06-15T12-00-00-000Z_subs/run-0/2025-06-15T12-00-05-000Z_scout.jsonl",
        counted: [0, 0],
        reported: [4_400, 0.006],
        pi: "$0.006",
        forkOf: null,
        subagentOf: "--srv-ops--/2025-06-15T12-00-00-000Z_subs.jsonl",
      },
      {
        file: "--srv-ops--/2025-06-20T08-00-00-000Z_local.jsonl",
        counted: [3_000, 0],
        reported: [3_000, 0],
        pi: "no cost",
        forkOf: null,
        subagentOf: null,
      },
    ]);
  });

  it("--estimate prices the unpriced tokens apart from the recorded cost, and says from what", async () => {
    // @pydantic/genai-prices 0.1.8 prices zai's GLM-5.2 at $1.40 in, $4.40 out per million tokens:
    // 2,000 × 1.4e-6 + 1,000 × 4.4e-6 = $0.0072.
    const json = await costs({ by: "day", estimate: true });
    expect(json.estimate).toEqual({
      source: { name: "@pydantic/genai-prices", version: "0.1.8" },
      pricedAs: [{ provider: "zai", model: "glm-5.2", pricedAs: "zai/GLM-5.2" }],
    });
    expect(json.total.estimate).toEqual({ cost: 0.0072, tokens: 3_000, unpricedTokens: 0 });
    expect(dollars(json.total.total.cost)).toBe(0.03975);
    expect(json.rows.map((row) => row.estimate?.cost)).toEqual([0, 0, 0, 0.0072]);
    // Without --estimate there is none at all, not an estimate of 0.
    expect(byDay.estimate).toBeNull();
    expect(byDay.rows.every((row) => !("estimate" in row))).toBe(true);
  });
});

describe("pi-report costs --json", () => {
  it("is valid against its schema for every table, with --estimate too", async () => {
    for (const by of ["day", "week", "month", "session", "model", "project", "machine"] as const) {
      for (const estimate of [false, true]) {
        const json = JSON.parse(JSON.stringify(await costs({ by, estimate })));
        expect(costsJsonSchema.safeParse(json).error).toBeUndefined();
      }
    }
  });

  it("is refused by its schema with a field too many or one missing", async () => {
    const json = await costs({ by: "day" });
    expect(costsJsonSchema.safeParse({ ...json, extra: 1 }).success).toBe(false);
    const { counts: _, ...missing } = json;
    expect(costsJsonSchema.safeParse(missing).success).toBe(false);
    const row = { ...json.rows[0], week: "2025-05-26" };
    expect(costsJsonSchema.safeParse({ ...json, rows: [row] }).success).toBe(false);
  });
});

describe("pi-report costs equals archive.json on the same folder", () => {
  let archive: ArchiveJson;
  beforeAll(async () => {
    const { folder } = costsFolderCopy();
    const output = join(folder, "..", "site");
    await runArchive({ folder, output, env: {}, stderr: { write: () => true }, workers: 0, costsOnly: true });
    archive = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
  });

  it("total, de-duplication, days with their models, months, projects, models and every session", async () => {
    const day = await costs({ by: "day", folder: COSTS_FOLDER });
    expect(day.total.total).toEqual(archive.total.total);
    expect(day.total.subagent).toEqual(archive.total.subagent);
    expect(day.deduplicated).toEqual(archive.deduplicated);
    expect(day.counts).toEqual(archive.counts);
    expect(day.rows).toEqual(archive.days);
    const withoutModels = (json: CostsJson) => rowsOf(json).map(({ models: _, ...row }) => row);
    expect(withoutModels(await costs({ by: "month" }))).toEqual(archive.months);
    expect(withoutModels(await costs({ by: "project" }))).toEqual(archive.projects);
    expect((await costs({ by: "model" })).rows).toEqual(archive.models);
    const sessions = await costs({ by: "session" });
    const listed = new Map(archive.sessions.map((session) => [session.file, session]));
    expect(sessions.rows).toHaveLength(archive.sessions.length);
    for (const row of sessionRows(sessions)) {
      const session = listed.get(row.file);
      expect({ total: row.total, subagent: row.subagent, reported: row.reported }).toEqual({
        ...session?.counted,
        reported: session?.reported,
      });
    }
  });

  it("with the same filters", async () => {
    const { folder } = costsFolderCopy();
    const output = join(folder, "..", "site");
    const filters = { project: "/srv/ops", since: "2025-06-16" };
    await runArchive({ folder, output, ...filters, env: {}, stderr: { write: () => true }, workers: 0 });
    const filtered = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
    const day = await costs({ by: "day", folder, ...filters });
    expect(day.total).toEqual(filtered.total);
    expect(day.rows).toEqual(filtered.days);
    expect(day.counts).toEqual(filtered.counts);
    expect(day.counts.filteredOut).toBe(4);
  });
});

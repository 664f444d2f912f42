import * as z from "zod/mini";

/**
 * `pi-report costs --json`: the schema is the type. The table is drawn from one value of it, and
 * docs/costs.schema.json is this schema as JSON Schema (`costsJsonSchemaDocument`; test/costs checks the two
 * agree). Fields may be added within a version; anything that could break a reader bumps it.
 */
export const COSTS_SCHEMA_VERSION = 1 as const;

/** The names and descriptions the JSON Schema document gives the shapes it uses more than once. */
const documented = z.registry<{ id?: string; description: string }>();

function named<T extends z.ZodMiniType>(schema: T, id: string, description: string): T {
  documented.add(schema, { id, description });
  return schema;
}

const nullableString = named(z.nullable(z.string()), "Text", "A string, or null where there is none.");

const totals = named(
  z.strictObject({
    input: z.number(),
    output: z.number(),
    cacheRead: z.number(),
    cacheWrite: z.number(),
    totalTokens: z.number(),
    cost: z.number(),
    unpricedTokens: z.number(),
    turns: z.number(),
    unrecordedTurns: z.number(),
    reasoning: z.number(),
    cacheWrite1h: z.number(),
  }),
  "Totals",
  "archive.json's Totals: tokens, recorded dollars (rounded to 9 decimals), tokens that recorded no cost (never $0), model calls and those that recorded no usage at all.",
);

const estimate = z.strictObject({ cost: z.number(), tokens: z.number(), unpricedTokens: z.number() });

/** A row's usage: all of it, the sub-agent runs' part of it, and (`--estimate`) the estimate beside. */
const usage = {
  total: totals,
  subagent: totals,
  estimate: named(
    z.optional(estimate),
    "Estimate",
    "--estimate only: `cost`, dollars a price table gives the unpriced tokens it has a price for (`tokens` of them); `unpricedTokens`, those it has none for. Never part of total.cost.",
  ),
};

const modelRow = named(
  z.strictObject({ provider: nullableString, model: nullableString, ...usage }),
  "ModelRow",
  "A model's usage: all of it (`total`), the part sub-agent runs spent (`subagent`), and the estimate.",
);

/** Rows of a table by period or group, each with its models (largest cost first). */
const grouped = (key: string, description: string) =>
  z.strictObject({
    [key]: named(z.nullable(z.string()), `${key[0]?.toUpperCase()}${key.slice(1)}`, description),
    ...usage,
    models: z.array(modelRow),
  });

const sessionRow = named(
  z.strictObject({
    file: z.string(),
    id: nullableString,
    title: z.string(),
    cwd: nullableString,
    startedAt: nullableString,
    endedAt: nullableString,
    machine: nullableString,
    forkOf: nullableString,
    subagentOf: nullableString,
    reported: totals,
    piShows: z.nullable(z.strictObject({ cost: z.nullable(z.number()), display: z.string() })),
    ...usage,
    models: z.array(modelRow),
  }),
  "SessionRow",
  "A session (archive.json's sessions[]): `total` is what the archive counts of it, `reported` its own report's total, `piShows` what Pi 1.6's footer shows for the file (null for a session merged from archive.json).",
);

const head = {
  schemaVersion: named(z.literal(COSTS_SCHEMA_VERSION), "SchemaVersion", "This shape's version."),
  generator: named(
    z.strictObject({ name: z.literal("pi-session-report"), version: z.string() }),
    "Generator",
    "The tool and version that wrote it.",
  ),
  timeZone: named(z.string(), "TimeZone", "The IANA time zone of the days (rows, since and until)."),
  order: named(z.enum(["asc", "desc"]), "Order", "The rows' order: asc, oldest or smallest first."),
  sources: named(
    z.strictObject({ folder: nullableString, merged: z.array(z.string()) }),
    "Sources",
    "The sessions folder read (null when only archives were merged), and the archive.json files merged.",
  ),
  filters: named(
    z.strictObject({ since: nullableString, until: nullableString, project: nullableString }),
    "Filters",
    "--since and --until (days in timeZone, of each session's start) and --project (a part of its cwd).",
  ),
  counts: named(
    z.strictObject({
      sessions: z.number(),
      skipped: z.number(),
      failed: z.number(),
      filteredOut: z.number(),
    }),
    "Counts",
    "Sessions counted, .jsonl files that are no Pi session, files that could not be read, sessions the filters left out.",
  ),
  deduplicated: named(
    z.strictObject({ entries: z.number(), sessions: z.number(), usage: totals }),
    "Deduplicated",
    "Copies of entries (forks, clones, copied folders) counted in their original only: archive.json's.",
  ),
  estimate: named(
    z.nullable(
      z.strictObject({
        source: z.strictObject({ name: z.string(), version: z.string() }),
        pricedAs: z.array(
          z.strictObject({ provider: nullableString, model: nullableString, pricedAs: nullableString }),
        ),
      }),
    ),
    "EstimateSource",
    "--estimate: the price table used, and the model each unpriced model was priced as (null: no price). null without --estimate.",
  ),
  total: named(z.strictObject(usage), "Total", "Every counted piece of usage: archive.json's total."),
};

/** One table: the head, the kind of its rows (`by`) and the rows, in `order`. */
const table = <By extends string, Row extends z.ZodMiniType>(by: By, row: Row) =>
  z.strictObject({ ...head, by: z.literal(by), rows: z.array(row) });

/** The whole of `--json`, one shape per kind of table. */
export const costsJsonSchema = z.discriminatedUnion("by", [
  table("day", grouped("day", "A day (YYYY-MM-DD) in timeZone; null for usage with no readable time.")),
  table("week", grouped("week", "The Monday (YYYY-MM-DD) a week starts on, in timeZone.")),
  table("month", grouped("month", "A month (YYYY-MM) in timeZone.")),
  table("project", grouped("project", "A session header's cwd (home folders as ~).")),
  table("machine", grouped("machine", "The machine (or person) an archive names (--machine).")),
  table("model", modelRow),
  table("session", sessionRow),
]);

/** docs/costs.schema.json: the schema as JSON Schema, each shape used more than once named in `$defs`. */
export function costsJsonSchemaDocument(): Record<string, unknown> {
  const { $schema, ...schema } = z.toJSONSchema(costsJsonSchema, { metadata: documented, reused: "ref" });
  return { $schema, title: `pi-report costs --json, schema version ${COSTS_SCHEMA_VERSION}`, ...schema };
}

export type CostsJson = z.infer<typeof costsJsonSchema>;
export type CostsTotals = z.infer<typeof totals>;
export type CostsEstimate = z.infer<typeof estimate>;
export type CostsModelRow = z.infer<typeof modelRow>;
export type CostsSessionRow = z.infer<typeof sessionRow>;
export type CostsBy = CostsJson["by"];

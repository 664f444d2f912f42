/**
 * Invariants of `pi-report costs` over generated folders (digests as the archive keeps them): sessions that
 * share entries (forks, copies), sub-agent files, unpriced and unrecorded usage, times around midnight in
 * any zone. Whatever the table, its rows add up to its total, a row's models to the row, and the total is
 * the archive's, whichever zone the days are in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildArchiveModel } from "../../src/archive/model/archive-model.js";
import type { FileRecord } from "../../src/archive/model/manifest.js";
import type { CostsBy, CostsJson, CostsTotals } from "../../src/costs/costs-json.js";
import { buildCostsJson } from "../../src/costs/group-costs.js";
import { parseFilters } from "../../src/sessions/filters.js";
import { type DigestUsage, entryKey } from "../../src/sessions/session-digest.js";
import { utcDay } from "../../src/sessions/time-zone.js";
import { emptyTotals } from "../../src/usage/totals.js";

const MODELS = [
  ["anthropic", "claude-sonnet-4-5"],
  ["zai", "glm-5.2"],
  [null, "claude-haiku-4-5"],
] as const;
const ZONES = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"];
const START = Date.parse("2025-05-30T00:00:00.000Z");

/** A piece of usage: tokens, a cost (0: unpriced, or nothing at all: an unrecorded call), its source. */
const piece = fc.record({
  model: fc.constantFrom(...MODELS),
  input: fc.integer({ min: 0, max: 5000 }),
  output: fc.integer({ min: 0, max: 500 }),
  micros: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
  subagent: fc.boolean(),
  minutes: fc.integer({ min: 0, max: 60 * 24 * 70 }),
  // An entry without a timestamp: its usage falls on its session's start, or on no day at all.
  timed: fc.boolean().map((coin) => coin || Math.random() < 0.8),
});

/** Sessions of pieces; a session may copy a prefix of an earlier one's entries (a fork), or run under one. */
const folder = fc
  .array(
    fc.record({
      pieces: fc.array(piece, { minLength: 0, maxLength: 6 }),
      copies: fc.option(fc.record({ from: fc.nat(), count: fc.nat({ max: 6 }) }), { nil: undefined }),
      runUnder: fc.option(fc.nat(), { nil: undefined }),
      cwd: fc.constantFrom("/home/dev/api", "/srv/ops", null),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((sessions): FileRecord[] => {
    const records: FileRecord[] = [];
    sessions.forEach((session, index) => {
      const from =
        session.copies === undefined || index === 0 ? undefined : records[session.copies.from % index];
      const source = from?.outcome.kind === "session" ? from.outcome.digest : undefined;
      // A fork's copies: the same entries (key, usage) as in the session it copies.
      const copied = (source?.usage ?? []).slice(0, session.copies?.count ?? 0).map((item) => ({
        key: source?.entryKeys[item.entry] ?? null,
        item,
      }));
      const own = session.pieces.map((p, at) => {
        const timestamp = p.timed ? new Date(START + p.minutes * 60_000).toISOString() : null;
        const [provider, model] = p.model as readonly [string | null, string];
        const totals = {
          ...emptyTotals(),
          input: p.input,
          output: p.output,
          totalTokens: p.input + p.output,
          cost: p.micros / 1e6,
          unpricedTokens: p.micros === 0 ? p.input + p.output : 0,
          turns: 1,
          unrecordedTurns: p.micros === 0 && p.input + p.output === 0 ? 1 : 0,
        };
        const key = timestamp === null ? null : entryKey(`s${index}e${at}`, timestamp);
        const item = {
          entry: 0,
          day: null,
          source: p.subagent ? "subagent" : "assistant",
          provider,
          model,
          totals,
        };
        return { key, item: item as DigestUsage };
      });
      const all = [...copied, ...own];
      const timeOfKey = (key: string | null) =>
        key === null ? null : (JSON.parse(key) as [string, string])[1];
      const times = all.flatMap(({ key }) => timeOfKey(key) ?? []).sort();
      const startedAt = times[0] ?? null;
      // As digestSession dates usage: its entry's day, else its session's start day.
      const usage = all.map(({ key, item }, entry) => ({
        ...item,
        entry,
        day: utcDay(timeOfKey(key) ?? startedAt),
      }));
      const path = `/sessions/s${index}.jsonl`;
      const runner = session.runUnder === undefined || index === 0 ? null : session.runUnder % index;
      records.push({
        file: `s${index}.jsonl`,
        path,
        outcome: {
          kind: "session",
          report: null,
          error: null,
          digest: {
            id: `s${index}`,
            cwd: session.cwd,
            parentSession: null,
            headerTimestamp: new Date(START + index * 1000).toISOString(),
            title: `session ${index}`,
            titleFrom: "prompt",
            startedAt,
            endedAt: times.at(-1) ?? null,
            models: [],
            entryCount: all.length,
            problems: [],
            entryKeys: all.map(({ key }) => key),
            usage,
            childFiles: [],
          },
        },
      });
      // A sub-agent run's own file: the runner's digest names it.
      const outcome = runner === null ? undefined : records[runner]?.outcome;
      if (outcome?.kind === "session") outcome.digest.childFiles.push(path);
    });
    return records;
  });

const sum = (totals: readonly CostsTotals[]) => ({
  tokens: totals.reduce((all, t) => all + t.totalTokens, 0),
  cost: Math.round(totals.reduce((all, t) => all + t.cost, 0) * 1e6),
  unpriced: totals.reduce((all, t) => all + t.unpricedTokens, 0),
  turns: totals.reduce((all, t) => all + t.turns, 0),
  unrecorded: totals.reduce((all, t) => all + t.unrecordedTurns, 0),
});

const request = (by: CostsBy, timeZone: string) => ({
  by,
  timeZone,
  order: "asc" as const,
  filters: parseFilters({}),
  machine: "here",
  estimator: null,
  sources: { folder: "/sessions", merged: [] },
  shown: async <T>(model: T) => model,
});

describe("pi-report costs: properties", () => {
  it("every table's rows add up to its total, and each row's models to the row, in any zone", async () => {
    await fc.assert(
      fc.asyncProperty(folder, fc.constantFrom(...ZONES), async (records, zone) => {
        const archive = buildArchiveModel(records, parseFilters({}), "here");
        for (const by of ["day", "week", "month", "session", "model", "project", "machine"] as const) {
          const json: CostsJson = await buildCostsJson(records, request(by, zone));
          expect(json.total.total).toEqual(archive.total.total);
          const rows = json.rows as {
            total: CostsTotals;
            subagent: CostsTotals;
            models?: { total: CostsTotals }[];
          }[];
          expect(sum(rows.map((row) => row.total))).toEqual(sum([json.total.total]));
          expect(sum(rows.map((row) => row.subagent))).toEqual(sum([json.total.subagent]));
          for (const row of rows) {
            if (row.models === undefined) continue;
            expect(sum(row.models.map((model) => model.total))).toEqual(sum([row.total]));
          }
        }
      }),
      { numRuns: 150, seed: 3636 },
    );
  });

  it("a zone moves usage between days, never in or out: weeks are their days, months too", async () => {
    await fc.assert(
      fc.asyncProperty(folder, fc.constantFrom(...ZONES), async (records, zone) => {
        const days = await buildCostsJson(records, request("day", zone));
        const weeks = await buildCostsJson(records, request("week", zone));
        const months = await buildCostsJson(records, request("month", zone));
        const dayRows = days.rows as unknown as { day: string | null; total: CostsTotals }[];
        const monday = (day: string) => {
          const time = Date.parse(`${day}T00:00:00Z`);
          return new Date(time - ((new Date(time).getUTCDay() + 6) % 7) * 86_400_000)
            .toISOString()
            .slice(0, 10);
        };
        for (const [rows, keyOf, key] of [
          [weeks.rows, (day: string) => monday(day), "week"],
          [months.rows, (day: string) => day.slice(0, 7), "month"],
        ] as const) {
          for (const row of rows as unknown as Record<string, unknown>[]) {
            // Usage on no day (no time at all) is in no week and no month either.
            const inIt = dayRows.filter((day) => (day.day === null ? null : keyOf(day.day)) === row[key]);
            expect(sum(inIt.map((day) => day.total))).toEqual(sum([row.total as CostsTotals]));
          }
        }
      }),
      { numRuns: 150, seed: 3637 },
    );
  });
});

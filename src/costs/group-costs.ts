import {
  type ArchivedSession,
  type ArchiveModel,
  buildArchiveModel,
  type CountedSession,
} from "../archive/model/archive-model.js";
import type { FileRecord } from "../archive/model/manifest.js";
import type { ArchiveFilters } from "../sessions/filters.js";
import type { DigestUsage } from "../sessions/session-digest.js";
import { byCostThenName, emptyUsageTotals } from "../sessions/usage-groups.js";
import { TOOL_VERSION } from "../version.js";
import { COSTS_SCHEMA_VERSION, type CostsBy, type CostsJson, type CostsSessionRow } from "./costs-json.js";
import type { Estimator, PricedUsage } from "./estimate.js";
import { dayOf, timeOf, weekOf } from "./periods.js";
import { addEstimate, finished, modelKey, RowsWithModels, type UsageRow } from "./usage-rows.js";

/** What a table of costs is asked for, besides the records. */
export interface CostsRequest {
  by: CostsBy;
  /** The IANA zone of the days (and of `filters.since`/`until`, which name its days too). */
  timeZone: string;
  order: "asc" | "desc";
  filters: ArchiveFilters;
  /** The machine whose sessions these are (`--machine`); null for merged archives, whose sessions name theirs. */
  machine: string | null;
  estimator: Estimator | null;
  sources: CostsJson["sources"];
  /** The model as it may be shown: session names and folders redacted as the archive's site shows them. */
  shown: (model: ArchiveModel) => Promise<ArchiveModel>;
}

const NONE = "\u0000";
/** A session's row: by machine and file (files of several machines' archives may share a name). */
const sessionKey = (session: { machine: string | null; file: string }): string =>
  `${session.machine ?? ""}\u0000${session.file}`;
/** Oldest first, with what has no time last. */
const chronological = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** A row's key (and what it says) for a counted piece of usage, by kind of table; sessions apart. */
const KEYS: Record<
  Exclude<CostsBy, "session">,
  (item: DigestUsage, session: CountedSession, zone: string) => string | null
> = {
  day: (item, session, zone) => dayOf(item, session, zone),
  week: (item, session, zone) => {
    const day = dayOf(item, session, zone);
    return day === null ? null : weekOf(day);
  },
  month: (item, session, zone) => dayOf(item, session, zone)?.slice(0, 7) ?? null,
  project: (_, session) => session.digest.cwd,
  machine: (_, session) => session.machine,
  model: (item) => modelKey(item),
};

/** A group's row as it is added up: its key, and for a model's row the model. */
type Keyed = UsageRow & { key: string | null; provider?: string | null; model?: string | null };

/**
 * A table of costs: the archive's model of the records (who counts each entry: forks and copies once,
 * sub-agent files under the session that ran them, the filters), and the pieces of usage it counts grouped
 * by the kind of row asked for, in the request's time zone. Totals, counts and de-duplication are the
 * archive's own; in UTC a day's, month's, project's and model's figures are archive.json's.
 */
export async function buildCostsJson(
  records: readonly FileRecord[],
  request: CostsRequest,
): Promise<CostsJson> {
  const { by, timeZone, estimator } = request;
  const pricedAs = new Map<
    string,
    { provider: string | null; model: string | null; pricedAs: string | null }
  >();
  const total: UsageRow = emptyUsageTotals();
  const rows = new RowsWithModels<Keyed>((key, item) => ({
    key: key === NONE ? null : key,
    ...(by === "model" ? { provider: item.provider, model: item.model } : {}),
    ...emptyUsageTotals(),
  }));
  const model = buildArchiveModel(records, request.filters, request.machine, (item, session) => {
    let priced: PricedUsage | null | undefined;
    if (estimator !== null) {
      priced = item.totals.unpricedTokens > 0 ? estimator.price(item, timeOf(item, session)) : null;
      if (item.totals.unpricedTokens > 0) {
        pricedAs.set(modelKey(item), {
          provider: item.provider,
          model: item.model,
          pricedAs: priced?.pricedAs ?? null,
        });
      }
    }
    addEstimate(total, item, priced);
    const key = by === "session" ? sessionKey(session) : KEYS[by](item, session, timeZone);
    rows.add(key ?? NONE, item, priced);
  });
  const head = {
    schemaVersion: COSTS_SCHEMA_VERSION,
    generator: { name: "pi-session-report" as const, version: TOOL_VERSION },
    timeZone,
    order: request.order,
    sources: request.sources,
    filters: { since: request.filters.since, until: request.filters.until, project: request.filters.project },
    counts: {
      sessions: model.sessions.length,
      skipped: model.skipped.length,
      failed: model.failed.length,
      filteredOut: model.filteredOut,
    },
    deduplicated: model.deduplicated,
    estimate:
      estimator === null
        ? null
        : {
            source: estimator.source,
            pricedAs: [...pricedAs.values()].sort((a, b) =>
              modelKey(a) < modelKey(b) ? -1 : modelKey(a) > modelKey(b) ? 1 : 0,
            ),
          },
    total: finished({
      ...model.total,
      ...(total.estimate === undefined ? {} : { estimate: total.estimate }),
    }),
  };
  const flip = request.order === "desc" ? -1 : 1;
  if (by === "session") return { ...head, by, rows: await sessionRows(model, records, rows, request, flip) };
  // Periods oldest first, groups largest first; `desc` turns either round (what has no time stays last).
  const largestFirst = byCostThenName<Keyed>((row) => row.key ?? "");
  const order =
    by === "day" || by === "week" || by === "month"
      ? (a: Keyed, b: Keyed) => (a.key === null || b.key === null ? 1 : flip) * chronological(a.key, b.key)
      : (a: Keyed, b: Keyed) => -flip * largestFirst(a, b);
  const sorted = rows.rows(order);
  if (by === "model") {
    const modelRows = sorted.map(({ key: _, models: __, provider, model, ...row }) => ({
      provider: provider ?? null,
      model: model ?? null,
      ...row,
    }));
    return { ...head, by, rows: modelRows };
  }
  const table = sorted.map(({ key, provider: _, model: __, ...row }) => ({ [by]: key, ...row }));
  return { ...head, by, rows: table } as CostsJson;
}

/**
 * One row per session with usage of its own, by start (sessions whose usage is all another's: a sub-agent
 * run's file, a copy, show what they count, 0, beside what their own report and Pi's footer say).
 */
async function sessionRows(
  model: ArchiveModel,
  records: readonly FileRecord[],
  rows: RowsWithModels<Keyed>,
  request: CostsRequest,
  flip: number,
): Promise<CostsSessionRow[]> {
  const piShows = new Map(
    records.flatMap((record) =>
      record.outcome.kind === "session"
        ? [[record.file, record.outcome.digest.piShows ?? null] as const]
        : [],
    ),
  );
  const counted = new Map(rows.rows(() => 0).map((row) => [row.key, row]));
  const shown = await request.shown(model);
  const listed: { session: ArchivedSession; raw: ArchivedSession }[] = shown.sessions.map(
    (session, index) => ({
      session,
      raw: model.sessions[index] as ArchivedSession,
    }),
  );
  return listed
    .filter(({ raw }) => raw.reported.turns > 0 || raw.reported.totalTokens > 0)
    .sort(
      (a, b) =>
        chronological(a.raw.startedAt, b.raw.startedAt) *
          (a.raw.startedAt === null || b.raw.startedAt === null ? 1 : flip) ||
        (a.raw.file < b.raw.file ? -1 : a.raw.file > b.raw.file ? 1 : 0),
    )
    .map(({ session, raw }): CostsSessionRow => {
      const row = counted.get(sessionKey(raw));
      return {
        file: session.file,
        id: session.id,
        title: session.title,
        cwd: session.cwd,
        startedAt: session.startedAt,
        endedAt: session.endedAt,
        machine: session.machine,
        forkOf: session.forkOf,
        subagentOf: session.subagentOf,
        reported: session.reported,
        piShows: piShows.get(raw.file) ?? null,
        total: raw.counted.total,
        subagent: raw.counted.subagent,
        ...(row?.estimate === undefined
          ? request.estimator === null
            ? {}
            : { estimate: { cost: 0, tokens: 0, unpricedTokens: 0 } }
          : { estimate: row.estimate }),
        models: row?.models ?? [],
      };
    });
}

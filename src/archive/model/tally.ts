import type { DigestUsage } from "../../sessions/session-digest.js";
import {
  addDigestUsage,
  byCostThenName,
  emptyUsageTotals,
  roundedUsageTotals,
  UsageGroups,
  type UsageTotals,
} from "../../sessions/usage-groups.js";

const NO_PROJECT = "\u0000";
const modelKey = (item: { provider: string | null; model: string | null }): string =>
  `${item.provider ?? ""}\u0000${item.model ?? ""}`;
/** Oldest first; usage with no readable day last. */
const chronological = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
const round = <T extends UsageTotals>(row: T): T => ({ ...row, ...roundedUsageTotals(row) });

export interface ModelRow extends UsageTotals {
  provider: string | null;
  model: string | null;
}
export interface DayRow extends UsageTotals {
  /** UTC day (YYYY-MM-DD); null for usage whose time cannot be read. */
  day: string | null;
  models: ModelRow[];
}
export interface MonthRow extends UsageTotals {
  month: string | null;
}
export interface MachineRow extends UsageTotals {
  machine: string | null;
}
export interface ProjectRow extends UsageTotals {
  /** The header's cwd; null when the header names none. */
  project: string | null;
}

/** What the archive counts, added up every way the site shows it. */
export interface Tallied {
  total: UsageTotals;
  days: DayRow[];
  months: MonthRow[];
  projects: ProjectRow[];
  models: ModelRow[];
  machines: MachineRow[];
}

/** Adds counted usage up overall and by day, day and model, month, project and model. */
export class Tally {
  readonly #total = emptyUsageTotals();
  readonly #days = new UsageGroups<DayRow>((_, item) => ({
    day: item.day,
    models: [],
    ...emptyUsageTotals(),
  }));
  readonly #dayModels = new UsageGroups<ModelRow & { day: string | null }>((_, item) => ({
    day: item.day,
    provider: item.provider,
    model: item.model,
    ...emptyUsageTotals(),
  }));
  readonly #months = new UsageGroups<MonthRow>((_, item) => ({
    month: item.day?.slice(0, 7) ?? null,
    ...emptyUsageTotals(),
  }));
  readonly #projects = new UsageGroups<ProjectRow>((key) => ({
    project: key === NO_PROJECT ? null : key,
    ...emptyUsageTotals(),
  }));
  readonly #models = new UsageGroups<ModelRow>((_, item) => ({
    provider: item.provider,
    model: item.model,
    ...emptyUsageTotals(),
  }));

  readonly #machines = new UsageGroups<MachineRow>((key) => ({
    machine: key === NO_PROJECT ? null : key,
    ...emptyUsageTotals(),
  }));

  /** Counts one piece of usage of a session whose header names `cwd`, in the archive of `machine`. */
  add(item: DigestUsage, cwd: string | null, machine: string | null = null): void {
    this.#machines.add(machine ?? NO_PROJECT, item);
    addDigestUsage(this.#total, item);
    this.#days.add(item.day ?? "", item);
    this.#dayModels.add(`${item.day ?? ""}\u0001${modelKey(item)}`, item);
    this.#months.add(item.day?.slice(0, 7) ?? "", item);
    this.#projects.add(cwd ?? NO_PROJECT, item);
    this.#models.add(modelKey(item), item);
  }

  /** The sums, dollars rounded as the JSON report rounds them: days and months oldest first, the rest by cost. */
  result(): Tallied {
    const dayModels = this.#dayModels
      .rows(byCostThenName<ModelRow & { day: string | null }>(modelKey))
      .map(round);
    const modelsOn = (day: string | null): ModelRow[] =>
      dayModels.filter((row) => row.day === day).map(({ day: _, ...row }) => row);
    return {
      total: roundedUsageTotals(this.#total),
      days: this.#days
        .rows((a, b) => chronological(a.day, b.day))
        .map((row) => round({ ...row, models: modelsOn(row.day) })),
      months: this.#months.rows((a, b) => chronological(a.month, b.month)).map(round),
      projects: this.#projects.rows(byCostThenName((row) => row.project ?? "")).map(round),
      models: this.#models.rows(byCostThenName<ModelRow>(modelKey)).map(round),
      machines: this.#machines.rows(byCostThenName((row) => row.machine ?? "")).map(round),
    };
  }
}

import { zonedMinute } from "../sessions/time-zone.js";
import { formatCost, formatInteger, formatTokens } from "../view/format.js";
import type { CostsEstimate, CostsJson, CostsModelRow, CostsTotals } from "./costs-json.js";
import type { Style } from "./paint.js";

/** A cell: its text, or a number's two forms (in full, and short for a narrow terminal); and its style. */
export type Cell = { text: string } | { full: string; short: string };

/** A column of the table, and how long it is kept as the terminal narrows (the highest `keep` last). */
export interface Column {
  id: string;
  head: string;
  /** The head where numbers are written short (a narrow terminal); default `head`. */
  shortHead?: string;
  align: "left" | "right";
  keep: number;
  /** A column of text that may be cut to fit, down to this many characters (numbers are never cut). */
  cutTo?: number;
  /** Where its text is cut: a path keeps its end (`…/work/api`), a title its start. */
  cutAt?: "start" | "end";
}

/** One line of the table: a row, a model's row under it (`--breakdown`), or the totals. */
export interface Line {
  kind: "row" | "model" | "total";
  cells: Record<string, Cell>;
  /** How a cell is painted, by column (the line's own style applies to the rest). */
  styles?: Record<string, Style>;
}

/** The table of a `CostsJson`, before it is fitted to a terminal. */
export interface TableModel {
  columns: Column[];
  lines: Line[];
}

const text = (value: string): Cell => ({ text: value });
const NOTHING = text("—");
const tokens = (value: number): Cell => ({ full: formatInteger(value), short: formatTokens(value) });

/**
 * Dollars as a table shows them: from $1, cents with thousands separators ($1,234.56); below, as every
 * report of this tool shows them ($0.018, $0.0045).
 */
export function money(value: number): string {
  if (Math.abs(value) < 1) return formatCost(value);
  const [whole, cents] = Math.abs(value).toFixed(2).split(".") as [string, string];
  return `${value < 0 ? "-" : ""}$${formatInteger(Number(whole))}.${cents}`;
}

/**
 * Recorded dollars; "unpriced" where tokens recorded none, "unknown" where calls recorded nothing at all,
 * and a dash where nothing is counted (a sub-agent run's own file, a copy: counted elsewhere).
 */
function costCell(totals: CostsTotals): Cell {
  if (totals.turns === 0 && totals.totalTokens === 0 && totals.cost === 0) return NOTHING;
  if (totals.cost === 0 && totals.unpricedTokens > 0) return text("unpriced");
  if (totals.cost === 0 && totals.totalTokens === 0 && totals.unrecordedTurns > 0) return text("unknown");
  return text(money(totals.cost));
}

function estimateCell(estimate: CostsEstimate | undefined): Cell {
  if (estimate === undefined || (estimate.tokens === 0 && estimate.unpricedTokens === 0)) return NOTHING;
  if (estimate.tokens === 0) return text("no price");
  return text(`~${money(estimate.cost)}${estimate.unpricedTokens > 0 ? " +?" : ""}`);
}

/** The figures every line has, by column. */
function figures(usage: {
  total: CostsTotals;
  subagent: CostsTotals;
  estimate?: CostsEstimate;
}): Record<string, Cell> {
  const { total } = usage;
  return {
    input: tokens(total.input),
    output: tokens(total.output),
    cacheRead: tokens(total.cacheRead),
    cacheWrite: tokens(total.cacheWrite),
    tokens: tokens(total.totalTokens),
    cost: costCell(total),
    subagents: costCell(usage.subagent),
    unpriced: total.unpricedTokens === 0 ? NOTHING : tokens(total.unpricedTokens),
    estimate: estimateCell(usage.estimate),
  };
}

const modelName = (row: { provider: string | null; model: string | null }): string =>
  row.model === null ? "(no model)" : row.provider === null ? row.model : `${row.provider}/${row.model}`;

const FIRST_HEADS: Record<CostsJson["by"], string> = {
  day: "Day",
  week: "Week of",
  month: "Month",
  session: "Started",
  model: "Model",
  project: "Project",
  machine: "Machine",
};

const NO_KEY: Record<CostsJson["by"], string> = {
  day: "no date",
  week: "no date",
  month: "no date",
  session: "no date",
  model: "(no model)",
  project: "(no folder)",
  machine: "(unnamed)",
};

/** The label of a row, by kind of table: its day, week, month, project or machine, model, or start. */
function labelOf(json: CostsJson, row: CostsJson["rows"][number]): string {
  if (json.by === "model") return modelName(row as CostsModelRow);
  const fields = row as unknown as Record<string, string | null>;
  const key = json.by === "session" ? zonedMinute(fields.startedAt ?? null, json.timeZone) : fields[json.by];
  return key ?? NO_KEY[json.by];
}

/** The table's columns for this report: only those with something to show. */
function columnsOf(json: CostsJson, breakdown: boolean): Column[] {
  const { total, subagent: sub } = json.total;
  const columns: (Column | false)[] = [
    {
      id: "label",
      head: FIRST_HEADS[json.by],
      align: "left",
      keep: 1000,
      ...(json.by === "session" ? {} : { cutTo: 12, cutAt: json.by === "project" ? "start" : "end" }),
    },
    json.by === "session" && {
      id: "project",
      head: "Project",
      align: "left",
      keep: 28,
      cutTo: 10,
      cutAt: "start",
    },
    // Which session a row is matters more than any figure but its cost: its name is cut, not dropped.
    json.by === "session" && { id: "title", head: "Session", align: "left", keep: 96, cutTo: 12 },
    // A kind of token no row has is left out: a column of zeros says nothing.
    total.input > 0 && { id: "input", head: "Input", shortHead: "In", align: "right", keep: 20 },
    total.output > 0 && { id: "output", head: "Output", shortHead: "Out", align: "right", keep: 25 },
    total.cacheRead > 0 && { id: "cacheRead", head: "Cache rd", shortHead: "C.rd", align: "right", keep: 10 },
    total.cacheWrite > 0 && {
      id: "cacheWrite",
      head: "Cache wr",
      shortHead: "C.wr",
      align: "right",
      keep: 15,
    },
    { id: "tokens", head: "Tokens", shortHead: "Tok", align: "right", keep: 60 },
    { id: "cost", head: "Cost", align: "right", keep: 100 },
    (sub.turns > 0 || sub.totalTokens > 0) && {
      id: "subagents",
      head: "Sub-agents",
      shortHead: "Subs",
      align: "right",
      keep: 70,
    },
    total.unpricedTokens > 0 && {
      id: "unpriced",
      head: "Unpriced",
      shortHead: "Unpr",
      align: "right",
      keep: 90,
    },
    json.estimate !== null && {
      id: "estimate",
      head: "Estimate",
      shortHead: "Est",
      align: "right",
      keep: 95,
    },
    json.by === "session" && { id: "pi", head: "Pi shows", shortHead: "Pi", align: "right", keep: 85 },
    json.by !== "model" && !breakdown && { id: "models", head: "Models", align: "left", keep: 5, cutTo: 10 },
  ];
  return columns.filter((column): column is Column => column !== false);
}

/** A session's title, with what kind of copy it is when it counts another's usage. */
function sessionTitle(row: { title: string; forkOf: string | null; subagentOf: string | null }): string {
  if (row.subagentOf !== null) return `${row.title} (sub-agent run)`;
  return row.forkOf !== null ? `${row.title} (fork)` : row.title;
}

/** The lines of a table of costs: a line per row (and per model under it with `breakdown`), then the totals. */
export function tableModel(json: CostsJson, breakdown: boolean): TableModel {
  const lines: Line[] = [];
  for (const row of json.rows) {
    const label = labelOf(json, row);
    // A session's start, short: without its year (`06-15 12:00`).
    const cells: Record<string, Cell> = {
      label: json.by === "session" ? { full: label, short: label.replace(/^\d{4}-/, "") } : text(label),
      ...figures(row),
    };
    const models = "models" in row ? row.models : [];
    cells.models = text(models.map((model) => model.model ?? "(no model)").join(", "));
    if (json.by === "session") {
      const session = row as Extract<CostsJson, { by: "session" }>["rows"][number];
      cells.project = text(session.cwd ?? "");
      cells.title = text(sessionTitle(session));
      cells.pi = text(session.piShows?.display ?? "?");
    }
    const styles: Record<string, Style> = {};
    for (const column of ["cost", "subagents"])
      if ((cells[column] as { text?: string }).text === "unpriced") styles[column] = "yellow";
    if (json.estimate !== null) styles.estimate = "cyan";
    lines.push({ kind: "row", cells, styles });
    if (!breakdown) continue;
    for (const model of models) {
      lines.push({ kind: "model", cells: { label: text(`└ ${modelName(model)}`), ...figures(model) } });
    }
  }
  lines.push({ kind: "total", cells: { label: text("Total"), ...figures(json.total) } });
  return { columns: columnsOf(json, breakdown), lines };
}

import { formatInteger, formatTokens, plural } from "../view/format.js";
import type { CostsJson } from "./costs-json.js";
import { fitTable } from "./fit-table.js";
import type { Paint } from "./paint.js";
import { money, tableModel } from "./table-cells.js";

/** How the table is laid out. */
export interface TextLayout {
  /** A line per model under each row. */
  breakdown: boolean;
  /** The terminal's width in columns; null for no limit (a pipe, a file). */
  width: number | null;
  paint: Paint;
}

/** The line above the table: what it counts, where from, in which time zone, and the filters. */
function heading(json: CostsJson): string {
  const from =
    json.sources.folder === null
      ? plural(json.sources.merged.length, "archive", "archives")
      : `${json.sources.folder}${json.sources.merged.length > 0 ? ` and ${plural(json.sources.merged.length, "archive", "archives")}` : ""}`;
  const { since, until, project } = json.filters;
  const filters = [
    since === null ? null : `since ${since}`,
    until === null ? null : `until ${until}`,
    project === null ? null : `project ${project}`,
  ].filter((part) => part !== null);
  const days =
    json.by === "model" || json.by === "project" || json.by === "machine" ? "" : `, days in ${json.timeZone}`;
  return `Costs by ${json.by}${days}: ${plural(json.counts.sessions, "session", "sessions")} in ${from}${
    filters.length > 0 ? ` (${filters.join(", ")})` : ""
  }`;
}

/** What the table needs said below it: each note only where it applies. */
function notes(json: CostsJson): string[] {
  const { total, subagent, estimate } = json.total;
  const said: string[] = [];
  const { deduplicated } = json;
  if (deduplicated.entries > 0) {
    said.push(
      `Forks and copies: ${plural(deduplicated.entries, "copied entry", "copied entries")} in ${plural(deduplicated.sessions, "session", "sessions")} counted once, in the original (${money(deduplicated.usage.cost)} not added again).`,
    );
  }
  if (subagent.turns > 0 || subagent.totalTokens > 0) {
    said.push(
      "Sub-agents: the part of Cost that sub-agent runs spent, counted in the session that ran them (their own session files are not counted again).",
    );
  }
  if (total.unpricedTokens > 0) {
    said.push(
      `Unpriced: ${formatTokens(total.unpricedTokens)} tokens recorded no cost (a subscription, a local or custom model): not $0, and not in Cost.${
        json.estimate === null ? " --estimate prices them from a price table." : ""
      }`,
    );
  }
  if (json.estimate !== null && estimate !== undefined) {
    const priced = json.estimate.pricedAs.map(
      (model) =>
        `${model.provider === null ? "" : `${model.provider}/`}${model.model ?? "(no model)"} ${model.pricedAs === null ? "has no price (+?)" : `as ${model.pricedAs}`}`,
    );
    said.push(
      `Estimate (~): the unpriced tokens at ${json.estimate.source.name} ${json.estimate.source.version}'s prices, never added to Cost${
        priced.length > 0 ? `: ${priced.join("; ")}` : ""
      }.`,
    );
  }
  if (total.unrecordedTurns > 0) {
    said.push(
      `${plural(total.unrecordedTurns, "model call", "model calls")} recorded no usage at all: what ${total.unrecordedTurns === 1 ? "it" : "they"} cost is unknown, not $0.`,
    );
  }
  if (json.by === "session") {
    said.push(
      "Pi shows: what Pi's footer shows for the file: every entry in it, a fork's copies again, sub-agent runs left out (? for a merged archive).",
    );
  }
  const { skipped, failed, filteredOut } = json.counts;
  const left = [
    filteredOut > 0 ? `${plural(filteredOut, "session", "sessions")} left out by the filters` : null,
    skipped > 0 ? `${plural(skipped, "file", "files")} skipped (not Pi sessions)` : null,
    failed > 0 ? `${formatInteger(failed)} that could not be read (pi-report archive lists why)` : null,
  ].filter((part) => part !== null);
  if (left.length > 0) said.push(`Not counted: ${left.join("; ")}.`);
  return said;
}

/** `pi-report costs` for a terminal: a heading, the table fitted to the terminal, and its notes. */
export function costsText(json: CostsJson, layout: TextLayout): string {
  if (json.rows.length === 0) {
    return `${heading(json)}\nNo usage to count${json.counts.sessions === 0 ? "" : " in them"}.\n`;
  }
  const table = fitTable(tableModel(json, layout.breakdown), layout.width, layout.paint);
  return `${layout.paint("bold", heading(json))}\n${table}\n${notes(json)
    .map((note) => `${note}\n`)
    .join("")}`;
}

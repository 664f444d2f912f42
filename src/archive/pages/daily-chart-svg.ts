import { escapeHtml } from "../../render/primitives/escape.js";
import { formatCost, formatTokens } from "../../view/format.js";
import type { DayRow } from "../model/tally.js";

const WIDTH = 800;
const TOP = 18;
const HEIGHT = 160;
const BOTTOM = TOP + HEIGHT;
const DAY_MS = 86_400_000;
/** A range longer than this shows its last part: ten years of bars would be thinner than a pixel anyway. */
const MAX_DAYS = 3660;

const round = (value: number): string => (Math.round(value * 10) / 10).toString();
const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every day from the first to the last with usage, days without usage as zero, so the axis is time. */
function continuousDays(days: readonly DayRow[]): { day: string; row: DayRow | undefined }[] {
  const dated = days.filter((row): row is DayRow & { day: string } => row.day !== null);
  const first = dated[0]?.day;
  const last = dated.at(-1)?.day;
  if (first === undefined || last === undefined) return [];
  const byDay = new Map(dated.map((row) => [row.day, row]));
  const out: { day: string; row: DayRow | undefined }[] = [];
  for (let day = first; day <= last; day = dayAfter(day)) out.push({ day, row: byDay.get(day) });
  return out.slice(-MAX_DAYS);
}

/**
 * The daily cost chart as inline SVG, built now: one bar per UTC day from the first to the last day with
 * usage, the sub-agents' share drawn inside it, a tooltip per day. Classes for colours (the page's CSS
 * has light and dark), no script, no style attribute: the page's CSP allows neither.
 */
export function dailyCostSvg(days: readonly DayRow[]): string {
  const series = continuousDays(days);
  if (series.length === 0) return "";
  const maxCost = series.reduce((max, { row }) => Math.max(max, row?.total.cost ?? 0), 0);
  const slot = WIDTH / series.length;
  // A few days would otherwise be slabs as wide as the page.
  const barWidth = Math.min(40, Math.max(0.5, slot * 0.8));
  const height = (cost: number): number => (maxCost === 0 ? 0 : (cost / maxCost) * HEIGHT);
  const parts: string[] = [
    `<line class="chart-axis" x1="0" y1="${BOTTOM}" x2="${WIDTH}" y2="${BOTTOM}"/>`,
    `<text class="chart-label" x="2" y="${TOP - 6}">${escapeHtml(maxCost === 0 ? "no recorded cost" : `${formatCost(maxCost)} per day at most`)}</text>`,
  ];
  series.forEach(({ day, row }, index) => {
    if (row === undefined) return;
    const x = round(index * slot + (slot - barWidth) / 2);
    const total = height(row.total.cost);
    const subagent = height(row.subagent.cost);
    const unpriced =
      row.total.unpricedTokens === 0 ? "" : `, ${formatTokens(row.total.unpricedTokens)} unpriced tokens`;
    const share = row.subagent.cost === 0 ? "" : ` (sub-agents ${formatCost(row.subagent.cost)})`;
    const label = `${day}: ${formatCost(row.total.cost)}${share}${unpriced}`;
    parts.push(
      `<g><title>${escapeHtml(label)}</title>` +
        `<rect class="chart-bar" x="${x}" y="${round(BOTTOM - total)}" width="${round(barWidth)}" height="${round(total)}"/>` +
        (subagent > 0
          ? `<rect class="chart-bar-subagent" x="${x}" y="${round(BOTTOM - subagent)}" width="${round(barWidth)}" height="${round(subagent)}"/>`
          : "") +
        (row.total.cost === 0 && row.total.unpricedTokens > 0
          ? `<rect class="chart-bar-unpriced" x="${x}" y="${BOTTOM - 3}" width="${round(barWidth)}" height="3"/>`
          : "") +
        "</g>",
    );
  });
  const first = series[0]?.day ?? "";
  const last = series.at(-1)?.day ?? "";
  parts.push(`<text class="chart-label" x="0" y="${BOTTOM + 16}">${first}</text>`);
  if (last !== first)
    parts.push(`<text class="chart-label" x="${WIDTH}" y="${BOTTOM + 16}" text-anchor="end">${last}</text>`);
  const description = `Cost per day (UTC) from ${first} to ${last}, at most ${formatCost(maxCost)} a day; the purple part of a bar is sub-agents, a thin mark on the axis a day of unpriced usage only.`;
  return `<svg class="chart" viewBox="-4 0 ${WIDTH + 8} ${BOTTOM + 22}" role="img" aria-label="${escapeHtml(description)}" xmlns="http://www.w3.org/2000/svg"><title>${escapeHtml(description)}</title>${parts.join("")}</svg>`;
}

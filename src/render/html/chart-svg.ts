import type { ChartView } from "../../view/chart-view.js";
import { formatCost, formatTokens } from "../../view/format.js";
import { escapeHtml } from "../primitives/escape.js";

const WIDTH = 800;
const LINE_TOP = 16;
const LINE_HEIGHT = 140;
const BAR_TOP = 172;
const BAR_HEIGHT = 40;
const HEIGHT = BAR_TOP + BAR_HEIGHT + 18;
/** Past this many turns points are not drawn one by one (the line and bars stay): the page stays small. */
const MAX_POINTS = 400;

const round = (value: number): string => (Math.round(value * 10) / 10).toString();

/**
 * The context-size chart as inline SVG, built now: a line of the context at each assistant turn of the
 * active branch, cost per turn as bars below it, compactions as dashed rules. Colours are classes, links
 * and tooltips plain SVG, so it needs no script and no style attribute.
 */
export function chartSvg(chart: ChartView): string {
  const { points, compactions } = chart;
  if (points.length === 0) return "";
  // reduce, not Math.max(...): a long session has more turns than a call takes arguments. No floor of
  // 1: where no reply recorded tokens there is no token axis, not one of "1 tokens".
  const maxTokens = points.reduce((max, point) => Math.max(max, point.contextTokens ?? 0), 0);
  const maxCost = points.reduce((max, point) => Math.max(max, point.cost), 0);
  const step = points.length === 1 ? 0 : WIDTH / (points.length - 1);
  const x = (turn: number): number => (points.length === 1 ? WIDTH / 2 : turn * step);
  const y = (tokens: number): number =>
    LINE_TOP + LINE_HEIGHT - (maxTokens === 0 ? 0 : (tokens / maxTokens) * LINE_HEIGHT);

  const parts: string[] = [];
  parts.push(
    `<line class="chart-axis" x1="0" y1="${LINE_TOP + LINE_HEIGHT}" x2="${WIDTH}" y2="${LINE_TOP + LINE_HEIGHT}"/>`,
  );
  const axisLabel = maxTokens === 0 ? "usage not recorded" : `${formatTokens(maxTokens)} tokens`;
  parts.push(`<text class="chart-label" x="2" y="${LINE_TOP - 4}">${escapeHtml(axisLabel)}</text>`);

  const segments: string[][] = [[]];
  points.forEach((point, turn) => {
    if (point.contextTokens === null) segments.push([]);
    else (segments.at(-1) as string[]).push(`${round(x(turn))},${round(y(point.contextTokens))}`);
  });
  for (const segment of segments) {
    if (segment.length > 1) parts.push(`<polyline class="chart-line" points="${segment.join(" ")}"/>`);
  }

  if (maxCost > 0) {
    const barWidth = Math.max(1, Math.min(12, step * 0.7));
    const bars = points
      .map((point, turn) => {
        const height = (point.cost / maxCost) * BAR_HEIGHT;
        return height <= 0
          ? ""
          : `M${round(x(turn) - barWidth / 2)} ${BAR_TOP + BAR_HEIGHT}h${round(barWidth)}v${round(-height)}h${round(-barWidth)}z`;
      })
      .join("");
    parts.push(`<path class="chart-bars" d="${bars}"/>`);
    parts.push(
      `<text class="chart-label" x="2" y="${BAR_TOP - 4}">cost per turn (max ${escapeHtml(formatCost(maxCost))})</text>`,
    );
  }

  for (const compaction of compactions) {
    const at =
      compaction.afterTurns === 0
        ? 0
        : compaction.afterTurns >= points.length
          ? WIDTH
          : x(compaction.afterTurns - 0.5);
    parts.push(
      `<a href="#${compaction.anchor}"><title>${compactionText(compaction.afterTurns)}</title><line class="chart-compaction" x1="${round(at)}" y1="${LINE_TOP}" x2="${round(at)}" y2="${BAR_TOP + BAR_HEIGHT}"/></a>`,
    );
  }

  if (points.length <= MAX_POINTS) {
    points.forEach((point, turn) => {
      const label = `turn ${turn + 1}: ${pointText(point)}`;
      const cy = point.contextTokens === null ? LINE_TOP + LINE_HEIGHT : y(point.contextTokens);
      const kind = point.unrecorded
        ? " chart-unrecorded"
        : point.contextTokens === null
          ? " chart-failed"
          : "";
      parts.push(
        `<a href="#${point.anchor}"><title>${escapeHtml(label)}</title><circle class="chart-point${kind}" cx="${round(x(turn))}" cy="${round(cy)}" r="3"/></a>`,
      );
    });
  }
  const turns = `${points.length} assistant turn${points.length === 1 ? "" : "s"}`;
  parts.push(`<text class="chart-label" x="${WIDTH}" y="${HEIGHT - 2}" text-anchor="end">${turns}</text>`);
  const unrecorded = points.filter((point) => point.unrecorded).length;
  const peak = maxTokens === 0 ? "with no usage recorded" : `peaking at ${formatTokens(maxTokens)} tokens`;
  const notRecorded =
    unrecorded === 0 || maxTokens === 0
      ? ""
      : ` (${unrecorded} of them recorded no usage, shown as hollow points on the axis)`;
  const description = `Context size at ${points.length === 1 ? "the" : "each of"} ${turns} on the active branch${notRecorded}, ${peak}, with ${compactions.length} compaction${compactions.length === 1 ? "" : "s"}.`;
  // A group, not an image: its points are links to their turns, each named by its title (an image's
  // parts are hidden from screen readers, so links inside one are focus without a name).
  return `<svg class="chart" viewBox="-4 0 ${WIDTH + 8} ${HEIGHT}" role="group" aria-label="${escapeHtml(description)}" xmlns="http://www.w3.org/2000/svg"><title>${escapeHtml(description)}</title>${parts.join("")}</svg>`;
}

/** A compaction's link name and tooltip: where it falls among the turns. */
function compactionText(afterTurns: number): string {
  return afterTurns === 0 ? "compaction, before the first turn" : `compaction after turn ${afterTurns}`;
}

/** A point's tooltip after "turn N: ": its size and cost, or why they are unknown. */
function pointText(point: ChartView["points"][number]): string {
  if (point.unrecorded) return "usage not recorded";
  if (point.contextTokens === null) return `failed, ${formatCost(point.cost)}`;
  return `${formatTokens(point.contextTokens)} tokens, ${formatCost(point.cost)}`;
}

import Table from "cli-table3";
import stringWidth from "string-width";
import type { Paint } from "./paint.js";
import type { Cell, Column, Line, TableModel } from "./table-cells.js";

/** Numbers in full (`1,234,567`), or short (`1.23M`) when even the fewest columns do not fit in full. */
type Form = "full" | "short";

/** Columns are dropped below this `keep` before any text is cut (a title is cut before it goes). */
const CUT_BEFORE = 30;
/** Numbers are written short before a column from this `keep` on is dropped (tokens, cost, unpriced...). */
const SHORT_BEFORE = 50;
/** A column of text is cut to this many characters where the width has no limit (a pipe, a file). */
const LONGEST_TEXT = 48;

const textOf = (cell: Cell | undefined, form: Form): string =>
  cell === undefined ? "" : "text" in cell ? cell.text : form === "full" ? cell.full : cell.short;

/** `text` cut to `width` characters keeping its end (`…/work/api`). */
function cutStart(text: string, width: number): string {
  const points = [...text];
  return points.length <= width ? text : `…${points.slice(points.length - width + 1).join("")}`;
}

/** The table drawn by cli-table3: box-drawing borders, no colour of its own, only the header ruled off. */
function draw(
  columns: readonly Column[],
  lines: readonly Line[],
  form: Form,
  paint: Paint,
  widths: readonly (number | null)[] = columns.map(() => null),
): string {
  const table = new Table({
    head: columns.map((column) =>
      paint("bold", form === "short" ? (column.shortHead ?? column.head) : column.head),
    ),
    colAligns: columns.map((column) => column.align),
    colWidths: [...widths],
    style: { head: [], border: [], compact: true, "padding-left": 1, "padding-right": 1 },
  });
  for (const line of lines) {
    table.push(
      columns.map((column, index) => {
        let value = textOf(line.cells[column.id], form);
        const width = widths[index];
        if (column.cutAt === "start" && width !== null && width !== undefined)
          value = cutStart(value, width - 2);
        const style =
          line.kind === "total" ? "bold" : line.kind === "model" ? "dim" : line.styles?.[column.id];
        return style === undefined ? value : paint(style, value);
      }),
    );
  }
  return table.toString();
}

/**
 * Each column's width as cli-table3 would make it (its widest cell or head, with a space either side),
 * measured with the library it measures with, string-width: drawing 1,000 rows to measure them took most
 * of an unchanged re-run's time.
 */
function naturalWidths(columns: readonly Column[], lines: readonly Line[], form: Form): Map<Column, number> {
  return new Map(
    columns.map((column) => {
      const head = form === "short" ? (column.shortHead ?? column.head) : column.head;
      let widest = stringWidth(head);
      for (const line of lines) widest = Math.max(widest, stringWidth(textOf(line.cells[column.id], form)));
      return [column, widest + 2];
    }),
  );
}

/** The width of a table of these columns, borders included. */
const widthOf = (widths: readonly number[]): number =>
  widths.reduce((sum, width) => sum + width, 0) + widths.length + 1;

/**
 * The columns that fit in `width`, and the width of each (a cut column narrower than its text): columns are
 * dropped, least kept first (none kept `keepFrom` or more), until the rest fit as they are or with their text
 * cut; null when they do not.
 */
function fitColumns(
  columns: readonly Column[],
  natural: ReadonlyMap<Column, number>,
  width: number,
  keepFrom: number,
): { columns: Column[]; widths: number[] } | null {
  const shown = [...columns];
  const droppable = () => shown.filter((column) => column.keep < keepFrom).sort((a, b) => a.keep - b.keep)[0];
  for (;;) {
    const widths = shown.map((column) => natural.get(column) ?? 0);
    if (widthOf(widths) <= width) return { columns: shown, widths };
    const least = droppable();
    const cutMinimum = shown.map((column, index) =>
      column.cutTo === undefined
        ? (widths[index] as number)
        : Math.min(widths[index] as number, column.cutTo + 2),
    );
    if (widthOf(cutMinimum) <= width && (least === undefined || least.keep >= CUT_BEFORE)) {
      // Each cut column gives up characters in turn, the widest first, until the table fits.
      for (let excess = widthOf(widths) - width; excess > 0; excess -= 1) {
        const cuttable = widths.flatMap((at, index) => (at > (cutMinimum[index] as number) ? [index] : []));
        const widest = cuttable.reduce((best, index) =>
          (widths[index] as number) > (widths[best] as number) ? index : best,
        );
        widths[widest] = (widths[widest] as number) - 1;
      }
      return { columns: shown, widths };
    }
    if (least === undefined) return null;
    shown.splice(shown.indexOf(least), 1);
  }
}

/**
 * The table as text, fitted to `width` columns of terminal (null: as wide as it needs): numbers right
 * aligned with thousands separators, and as the terminal narrows the least needed columns dropped, text
 * cut, and at last numbers written short. The totals are ruled off from the rows above them.
 */
export function fitTable(model: TableModel, width: number | null, paint: Paint): string {
  let chosen: { columns: Column[]; widths: (number | null)[]; form: Form } = {
    columns: model.columns,
    widths: model.columns.map(() => null),
    form: "full",
  };
  if (width === null) {
    const natural = naturalWidths(model.columns, model.lines, "full");
    chosen.widths = model.columns.map((column) =>
      column.cutTo === undefined ? null : Math.min(natural.get(column) ?? 0, LONGEST_TEXT + 2),
    );
  } else {
    for (const form of ["full", "short"] as const) {
      const natural = naturalWidths(model.columns, model.lines, form);
      const fitted = fitColumns(model.columns, natural, width, form === "full" ? SHORT_BEFORE : 1000);
      if (fitted !== null) {
        chosen = { ...fitted, form };
        break;
      }
      // Nothing fits: the fewest columns, short, and the terminal wraps what is left.
      const fewest = model.columns.filter((column) => column.keep >= 100);
      chosen = { columns: fewest, widths: fewest.map(() => null), form };
    }
  }
  return ruleOffTotals(draw(chosen.columns, model.lines, chosen.form, paint, chosen.widths));
}

/** A rule above the last row (the totals), as below the header: compact tables rule off only the header. */
function ruleOffTotals(text: string): string {
  const lines = text.split("\n");
  const rule = lines[2];
  if (lines.length < 6 || rule === undefined) return text;
  return [...lines.slice(0, -2), rule, ...lines.slice(-2)].join("\n");
}

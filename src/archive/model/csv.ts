import { showControlCharacters } from "../../render/primitives/control-characters.js";

/** What a spreadsheet may run as a formula when a cell starts with it (OWASP's list: = + - @, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text that a
 * spreadsheet would take for a formula gets a leading `'`, so a session title like `=HYPERLINK(...)`
 * stays text. Numbers are written in plain decimal, never as `1e-7`. Terminal controls and bidi overrides
 * from a session (its title, its folder) are shown by name, as in the reports: a `cat` of the file acts on
 * nothing.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return plainNumber(value);
  // Judged on the value as the session holds it: a leading CR is shown as a line feed, still a formula.
  const shown = showControlCharacters(value);
  const text = FORMULA_START.test(value) ? `'${shown}` : shown;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A number in plain decimal with at most nine decimals (token counts stay integers). */
export function plainNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  // Trailing zeros, then a bare point: each run matched from its first character (linear).
  return value
    .toFixed(9)
    .replace(/(?<!0)0+$/, "")
    .replace(/\.$/, "");
}

/** Rows to CSV text: CRLF line ends, as RFC 4180 has them, including after the last row. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/**
 * The prompt rows and totals each format states, read back from its output (never from the view that
 * made it): what the property test of test/figures/ compares across formats.
 */

/** A prompt-index row as a format states it: its number (0 for rows that are no prompt), calls, cost. */
export interface StatedRow {
  number: number;
  /** The row's title for rows that are no prompt ("(other branches)"); "" for prompts. */
  label: string;
  calls: number;
  /** The cost as worded ("$0.023 + 440 unpriced tokens"). */
  cost: string;
  /** The exact dollars, where the format holds them (the page's `data-cost`, the JSON report). */
  dollars?: number;
}

const integer = (text: string): number => Number(text.replace(/,/g, ""));

const decode = (html: string): string =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page's prompt index: every `<tr data-prompt>` row's number, calls and cost. */
export function htmlRows(html: string): StatedRow[] {
  const rows: StatedRow[] = [];
  for (const match of html.matchAll(/<tr data-prompt="(\d+)">(.*?)<\/tr>/g)) {
    const row = match[2] as string;
    const title = decode(/<span class="p-title"[^>]*>(.*?)<\/span>/.exec(row)?.[1] ?? "");
    const calls = /class="p-calls">([\d,]*)</.exec(row)?.[1] ?? "";
    const cost = /class="p-cost" data-cost="([^"]*)">(.*?)<\/td>/.exec(row);
    // The number a reader sees ("3."), not the row's data attribute; rows without one are 0.
    const shown = /<span class="p-number">(\d+)\.<\/span>/.exec(row)?.[1];
    const number = shown === undefined ? 0 : Number(shown);
    if (number !== Number(match[1])) throw new Error(`row ${match[1]} is shown as number ${number}`);
    rows.push({
      number,
      label: number === 0 ? title : "",
      calls: integer(calls),
      cost: decode(cost?.[2] ?? ""),
      dollars: Number(cost?.[1]),
    });
  }
  return rows;
}

/** The page's whole-file total: its cost as worded and its model calls. */
export function htmlTotal(html: string): { cost: string; calls: number } {
  const match =
    /<span class="total-value">([^<]*)<\/span><span class="total-label">whole file · [^·]* · ([\d,]+) model calls?</.exec(
      html,
    );
  if (match === null) throw new Error("no whole-file total on the page");
  return { cost: decode(match[1] as string), calls: integer(match[2] as string) };
}

/** Cells of a GFM table row. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The full Markdown report's Prompts table. */
export function markdownTableRows(markdown: string): StatedRow[] {
  const section = markdown.split("\n## Prompts\n")[1]?.split("\n## ")[0];
  if (section === undefined) return [];
  const lines = section.split("\n").filter((line) => line.startsWith("|"));
  return lines.slice(2).map((line) => {
    const [number, title, calls, , cost] = cells(line) as string[];
    return {
      number: number === "" ? 0 : integer(number as string),
      label: number === "" ? (title as string) : "",
      calls: integer(calls as string),
      cost: cost as string,
    };
  });
}

/** A totals table's total row (`**Total (whole file)**` or `**Total**`): its cost and calls. */
export function markdownTotal(markdown: string): { cost: string; calls: number } {
  const line = markdown.split("\n").find((text) => /^\| \*\*Total( \(whole file\))?\*\* /.test(text));
  if (line === undefined) throw new Error("no total row");
  const row = cells(line).map((cell) => cell.replace(/^\*\*|\*\*$/g, ""));
  return { cost: row.at(-2) as string, calls: integer(row.at(-1) as string) };
}

/**
 * A summary's prompt list (short or full): its numbered items and the rows that are no prompt, each
 * with the model calls and the cost at the ends of its figures; `complete` false when some were left out.
 */
export function summaryRows(markdown: string): { rows: StatedRow[]; complete: boolean } {
  const rows: StatedRow[] = [];
  for (const line of markdown.split("\n")) {
    const item = /^(?:(\d+)\. |- (\([^)]*\)) — )/.exec(line);
    if (item === null || !line.endsWith("_")) continue;
    const figures = line.slice(line.lastIndexOf(" — _") + 4, -1).split(" · ");
    const calls = /^([\d,]+) model calls?$/.exec(figures[0] ?? "");
    if (calls === null) continue;
    rows.push({
      number: item[1] === undefined ? 0 : Number(item[1]),
      label: item[2] ?? "",
      calls: integer(calls[1] as string),
      cost: figures.at(-1) as string,
    });
  }
  const complete = !/more prompts? (not shown|left out)/.test(markdown);
  return { rows, complete };
}

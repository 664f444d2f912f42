import { runArchive } from "../../src/archive/run/run-archive.js";

/**
 * Runs the archive in this thread (pool.test.ts covers worker threads); what it prints goes to `stderr`
 * when given, else is thrown away.
 */
export function archive(
  folder: string,
  output: string,
  flags: { since?: string; until?: string; project?: string } = {},
  stderr?: string[],
) {
  const write = (text: string) => stderr?.push(text) ?? true;
  return runArchive({ folder, output, ...flags, env: {}, stderr: { write }, workers: 0 });
}

/** A small RFC 4180 reader: enough to read back what costs.csv writes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += char;
  }
  return rows;
}

import type { Root } from "mdast";
import { expect } from "vitest";
import type { JsonReport } from "../../src/render/json/json-report.js";
import type { Totals } from "../../src/usage/totals.js";
import { allNodes, cellText, counts, isRendererHtml, nodesOfType } from "./markdown-tree.js";

/**
 * Nothing the session holds became markup: the only raw HTML is the renderer's folding, balanced;
 * links go to http(s)/mailto or nowhere outside; the only images are the report's own files; no
 * reference, definition or footnote (they could point anywhere, or collide across messages) remains.
 */
export function expectInert(tree: Root, assetsDir?: string): void {
  const html = nodesOfType(tree, "html").map((node) => node.value);
  expect(html.filter((value) => !isRendererHtml(value))).toEqual([]);
  expect(html.filter((value) => value.startsWith("<details")).length).toBe(
    html.filter((v) => v === "</details>").length,
  );
  for (const link of nodesOfType(tree, "link")) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link.url)?.[1]?.toLowerCase();
    expect([undefined, "http", "https", "mailto"]).toContain(scheme);
  }
  for (const image of nodesOfType(tree, "image")) {
    expect(assetsDir).toBeDefined();
    expect(image.url.startsWith(`${encodeURIComponent(assetsDir ?? "")}/img-`)).toBe(true);
  }
  const references = [
    "definition",
    "linkReference",
    "imageReference",
    "footnoteReference",
    "footnoteDefinition",
  ];
  expect(allNodes(tree).filter((node) => references.includes(node.type))).toEqual([]);
}

/** Each tool output is the whole value of a code block of its own (as many blocks as outputs). */
export function expectOutputsInCode(tree: Root, outputs: readonly string[]): void {
  const code = counts(nodesOfType(tree, "code").map((node) => node.value));
  const missing = [...counts(outputs)].filter(([output, times]) => (code.get(output) ?? 0) < times);
  expect(missing.map(([output]) => output.slice(0, 200))).toEqual([]);
}

const COLUMNS = ["Usage", "Input", "Output", "Cache read", "Cache write", "Tokens", "Cost", "Calls"];

/** Row name -> cell texts of the totals table: the one table headed by its columns. */
export function totalsRows(tree: Root): Map<string, string[]> {
  const tables = nodesOfType(tree, "table").filter(
    (table) => JSON.stringify(table.children[0]?.children.map(cellText)) === JSON.stringify(COLUMNS),
  );
  expect(tables.length).toBe(1);
  const rows = tables[0]?.children.slice(1) ?? [];
  return new Map(
    rows.map((row) => [cellText(row.children[0] as never), row.children.slice(1).map(cellText)]),
  );
}

/**
 * A row holds these totals: the counts exactly (thousands separated by commas), the dollars to the
 * precision shown, and unpriced tokens said in words, never as $0.
 */
export function expectRow(cells: readonly string[] | undefined, totals: Totals): void {
  expect(cells).toBeDefined();
  const [input, output, cacheRead, cacheWrite, tokens, cost, calls] = (cells ?? []).map((cell) =>
    cell.trim(),
  );
  const int = (cell: string | undefined) => Number((cell ?? "").replaceAll(",", ""));
  expect([input, output, cacheRead, cacheWrite, tokens, calls].map(int)).toEqual([
    totals.input,
    totals.output,
    totals.cacheRead,
    totals.cacheWrite,
    totals.totalTokens,
    totals.turns,
  ]);
  expectCost(cost, totals);
}

/** A cost cell holds these totals' dollars to the precision shown, and unpriced tokens in words, never $0. */
function expectCost(cost: string | undefined, totals: Totals): void {
  const dollars = /^\$(\d+)(?:\.(\d+))?/.exec(cost ?? "");
  if (totals.unpricedTokens > 0) expect(cost).toMatch(/unpriced/);
  if (totals.cost === 0 && totals.unpricedTokens > 0) expect(dollars).toBeNull();
  else if (totals.cost === 0 && totals.unrecordedTurns > 0 && totals.unpricedTokens === 0) {
    // Nothing recorded at all: no amount, only the words.
    expect(cost).toBe("usage not recorded");
  } else {
    expect(dollars).not.toBeNull();
    const shown = Number(`${dollars?.[1]}.${dollars?.[2] ?? "0"}`);
    const step = 10 ** -(dollars?.[2]?.length ?? 0);
    expect(Math.abs(shown - totals.cost)).toBeLessThanOrEqual(step / 2 + 1e-9);
  }
  if (totals.unrecordedTurns > 0) expect(cost).toMatch(/usage not recorded/);
}

const SOURCE_ROWS: Readonly<Record<string, string>> = {
  subagent: "of which sub-agent runs",
  toolResult: "of which tool results (model work inside tools)",
  summary: "of which compaction and branch summaries",
  usageEntry: "of which usage entries (cache warming, …)",
};

/** The totals table has the JSON report's numbers: by model, the total, each other source, unpriced, active branch. */
export function expectTotalsMatchJson(tree: Root, json: JsonReport): void {
  const rows = totalsRows(tree);
  for (const model of json.usage.byModel) {
    const name =
      model.model === null
        ? "(no model named)"
        : `${model.provider === null ? "" : `${model.provider}/`}${model.model}`;
    expectRow(rows.get(name), model);
  }
  expectRow(rows.get("Total (whole file)"), json.usage.total);
  for (const [source, name] of Object.entries(SOURCE_ROWS)) {
    const totals = json.usage.bySource[source as keyof JsonReport["usage"]["bySource"]];
    if (totals.totalTokens > 0 || totals.turns > 0) expectRow(rows.get(name), totals);
    else expect(rows.has(name)).toBe(false);
  }
  const unpriced = rows.get("of which unpriced");
  if (json.usage.total.unpricedTokens === 0) expect(unpriced).toBeUndefined();
  else expect(Number(unpriced?.[4]?.replaceAll(",", ""))).toBe(json.usage.total.unpricedTokens);
  // Calls that recorded no usage at all: a row of their own, their count in the calls column.
  const unrecorded = rows.get("of which usage not recorded");
  if (json.usage.total.unrecordedTurns === 0) expect(unrecorded).toBeUndefined();
  else expect(Number(unrecorded?.[6]?.replaceAll(",", ""))).toBe(json.usage.total.unrecordedTurns);
  const same = JSON.stringify(json.usage.activeBranch) === JSON.stringify(json.usage.total);
  if (same) expect(rows.has("Active branch")).toBe(false);
  else expectRow(rows.get("Active branch"), json.usage.activeBranch);
  expect(rows.size).toBe(
    json.usage.byModel.length +
      1 +
      (rows.has("Active branch") ? 1 : 0) +
      (unpriced ? 1 : 0) +
      (unrecorded ? 1 : 0) +
      Object.values(SOURCE_ROWS).filter((name) => rows.has(name)).length,
  );
}

const COMPACT_COLUMNS = ["Model", "Tokens", "Cost", "Calls"];

/** Tokens, cost and calls of one row of the short summary's table hold these totals (as `expectRow`). */
function expectCompactRow(cells: readonly string[] | undefined, totals: Totals): void {
  expect(cells).toBeDefined();
  const [tokens, cost, calls] = (cells ?? []).map((cell) => cell.trim());
  const int = (cell: string | undefined) => Number((cell ?? "").replaceAll(",", ""));
  expect([int(tokens), int(calls)]).toEqual([totals.totalTokens, totals.turns]);
  expectCost(cost, totals);
}

/**
 * The short summary's one table has the JSON report's figures: tokens, cost and calls of each model and
 * of the whole file, and no other row.
 */
export function expectCompactTotalsMatchJson(tree: Root, json: JsonReport): void {
  const tables = nodesOfType(tree, "table").filter(
    (table) => JSON.stringify(table.children[0]?.children.map(cellText)) === JSON.stringify(COMPACT_COLUMNS),
  );
  expect(tables.length).toBe(1);
  const rows = new Map(
    (tables[0]?.children.slice(1) ?? []).map((row) => [
      cellText(row.children[0] as never),
      row.children.slice(1).map(cellText),
    ]),
  );
  for (const model of json.usage.byModel) {
    const name =
      model.model === null
        ? "(no model named)"
        : `${model.provider === null ? "" : `${model.provider}/`}${model.model}`;
    expectCompactRow(rows.get(name), model);
  }
  expectCompactRow(rows.get("Total"), json.usage.total);
  expect(rows.size).toBe(json.usage.byModel.length + 1);
}

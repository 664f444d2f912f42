/**
 * One figure per fact, whatever the format: over every session file the tests hold, the prompt index's
 * rows (each prompt's number, model calls and cost, and the rows of usage no prompt holds) read the same
 * from the page, the full Markdown report, both summaries, the JSON report, the archive's pages and
 * archive.json, and `pi-report pr`'s comment; and in each format they add up to the total it states.
 * Each format's output is parsed (read-formats.ts); the expected rows come from the JSON report, whose
 * rows are checked to add up to its own total, itself checked elsewhere against Pi's own figures.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { renderPrComment } from "../../src/pr/pr-comment.js";
import { collectPrSessions } from "../../src/pr/pr-sessions.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { buildJsonReport, type JsonPrompt } from "../../src/render/json/json-report.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import type { Totals } from "../../src/usage/totals.js";
import { formatCostWithUnpriced, formatTokens } from "../../src/view/format.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";
import {
  htmlRows,
  htmlTotal,
  markdownTableRows,
  markdownTotal,
  type StatedRow,
  summaryRows,
} from "./read-formats.js";

const sessions = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl") && !name.includes("figures") && !name.includes("golden"))
    .map((name) => `${dir}${name}`);

/** Every corpus file: real sessions, Pi's own, hand-made scenarios, sub-agent parents. */
const FILES = [
  ...sessions(`${CORPUS}real/`),
  ...sessions(`${CORPUS}pi-migrated/`),
  ...sessions(`${CORPUS}pi-1.6/`),
  ...sessions(`${FIXTURES}sessions/`),
  ...sessions(`${FIXTURES}pi16/`),
  ...sessions(`${FIXTURES}pi-drops/`),
  ...sessions(`${FIXTURES}agent-core/`),
  ...sessions(`${FIXTURES}subagent-files/pi-subagents/`),
  ...sessions(`${FIXTURES}subagent-files/oh-my-pi/`),
  ...sessions(`${FIXTURES}subagent-file-only/`),
];

const costText = (usage: Totals): string =>
  formatCostWithUnpriced(usage.cost, usage.unpricedTokens, usage.unrecordedTurns);

const TITLES = { before: "(before the first prompt)", elsewhere: "(other branches)" } as const;

/** The JSON report's rows as every format should state them. */
function expectedRows(prompts: readonly JsonPrompt[]): StatedRow[] {
  return prompts.map((row) => ({
    number: row.number,
    label: row.kind === "prompt" ? "" : TITLES[row.kind],
    calls: row.usage.turns,
    cost: costText(row.usage),
  }));
}

const withoutDollars = (rows: readonly StatedRow[]) => rows.map(({ dollars: _dollars, ...row }) => row);

/** The sum of the rows' usage, field by field (cost to 9 decimals, as the JSON report rounds it). */
function sumOf(prompts: readonly JsonPrompt[]): Totals {
  const sum = { ...(prompts[0]?.usage as Totals) };
  for (const key of Object.keys(sum) as (keyof Totals)[])
    sum[key] = prompts.reduce((total, row) => total + row.usage[key], 0);
  sum.cost = Math.round(sum.cost * 1e9) / 1e9;
  return sum;
}

/** A summary's rows: all of them, or, where it says it left some out, the first ones. */
function expectSummaryRows(markdown: string, expected: readonly StatedRow[]): void {
  const { rows, complete } = summaryRows(markdown);
  if (complete) expect(rows).toEqual(expected);
  else {
    const shown = rows.filter((row) => row.number > 0);
    expect(shown).toEqual(expected.filter((row) => row.number > 0).slice(0, shown.length));
    expect(rows.filter((row) => row.number === 0)).toEqual(expected.filter((row) => row.number === 0));
  }
}

describe("one figure per fact, in every format", () => {
  it.each(FILES.map((file) => [file.slice(FIXTURES.length), file]))(
    "%s: the same rows, adding up to the stated total",
    async (_name, file) => {
      const analysis = analyzeAsRead(file);
      const json = buildJsonReport(analysis);
      const expected = expectedRows(json.prompts);
      // The rows add up to the whole file's total, field by field.
      if (json.prompts.length > 0) expect(sumOf(json.prompts)).toEqual(json.usage.total);
      else expect(json.usage.total.turns + json.usage.total.totalTokens).toBe(0);
      // Prompts are numbered 1, 2, ... in order; the other rows hold no number.
      const numbers = json.prompts.filter((row) => row.kind === "prompt").map((row) => row.number);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));

      const html = await renderHtml(analysis, { sourcePath: file });
      const pageRows = htmlRows(html);
      expect(withoutDollars(pageRows)).toEqual(expected);
      for (const [index, row] of pageRows.entries())
        expect(row.dollars).toBeCloseTo(json.prompts[index]?.usage.cost ?? Number.NaN, 9);
      expect(htmlTotal(html)).toEqual({
        cost: costText(json.usage.total),
        calls: pageRows.reduce((sum, row) => sum + row.calls, 0),
      });

      const full = (await renderMarkdown(analysis, { sourcePath: file })).markdown;
      expect(markdownTableRows(full)).toEqual(expected);
      expect(markdownTotal(full)).toEqual({
        cost: costText(json.usage.total),
        calls: expected.reduce((sum, row) => sum + row.calls, 0),
      });

      for (const summary of ["short", "full"] as const) {
        const markdown = (await renderMarkdown(analysis, { sourcePath: file, summary })).markdown;
        expectSummaryRows(markdown, expected);
        expect(markdownTotal(markdown)).toEqual({
          cost: costText(json.usage.total),
          calls: json.usage.total.turns,
        });
      }
    },
  );
});

/** Sessions of distinct ids for one archive and `pr` run: the archive counts a copied entry once. */
const SITE_FILES = [
  `${CORPUS}real/getspecstory__real_world.jsonl`,
  `${CORPUS}real/kimchi-dev__session.jsonl`,
  `${CORPUS}pi-1.6/pi16-rpc-main.jsonl`,
  `${FIXTURES}sessions/subagents.jsonl`,
  `${FIXTURES}sessions/summary-usage.jsonl`,
  `${FIXTURES}sessions/unpriced.jsonl`,
  `${FIXTURES}sessions/error-turns.jsonl`,
];

const ALL_ALONG = { start: 0, end: null, description: "all along" };

describe("the archive and pr read the same figures", () => {
  let folder: string;
  let site: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "figures-agree-"));
    site = join(folder, "site");
    mkdirSync(join(folder, "sessions"));
    for (const file of SITE_FILES) copyFileSync(file, join(folder, "sessions", basename(file)));
    await runArchive({
      folder: join(folder, "sessions"),
      output: site,
      env: {},
      stderr: { write: () => true },
      workers: 0,
    });
  }, 120_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each(SITE_FILES)("%s: its page and its archive.json line", (file) => {
    const json = buildJsonReport(analyzeAsRead(file));
    const archive = JSON.parse(readFileSync(join(site, "archive.json"), "utf8"));
    const session = archive.sessions.find((row: { file: string }) => row.file.endsWith(basename(file)));
    expect(session.reported.turns).toBe(sumOf(json.prompts).turns);
    expect(session.reported.cost).toBeCloseTo(sumOf(json.prompts).cost, 9);
    const page = readFileSync(join(site, session.report), "utf8");
    expect(withoutDollars(htmlRows(page))).toEqual(expectedRows(json.prompts));
  });

  it.each(SITE_FILES)("%s: its row in the pull request's comment", async (file) => {
    const analysis = analyzeAsRead(file);
    const json = buildJsonReport(analysis);
    const cwd = analysis.session.header.cwd as string;
    const found = await collectPrSessions(
      [{ path: file, file: basename(file), size: 0, mtimeMs: Date.now(), cwd }],
      cwd,
      ALL_ALONG,
      { enabled: false, patterns: [] },
    );
    const comment = renderPrComment({ found, window: ALL_ALONG, links: new Map(), redacted: false });
    // The sessions table: its header, the separator, then the one session's row.
    const row = comment.split("\n").filter((line) => line.startsWith("| "))[2];
    const [, , cost, tokens] = (row ?? "").split(" | ").map((cell) => cell.trim());
    const sum = sumOf(json.prompts);
    // A row whose every token is unpriced says "unpriced" once; its tokens column says how many.
    const allUnpriced = sum.unpricedTokens > 0 && sum.unpricedTokens === sum.totalTokens;
    expect(cost).toBe(allUnpriced ? "unpriced" : costText(sum));
    expect(tokens).toBe(formatTokens(sum.totalTokens));
  });
});

/// <reference lib="dom" />
/**
 * The page read at a glance, in Chromium, on a real corpus session: one line of chrome per turn, the
 * prompt index against the JSON report, and the layout points of issue 24.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeFile } from "../../src/index.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { launchChromium } from "../helpers/browser.js";
import { runCli } from "../helpers/cli.js";
import { CORPUS, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/at-a-glance/`;
const SESSION = `${CORPUS}real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl`;
let browser: Browser;
let url: string;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const path = `${OUT}session.html`;
  writeFileSync(path, await renderHtml(analyzeFile(SESSION), { sourcePath: SESSION }));
  url = `file://${path}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function open(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  return page;
}

/** Models of the file's assistant replies, in file order, each where it differs from the one before. */
function modelChanges(file: string): number {
  let last = "";
  let changes = 0;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"assistant"')) continue;
    const message = JSON.parse(line).message;
    if (message?.role !== "assistant" || typeof message.model !== "string") continue;
    const model = `${message.provider ?? ""}/${message.model}`;
    if (model !== last) changes += 1;
    last = model;
  }
  return changes;
}

describe("one line of chrome per turn", () => {
  it("gives a head line to prompts, not to the agent's entries after them; models only where they change", async () => {
    const page = await open();
    const figures = await page.evaluate(() => {
      const articles = Array.from(document.querySelectorAll<HTMLElement>("#transcript > article.entry"));
      const agent = (el: Element | undefined) =>
        el !== undefined && (el.matches(".k-assistant") || el.matches(".k-toolResult"));
      let agentHeads = 0;
      let agentAfterTurn = 0;
      articles.forEach((el, at) => {
        if (!agent(el)) return;
        const before = articles[at - 1];
        const follows = before !== undefined && (agent(before) || before.matches(".k-user"));
        if (el.querySelector(":scope > .entry-head") !== null) agentHeads += 1;
        if (follows) agentAfterTurn += el.querySelector(":scope > .entry-head") === null ? 0 : 1;
      });
      return {
        prompts: articles.filter((el) => el.matches(".k-user")).length,
        promptHeads: document.querySelectorAll("#transcript > article.k-user > .entry-head").length,
        agentHeads,
        agentAfterTurn,
        meta: document.querySelectorAll("#transcript > article.entry > .entry-body > .assistant-meta").length,
        statusLines: document.querySelectorAll("#transcript .st-summarised > .context-status").length,
        summarised: document.querySelectorAll("#transcript .st-summarised").length,
        compactions: document.querySelectorAll("#transcript > article.k-compaction").length,
        turnLines: document.querySelectorAll("#transcript > article.k-user > .entry-head .turn-line").length,
        badges: document.querySelectorAll(
          "#transcript > article.entry > .entry-body > .assistant-meta .usage-badge",
        ).length,
      };
    });
    expect(figures.prompts).toBe(25);
    expect(figures.promptHeads).toBe(figures.prompts);
    expect(figures.turnLines).toBe(figures.prompts);
    // The agent's entries that follow a prompt or each other carry no head; the one that opens the file does.
    expect(figures.agentAfterTurn).toBe(0);
    expect(figures.agentHeads).toBeLessThanOrEqual(1);
    expect(figures.meta).toBe(modelChanges(SESSION));
    expect(figures.badges).toBe(0);
    // Chrome of prompts and the agent: about one line per turn.
    expect((figures.promptHeads + figures.agentHeads + figures.meta) / figures.prompts).toBeLessThan(1.2);
    // A compaction is one divider; what it summarised keeps a dashed edge and no status line.
    expect(figures.compactions).toBe(1);
    expect(figures.summarised).toBeGreaterThan(100);
    expect(figures.statusLines).toBe(0);
    await page.close();
  });
});

describe("the prompt index", () => {
  it("lists every prompt, linking to its turn, and its figures add up to the JSON report's", async () => {
    const { stdout } = await runCli([SESSION, "-f", "json", "-o", "-"]);
    const branch = JSON.parse(stdout).usage.activeBranch;
    const page = await open();
    const rows = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLTableRowElement>("#prompts tbody tr")).map((row) => ({
        href: row.querySelector("a")?.getAttribute("href") ?? "",
        calls: Number(row.querySelector(".p-calls")?.textContent?.replace(/,/g, "")),
        cost: Number(row.querySelector<HTMLElement>(".p-cost")?.dataset.cost),
      })),
    );
    const prompts = await page.locator("#transcript > article.k-user").count();
    expect(rows.length).toBe(prompts);
    for (const row of rows) expect(await page.locator(`article${row.href}.k-user`).count()).toBe(1);
    expect(rows.reduce((sum, row) => sum + row.calls, 0)).toBe(branch.turns);
    expect(rows.reduce((sum, row) => sum + row.cost, 0)).toBeCloseTo(branch.cost, 6);
    await page.close();
  });

  it("collapses runs of one tool in the outline, each call's argument on hover", async () => {
    const page = await open();
    const runs = await page.locator(".outline-list .o-tool a[title]").allTextContents();
    expect(runs.length).toBeGreaterThan(0);
    for (const text of runs) expect(text).toMatch(/^\S+ ×\d+/);
    await page.close();
  });
});

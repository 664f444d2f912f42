/// <reference lib="dom" />
/**
 * The page read at a glance, in Chromium, on a real corpus session: one line of chrome per turn, the
 * prompt index against the JSON report, and the layout points of issue 24.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { pngOnCanvas, useChromium, useRenderedReport } from "../helpers/browser.js";
import { runCli } from "../helpers/cli.js";
import { CORPUS, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/at-a-glance/`;
const SESSION = `${CORPUS}real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl`;
const browser = useChromium();
const url = useRenderedReport(SESSION, `${OUT}session.html`);

async function open(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser().newPage({ viewport });
  await page.goto(url());
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

  it("shows every column without scrolling on a laptop, and the prompt readable on a phone", async () => {
    // Every cell's box against the table's scrolling frame: a column past its right edge is hidden.
    const fits = async (viewport: { width: number; height: number }) => {
      const page = await open(viewport);
      const measured = await page.evaluate(() => {
        const frame = document.querySelector("#prompts .table-scroll")?.getBoundingClientRect();
        const cells = Array.from(document.querySelectorAll("#prompts thead th")).map((th) =>
          th.getBoundingClientRect(),
        );
        const visible = cells.filter((box) => box.width > 0);
        return {
          right: frame?.right ?? 0,
          rightmost: Math.max(...visible.map((box) => box.right)),
          prompt: visible[0]?.width ?? 0,
          columns: visible.length,
        };
      });
      await page.close();
      return measured;
    };
    const laptop = await fits({ width: 1280, height: 800 });
    expect(laptop.columns).toBe(7);
    expect(laptop.rightmost).toBeLessThanOrEqual(laptop.right + 0.5);
    expect(laptop.prompt).toBeGreaterThan(200);
    const phone = await fits({ width: 390, height: 844 });
    expect(phone.rightmost).toBeLessThanOrEqual(phone.right + 0.5);
    expect(phone.prompt).toBeGreaterThan(80);
  });

  it("collapses runs of one tool in the outline, each call's argument on hover", async () => {
    const page = await open();
    const runs = await page.locator(".outline-list .o-tool a[title]").allTextContents();
    expect(runs.length).toBeGreaterThan(0);
    for (const text of runs) expect(text).toMatch(/^\S+ ×\d+/);
    await page.close();
  });
});

describe("layout", () => {
  const RTL = `${ROOT}fixtures/sessions/rtl-retries.jsonl`;
  const KIMCHI = `${CORPUS}real/kimchi-dev__session.jsonl`;

  async function page(file: string, name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const path = `${OUT}${name}.html`;
    writeFileSync(path, await renderHtml(analyzeAsRead(file), { sourcePath: file }));
    const opened = await browser().newPage({ viewport });
    await opened.goto(`file://${path}`);
    return opened;
  }

  it("lays right-to-left prompts and replies out right to left (dir=auto)", async () => {
    const opened = await page(RTL, "rtl");
    const directions = await opened.evaluate(() =>
      Array.from(document.querySelectorAll("#transcript .markdown")).map((el) => el.matches(":dir(rtl)")),
    );
    expect(directions).toEqual([true, true]);
    await opened.close();
  });

  it("shows five identical failures in a row once, counted", async () => {
    const opened = await page(RTL, "rtl-retries");
    expect(await opened.locator("#transcript .error-note:visible").count()).toBe(1);
    expect(await opened.locator("#transcript .error-note .repeats").textContent()).toBe("×5 in a row");
    expect(await opened.locator("#transcript article.repeat").count()).toBe(4);
    await opened.close();
  });

  it("puts the model names of the header apart, none broken inside", async () => {
    const opened = await page(SESSION, "models", { width: 390, height: 844 });
    const names = opened.locator(".facts .model-list code");
    expect(await names.count()).toBeGreaterThan(0);
    for (const box of await names.evaluateAll((els) => els.map((el) => el.getClientRects().length)))
      expect(box).toBe(1);
    await opened.close();
  });

  it("keeps the phone's Outline button off the text, at the top and after following a link", async () => {
    const opened = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await opened.goto(url());
    const overlaps = () =>
      opened.evaluate(() => {
        const button = document.querySelector(".nav-button")?.getBoundingClientRect();
        if (!button) return -1;
        let count = 0;
        const walker = document.createTreeWalker(
          document.querySelector("main") as Node,
          NodeFilter.SHOW_TEXT,
        );
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects())) {
            // A line wholly above the bar has scrolled away; one that reaches into it is covered.
            if (rect.bottom > button.top + 1 && rect.top < button.bottom - 1 && rect.bottom > 0) count += 1;
          }
        }
        return count;
      });
    expect(await overlaps()).toBe(0);
    const anchor = await opened.locator("#prompts tbody tr:nth-child(5) a").getAttribute("href");
    await opened.locator("#prompts tbody tr:nth-child(5) a").click();
    await opened.waitForTimeout(100);
    const head = await opened.locator(`${anchor} .entry-head`).boundingBox();
    const button = await opened.locator(".nav-button").boundingBox();
    expect(head && button && head.y >= button.y + button.height).toBe(true);
    await opened.close();
  });

  it("paints every card in a full-page capture (no content-visibility leaving them blank)", async () => {
    const opened = await page(KIMCHI, "full-page");
    // Cards off screen start skipped (content-visibility.test.ts) and the script draws them all in idle time
    // after the load event: the capture is taken once it says so, as a user's would be a moment later.
    await opened.waitForSelector('html[data-cards="drawn"]', { timeout: 30_000 });
    const boxes = await opened.evaluate(() =>
      Array.from(document.querySelectorAll("#transcript > article.entry:not(.repeat)")).map((el) => {
        const rect = el.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      }),
    );
    const png = await opened.screenshot({ fullPage: true });
    // No image library here: the capture is read back through a canvas in the browser.
    const viewer = await pngOnCanvas(browser(), png);
    const blank = await viewer.evaluate((cards) => {
      const canvas = document.getElementById("shot") as HTMLCanvasElement;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      let empty = 0;
      for (const card of cards) {
        if (card.y + card.height > canvas.height) continue;
        // Inside the card's border: a painted card has text, so more than a couple of colours.
        const inner = context.getImageData(
          card.x + 6,
          card.y + 4,
          card.width - 12,
          Math.max(1, card.height - 8),
        );
        const colours = new Set<number>();
        for (let at = 0; at < inner.data.length && colours.size < 4; at += 4)
          colours.add(
            ((inner.data[at] as number) << 16) |
              ((inner.data[at + 1] as number) << 8) |
              (inner.data[at + 2] as number),
          );
        if (colours.size < 4) empty += 1;
      }
      return { empty, measured: cards.filter((card) => card.y + card.height <= canvas.height).length };
    }, boxes);
    expect(blank.measured).toBeGreaterThan(20);
    expect(blank.empty).toBe(0);
    await viewer.close();
    await opened.close();
  });
});

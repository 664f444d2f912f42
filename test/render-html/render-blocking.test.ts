/// <reference lib="dom" />
/**
 * A long page draws its first frame only once it is parsed to its end (`<link rel="expect"
 * blocking="render">` naming the footer): Chromium otherwise draws a frame between every few chunks it
 * parses, each costing more as the page grows, which took the bench session's load event from ~1.6 s
 * to ~4.5 s (BENCHMARKS.md, issue 33). With JavaScript on or off, the first frame holds the whole page.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { launchChromium } from "../helpers/browser.js";
import { CORPUS, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/render-blocking/`;
// The largest real session: a page of ~4 MB, which Chromium parses in many chunks.
const SESSION = `${CORPUS}real/pi-mono__before-compaction.jsonl`;
let browser: Browser;
let url: string;
let entries: number;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const path = `${OUT}session.html`;
  const analysis = analyzeAsRead(SESSION);
  writeFileSync(path, await renderHtml(analysis, { sourcePath: SESSION }));
  url = `file://${path}`;
  entries = analysis.tree.entries.length;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

interface FirstFrame {
  readyState: DocumentReadyState;
  footer: boolean;
  entries: number;
}

/** What the document held when Chromium first ran its animation frame callbacks, i.e. drew a frame. */
async function firstFrame(javaScript: boolean): Promise<FirstFrame> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  // The test's own script runs even with the page's scripts off: playwright's isolated world.
  const seen = new Promise<FirstFrame>((resolve) => {
    page.on("console", (message) => {
      if (message.text().startsWith("first-frame ")) resolve(JSON.parse(message.text().slice(12)));
    });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.enable");
  await cdp.send("Page.addScriptToEvaluateOnNewDocument", {
    worldName: "first-frame",
    source: `requestAnimationFrame(() => console.log("first-frame " + JSON.stringify({
      readyState: document.readyState,
      footer: document.getElementById("report-end") !== null,
      entries: document.querySelectorAll("article.entry").length,
    })));`,
  });
  await page.goto(url);
  const frame = await seen;
  await context.close();
  return frame;
}

describe("a long page", () => {
  it.each([true, false])("draws its first frame with every card parsed (JavaScript %s)", async (js) => {
    const frame = await firstFrame(js);
    expect(frame.readyState).not.toBe("loading");
    expect(frame.footer).toBe(true);
    // Every entry of the session has a card of its own (no repeats in this file's page).
    expect(frame.entries).toBeGreaterThan(entries / 2);
  });
});

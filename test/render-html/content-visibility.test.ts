/// <reference lib="dom" />
/**
 * A long page is ready as soon as its first screen is: in Chromium, the cards below the first screen are
 * skipped (neither laid out nor painted) until scrolled to; once the page is up the script draws them in
 * idle time (so a full-page screenshot soon paints every one), and print media draws every one of them.
 * Without this the bench session's load event took ~10 s instead of ~2 s (BENCHMARKS.md, issue 26).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useChromium, useRenderedReport } from "../helpers/browser.js";
import { CORPUS, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/content-visibility/`;
// A real session whose page is twenty screens long.
const SESSION = `${CORPUS}real/kimchi-dev__session.jsonl`;
const VIEWPORT = { width: 1280, height: 900 };
const browser = useChromium();
const url = useRenderedReport(SESSION, `${OUT}session.html`);

interface Cards {
  count: number;
  /** `content-visibility` as computed for each card. */
  styles: string[];
  /** Cards more than three screens below the top (Chromium renders a margin around the screen), and of those, the ones whose contents were skipped. */
  farBelow: number;
  farBelowSkipped: number;
  /** Whether the first card's contents were rendered. */
  firstRendered: boolean;
}

/** The transcript's cards as Chromium holds them now. */
function cards(page: Page): Promise<Cards> {
  return page.evaluate(() => {
    const all = Array.from(
      document.querySelectorAll<HTMLElement>("#transcript > article.entry:not(.repeat)"),
    );
    // A card's contents are skipped when a child that is shown (not display: none, as the permalink is in
    // print) is not rendered for content-visibility's sake.
    const rendered = (card: HTMLElement) => {
      const shown = Array.from(card.children).find((child) => child.checkVisibility());
      return shown?.checkVisibility({ contentVisibilityAuto: true }) === true;
    };
    const far = all.filter((card) => card.getBoundingClientRect().top > 3 * window.innerHeight);
    return {
      count: all.length,
      styles: all.map((card) => getComputedStyle(card).contentVisibility),
      farBelow: far.length,
      farBelowSkipped: far.filter((card) => !rendered(card)).length,
      firstRendered: all[0] !== undefined && rendered(all[0]),
    };
  });
}

/** Every card of the long page drawn, those far below the screen too. */
function expectAllRendered(seen: Cards): void {
  expect(seen.count).toBeGreaterThan(50);
  expect(new Set(seen.styles)).toEqual(new Set(["visible"]));
  expect(seen.farBelow).toBeGreaterThan(seen.count / 2);
  expect(seen.farBelowSkipped).toBe(0);
}

/** Two animation frames: Chromium decides which skipped cards are on screen after a frame is drawn. */
function frames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

describe("cards off screen", () => {
  it("are skipped on screen until scrolled to (the stylesheet's doing, before the script draws them)", async () => {
    const page = await browser().newPage({ viewport: VIEWPORT });
    // The browser is never idle here, so the script's drawing (the next test) never starts.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto(url());
    await frames(page);
    const seen = await cards(page);
    expect(seen.count).toBeGreaterThan(50);
    expect(new Set(seen.styles)).toEqual(new Set(["auto"]));
    expect(seen.firstRendered).toBe(true);
    // The page is long: most cards lie more than three screens down, and none of those is rendered.
    expect(seen.farBelow).toBeGreaterThan(seen.count / 2);
    expect(seen.farBelowSkipped).toBe(seen.farBelow);
    // Scrolled to, the last card is rendered.
    await page.locator("#transcript > article.entry:not(.repeat)").last().scrollIntoViewIfNeeded();
    await frames(page);
    const last = await page
      .locator("#transcript > article.entry:not(.repeat)")
      .last()
      .evaluate((card) =>
        Array.from(card.children).every((child) => child.checkVisibility({ contentVisibilityAuto: true })),
      );
    expect(last).toBe(true);
    await page.close();
  });

  it("are all drawn by the script once the page is up, a batch per idle moment", async () => {
    const page = await browser().newPage({ viewport: VIEWPORT });
    await page.goto(url());
    await page.waitForSelector('html[data-cards="drawn"]', { timeout: 30_000 });
    await frames(page);
    expectAllRendered(await cards(page));
    await page.close();
  });

  it("are all rendered in print media (print, Save as PDF)", async () => {
    const page = await browser().newPage({ viewport: VIEWPORT });
    await page.emulateMedia({ media: "print" });
    await page.goto(url());
    await frames(page);
    expectAllRendered(await cards(page));
    await page.close();
  });
});

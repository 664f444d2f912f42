import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** Whether the browser is there (`apt-get install chromium` puts it there). */
export const chromiumAvailable = () => existsSync(CHROMIUM);

/**
 * Runs in the page before any of its own script. `shown` resolves at the first animation frame after the page's
 * content is in the DOM: after `selector` first matches (a page that renders itself on the client), or after the
 * load event (a page whose content is its HTML).
 * @param {string | null} selector
 */
function watchForContent(selector) {
  const page = /** @type {any} */ (globalThis);
  page.__benchShown = new Promise((resolve) => {
    const nextFrame = () => requestAnimationFrame(() => resolve(performance.now()));
    if (selector === null) {
      addEventListener("load", nextFrame);
      return;
    }
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector) === null) return;
      observer.disconnect();
      nextFrame();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * @typedef {{ loadMs: number, shownMs: number | null, error: string | null }} OpenSample
 * `shownMs` is null when the content never appeared (`error` says why: the page's own uncaught error if it had one).
 */

/**
 * Opens `htmlPath` `runs` times, each in a freshly launched browser (nothing cached or left over between runs), and
 * returns the samples in milliseconds since navigation start: `loadMs` (end of the load event) and `shownMs` (see
 * `watchForContent`). Stops early when the content does not appear.
 * @param {string} htmlPath
 * @param {{ runs: number, contentSelector: string | null }} options
 * @returns {Promise<OpenSample[]>}
 */
export async function openInChromium(htmlPath, { runs, contentSelector }) {
  const samples = [];
  // One unmeasured opening first, so every measured one finds the file in the OS cache.
  for (let run = 0; run <= runs; run++) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    try {
      const sample = await openOnce(browser, htmlPath, contentSelector);
      if (sample.error !== null) return [sample];
      if (run > 0) samples.push(sample);
    } finally {
      await browser.close();
    }
  }
  return samples;
}

/**
 * @param {import("playwright-core").Browser} browser
 * @param {string} htmlPath
 * @param {string | null} contentSelector
 * @returns {Promise<OpenSample>}
 */
async function openOnce(browser, htmlPath, contentSelector) {
  const page = await browser.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(watchForContent, contentSelector);
  await page.goto(pathToFileURL(htmlPath).href, { waitUntil: "load", timeout: 300_000 });
  const loadMs = await page.evaluate(async () => {
    const timing = () =>
      /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType("navigation")[0]);
    while (timing().loadEventEnd === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    return timing().loadEventEnd;
  });
  // Content that has not appeared 10 s after the load event is taken as never appearing.
  const shownMs = await page.evaluate(() =>
    Promise.race([
      /** @type {any} */ (globalThis).__benchShown,
      new Promise((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]),
  );
  const error =
    shownMs !== null ? null : `content never appeared${errors[0] ? ` (page error: ${errors[0]})` : ""}`;
  return { loadMs, shownMs, error };
}

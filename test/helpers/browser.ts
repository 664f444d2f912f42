import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead } from "./analyze.js";
import { runCli } from "./cli.js";

/** Debian's Chromium, which .ci/run installs; PI_REPORT_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.PI_REPORT_CHROMIUM ?? "/usr/bin/chromium";

/**
 * Starts headless Chromium with the flags this machine needs (no sandbox as root, no background network).
 * Tests take the one `useChromium()` shares rather than launching their own.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set PI_REPORT_CHROMIUM.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/** What a page did while it was open: console errors, uncaught exceptions, requests, dialogs. */
export interface PageWatch {
  errors: string[];
  requests: string[];
  dialogs: string[];
}

/** Records every error, dialog and request (other than the file itself and data: URIs) of a page. */
export function watch(page: Page): PageWatch {
  const seen: PageWatch = { errors: [], requests: [], dialogs: [] };
  page.on("console", (message) => {
    if (message.type() === "error") seen.errors.push(message.text());
  });
  page.on("pageerror", (error) => seen.errors.push(String(error)));
  page.on("dialog", async (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith("data:") && !(url.startsWith("file:") && request.isNavigationRequest()))
      seen.requests.push(url);
  });
  return seen;
}

/**
 * A page holding a screenshot drawn on a canvas (`#shot`), for a test to read its pixels in the browser:
 * no image library needed. The caller closes it.
 */
export async function pngOnCanvas(browser: Browser, png: Buffer): Promise<Page> {
  const viewer = await browser.newPage();
  await viewer.setContent(
    `<img id="png" src="data:image/png;base64,${png.toString("base64")}"><canvas id="shot"></canvas>`,
  );
  await viewer.waitForFunction(() => (document.getElementById("png") as HTMLImageElement).complete);
  await viewer.evaluate(() => {
    const image = document.getElementById("png") as HTMLImageElement;
    const canvas = document.getElementById("shot") as HTMLCanvasElement;
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    (canvas.getContext("2d") as CanvasRenderingContext2D).drawImage(image, 0, 0);
  });
  return viewer;
}

/** The browser `useChromium` shares, and how many scopes still use it. */
const shared: { browser: Browser | undefined; users: number } = { browser: undefined, users: 0 };

/**
 * One Chromium for the tests of the scope it is called in (a file, or a describe): launched before them,
 * closed after. Calls in nested scopes share it; it closes when the outermost of them ends.
 */
export function useChromium(): () => Browser {
  beforeAll(async () => {
    shared.users += 1;
    shared.browser ??= await launchChromium();
  }, 60_000);
  afterAll(async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    await shared.browser?.close();
    shared.browser = undefined;
  });
  return () => {
    if (shared.browser === undefined)
      throw new Error("useChromium(): the browser is asked for outside its scope");
    return shared.browser;
  };
}

/**
 * A session's HTML report as `pi-report <session> -o <file>` writes it (redacted, as a user gets it), open
 * in its own browser context (1280 x 900, light, JavaScript on, unless `options` say otherwise) for the
 * tests of the scope it is called in, once its script has drawn every card (`settled`).
 */
export function useReportPage(session: string, options: BrowserContextOptions = {}): () => Page {
  const browser = useChromium();
  let page: Page | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    // A folder of its own: test files run at once, and two corpus folders hold files of the same name.
    folder = mkdtempSync(join(tmpdir(), "pi-report-page-"));
    const output = join(folder, `${basename(session, ".jsonl")}.html`);
    const { code, stderr } = await runCli([session, "-o", output]);
    if (code !== 0) throw new Error(`pi-report ${session} failed (exit ${code}): ${stderr}`);
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
    page = await context.newPage();
    await page.goto(pathToFileURL(output).href);
    if (options.javaScriptEnabled !== false) await settled(page);
  }, 300_000);
  afterAll(async () => {
    await page?.context().close();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (page === undefined)
      throw new Error(`useReportPage(${session}): the page is asked for outside its scope`);
    return page;
  };
}

/**
 * A session's HTML report as the library renders it from the session as read (`renderHtml`, nothing
 * redacted), written to `path` (under test/.output/, kept for a person to look at after the run) before
 * the tests of the scope it is called in: its file:// address.
 */
export function useRenderedReport(session: string, path: string): () => string {
  let url: string | undefined;
  beforeAll(async () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await renderHtml(analyzeAsRead(session), { sourcePath: session }));
    url = pathToFileURL(path).href;
  }, 120_000);
  return () => {
    if (url === undefined) throw new Error(`useRenderedReport(${session}): asked for outside its scope`);
    return url;
  };
}

/**
 * Waits until a page with its script running is as a reader finds it: a report's cards all drawn
 * (report.js marks the root element; a page without cards has none to draw), then two frames, so that
 * what the script does once layout is done (a scrolling block taking the focus) is done too.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.cards === "drawn" || document.querySelector(".entry, .fold") === null,
    null,
    { timeout: 120_000 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

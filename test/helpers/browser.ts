import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium, which .ci/run installs; PI_REPORT_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.PI_REPORT_CHROMIUM ?? "/usr/bin/chromium";

/** Starts headless Chromium with the flags this machine needs (no sandbox as root, no background network). */
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

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

/**
 * The archive's pages have no axe-core violation, light or dark, on a desktop (1280 px) or a phone
 * (390 px): its index (every section: sessions, totals, sessions that failed, files skipped), a
 * session's page, and the search's results once a query is typed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archive } from "../archive/helpers.js";
import { writePiFolder } from "../archive/pi-folder.js";
import { axeViolations, named, PAGE_STATES } from "../helpers/axe.js";
import { settled, useChromium } from "../helpers/browser.js";

const browser = useChromium();
let site: string;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "pi-archive-a11y-"));
  await archive(writePiFolder().root, site);
}, 120_000);

afterAll(() => {
  rmSync(site, { recursive: true, force: true });
});

/** Opens a page of the site in a fresh context of the given theme and width, once its script is done. */
async function open(path: string, state: (typeof PAGE_STATES)[number]): Promise<Page> {
  const context = await browser().newContext({
    viewport: { width: state.width, height: 900 },
    colorScheme: state.colorScheme,
  });
  const page = await context.newPage();
  await page.goto(pathToFileURL(join(site, path)).href);
  await settled(page);
  return page;
}

describe("the index", () => {
  it.each(named(PAGE_STATES))("has no axe violation: %s", async (_name, state) => {
    const page = await open("index.html", state);
    // Every section the hand-made folder gives it, so that none goes unchecked.
    for (const section of ["#sessions", "#by-day", "#failed", "#skipped", "#search"]) {
      expect(await page.locator(section).count(), section).toBe(1);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each(named(PAGE_STATES))("has no axe violation with search results shown: %s", async (_name, state) => {
    const page = await open("index.html", state);
    await page.locator("#search input").focus();
    await page.keyboard.type("web app");
    await expect
      .poll(() => page.locator("#search .search-results li").count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
  it.each(named(PAGE_STATES.slice(0, 2)))(
    "has no axe violation with the sessions filtered: %s",
    async (_name, state) => {
      const page = await open("index.html", state);
      await page.locator("#session-filter input").focus();
      await page.keyboard.type("api");
      await expect.poll(() => page.locator("#sessions-table tbody tr[hidden]").count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});

describe("a session's page (with sub-agent runs)", () => {
  it.each(named(PAGE_STATES))("has no axe violation: %s", async (_name, state) => {
    const page = await open("sessions/--~-web--/2025-06-04T12-00-00-000Z_subs.html", state);
    expect(await page.locator("article.entry").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

/// <reference lib="dom" />
/**
 * The states a reader reaches with the keyboard have no axe-core violation either, light and dark: an
 * output opened, a filter on and a search typed, the outline opened on a phone, and everything expanded
 * with `e` (thinking, outputs, folded branches, sub-agent runs, system prompts), which is where most of a
 * page's text hides.
 */
import { readdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../helpers/axe.js";
import { settled, useChromium, useReportPage } from "../helpers/browser.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const THEMES = ["light", "dark"] as const;

/** Axe's findings in light, then in dark: the state is the same, only the colours change. */
async function inBothThemes(page: Page): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    found[colorScheme] = await axeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

const NONE = { light: [], dark: [] };

/** Back to the page as it loads: every fold as written, no filter, the desktop's width. */
async function fresh(page: Page, width = 1280): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.reload();
  await settled(page);
}

/** Presses Tab until `isFocused` holds in the page; fails after `limit` presses. */
async function tabTo(page: Page, isFocused: () => boolean, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(isFocused)) return;
  }
  throw new Error(`Tab did not reach the element in ${limit} presses`);
}

useChromium();

describe("every-tool.jsonl (every tool's card, errors, ANSI output)", () => {
  const page = useReportPage(`${FIXTURES}sessions/every-tool.jsonl`);

  it("an output opened with Enter on its summary (after `c` folded every one)", async () => {
    await fresh(page());
    // This session's outputs are short, so they start open.
    await page().keyboard.press("c");
    const output = page().locator("details.output").first();
    expect(await output.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    await output.locator("summary").focus();
    await page().keyboard.press("Enter");
    expect(await output.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await inBothThemes(page())).toEqual(NONE);
  });

  it("a search typed after `/`, then the Errors filter pressed with Space", async () => {
    await fresh(page());
    await page().keyboard.press("/");
    await page().keyboard.type("bash");
    const status = page().locator(".outline-tools .filter-status").first();
    await expect.poll(() => status.textContent()).toMatch(/^\d+ of \d+ entries match/);
    await page().keyboard.press("Escape");
    await tabTo(page(), () => document.activeElement?.textContent === "Errors");
    await page().keyboard.press("Space");
    expect(await page().locator("button.filter", { hasText: "Errors" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await page().keyboard.press("/");
    await page().keyboard.type("bash");
    await expect.poll(() => status.textContent()).toMatch(/^\d+ of \d+ entries match/);
    expect(await inBothThemes(page())).toEqual(NONE);
  });

  it("on a phone, a block that scrolls sideways takes the focus and arrow keys scroll it; one that fits does not", async () => {
    await fresh(page(), 390);
    const blocks = () =>
      page().evaluate(() =>
        Array.from(document.querySelectorAll("pre, table.diff, .table-scroll"))
          .filter((block) => block.getClientRects().length > 0)
          .map((block) => ({
            wide: block.scrollWidth > block.clientWidth,
            tabindex: block.getAttribute("tabindex"),
          })),
      );
    const phone = await blocks();
    expect(phone.filter((block) => block.wide).length).toBeGreaterThan(0);
    expect(phone.filter((block) => !block.wide).length).toBeGreaterThan(0);
    for (const block of phone) expect(block.tabindex).toBe(block.wide ? "0" : null);
    const wide = page().locator('pre[tabindex="0"]').first();
    await wide.focus();
    await page().keyboard.press("ArrowRight");
    await expect.poll(() => wide.evaluate((block) => block.scrollLeft)).toBeGreaterThan(0);
    // Wider, fewer blocks scroll: those that no longer do leave the tab order again.
    await page().setViewportSize({ width: 1280, height: 900 });
    await settled(page());
    const desktop = await blocks();
    expect(desktop.filter((block) => block.wide).length).toBeLessThan(
      phone.filter((block) => block.wide).length,
    );
    for (const block of desktop) expect(block.tabindex).toBe(block.wide ? "0" : null);
  });

  it("the outline opened on a phone with Space on its switch", async () => {
    await fresh(page(), 390);
    await tabTo(page(), () => document.activeElement?.id === "nav-toggle");
    await page().keyboard.press("Space");
    expect(await page().locator("nav.outline").isVisible()).toBe(true);
    expect(await inBothThemes(page())).toEqual(NONE);
  });
});

/** The hand-made fixtures (one scenario each) and the corpus's small sessions, every fold opened. */
const EXPANDED = [
  ...readdirSync(`${FIXTURES}sessions/`)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => `${FIXTURES}sessions/${name}`),
  `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
  `${CORPUS}real/kimchi-dev__session.jsonl`,
];

describe.each(EXPANDED.map((path) => [path.slice(path.lastIndexOf("/") + 1), path]))(
  "%s",
  (_name, session) => {
    const page = useReportPage(session);
    it("everything expanded with `e`", async () => {
      await page().keyboard.press("e");
      expect(await page().locator("details:not([open])").count()).toBe(0);
      await settled(page());
      expect(await inBothThemes(page())).toEqual(NONE);
    }, 300_000);
  },
);

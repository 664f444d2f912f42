/// <reference lib="dom" />
/**
 * The report in a real browser (Debian's Chromium through playwright-core), from file://, with
 * JavaScript on and off: nothing fails, nothing is requested, folded sections open, screenshots saved.
 */
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { useChromium, useRenderedReport, watch } from "../helpers/browser.js";
import { CORPUS, FIXTURES, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/browser/`;
const browser = useChromium();
const pages = {
  "every-tool": useRenderedReport(`${FIXTURES}sessions/every-tool.jsonl`, `${OUT}every-tool.html`),
  "all-entry-types": useRenderedReport(
    `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
    `${OUT}all-entry-types.html`,
  ),
  "html-attacks": useRenderedReport(`${FIXTURES}sessions/html-attacks.jsonl`, `${OUT}html-attacks.html`),
};

describe("in Chromium", () => {
  it("with JavaScript on: no error, no request; search, filters and keys work", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(pages["every-tool"]());
    await expect.poll(() => page.locator(".outline-tools input[type=search]").count()).toBe(1);

    // `t` opens every thinking block; with the keys turned off (WCAG 2.1.4) it does nothing, and a
    // filter's click leaves that switch alone.
    await page.keyboard.press("t");
    expect(await page.locator("details.thinking[open]").count()).toBe(2);
    const keys = page.getByRole("button", { name: "Single-key shortcuts" });
    await keys.click();
    await page.getByRole("button", { name: "Prompts" }).click();
    expect(await keys.getAttribute("aria-pressed")).toBe("false");
    await page.locator("body").click({ position: { x: 900, y: 5 } });
    await page.keyboard.press("t");
    expect(await page.locator("details.thinking[open]").count()).toBe(2);
    await keys.click();
    await page.getByRole("button", { name: "All" }).click();
    await page.keyboard.press("t");
    expect(await page.locator("details.thinking[open]").count()).toBe(0);

    // The Errors filter leaves only entries and outline items that failed.
    await page.getByRole("button", { name: "Errors" }).click();
    const visibleEntries = await page.locator("article.entry:not(.is-filtered-out)").count();
    const failedEntries = await page.locator("article.entry[data-error]").count();
    expect(visibleEntries).toBe(failedEntries);
    expect(failedEntries).toBeGreaterThan(0);
    await page.getByRole("button", { name: "All" }).click();

    // Searching narrows the outline, and the status counts what the transcript shows.
    await page.locator(".outline-tools input[type=search]").fill("powershell");
    await expect.poll(() => page.locator(".outline-list li:not(.is-filtered-out)").count()).toBe(1);
    const shownEntries = await page.locator("article.entry:not(.is-filtered-out)").count();
    const allEntries = await page.locator("article.entry").count();
    expect(await page.locator(".filter-status").first().textContent()).toBe(
      `${shownEntries} of ${allEntries} entries match (1 in the outline)`,
    );
    await page.locator(".outline-tools input[type=search]").fill("");

    // Diff cells carry no classes: the stylesheet styles them by position. Numbers and signs stay out
    // of a selection; the code keeps its indentation and wraps.
    const styles = await page
      .locator("table.diff tr.diff-context")
      .first()
      .locator("td")
      .evaluateAll((cells) =>
        cells.map((cell) => {
          const style = getComputedStyle(cell);
          return [style.userSelect, style.whiteSpace, style.textAlign];
        }),
      );
    expect(styles).toEqual([
      ["none", "nowrap", "right"],
      ["none", "nowrap", "right"],
      ["none", "nowrap", "right"],
      ["auto", "pre-wrap", "start"],
    ]);

    await page.screenshot({ path: `${OUT}every-tool-js-on.png`, fullPage: true });
    expect(seen).toEqual({ errors: [], requests: [], dialogs: [] });
    await context.close();
  });

  it("with JavaScript off: everything readable, folded branches open by hand, nothing requested", async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(pages["all-entry-types"]());
    expect(await page.locator(".outline-tools").count()).toBe(0);
    const fold = page.locator("details.fold").first();
    expect(await fold.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await fold.locator("summary").first().click();
    expect(await fold.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    // The abandoned branch holds its entries, now visible.
    expect(await fold.locator("article.entry").first().isVisible()).toBe(true);
    await page.screenshot({ path: `${OUT}all-entry-types-js-off.png`, fullPage: true });
    expect(seen).toEqual({ errors: [], requests: [], dialogs: [] });
    await context.close();
  });

  it("on a phone, the outline is a menu that opens without JavaScript; dark mode follows the system", async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      colorScheme: "dark",
    });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(pages["every-tool"]());
    expect(await page.locator("nav.outline").isVisible()).toBe(false);
    await page.locator("label.nav-button").click();
    expect(await page.locator("nav.outline").isVisible()).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(21, 23, 27)");
    await page.screenshot({ path: `${OUT}every-tool-phone-dark.png` });
    expect(seen).toEqual({ errors: [], requests: [], dialogs: [] });
    await context.close();
  });

  it("offers only the filters some entry passes (no Labels or Errors button that would blank the page)", async () => {
    const file = `${FIXTURES}sessions/fork.jsonl`;
    const path = `${OUT}fork.html`;
    writeFileSync(path, await renderHtml(analyzeAsRead(file), { sourcePath: file }));
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`file://${path}`);
    await expect.poll(() => page.locator(".outline-tools button.filter").count()).toBeGreaterThan(0);
    const offered = await page.locator(".outline-tools button.filter").allTextContents();
    expect(offered).toEqual(["All", "Prompts"]);
    await context.close();
  });

  it("on a phone, the outline opens from the keyboard and is part of the page, not a box of its own", async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(pages["all-entry-types"]());
    // Tab from the top until the outline's toggle has the focus (the skip link comes first).
    let focused = "";
    for (let presses = 0; presses < 5 && focused !== "nav-toggle"; presses += 1) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.id ?? "");
    }
    expect(focused).toBe("nav-toggle");
    await page.keyboard.press("Space");
    const outline = page.locator("nav.outline");
    expect(await outline.isVisible()).toBe(true);
    // As tall as its content, scrolled with the page: no inner scrollbar under the sticky button.
    const box = await outline.evaluate((nav) => ({ client: nav.clientHeight, scroll: nav.scrollHeight }));
    expect(box.scroll).toBe(box.client);
    await context.close();
  });

  it("the attack fixture is inert: no dialog, no console error, no request, with every section open", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(pages["html-attacks"]());
    // Open everything and press every key the script handles: nothing hidden may come alive either.
    await page.keyboard.press("e");
    await page.keyboard.press("t");
    await page.keyboard.press("o");
    for (const link of await page.locator("main a").all()) {
      const href = await link.getAttribute("href");
      expect(href === null || href.startsWith("#"), `link to ${href}`).toBe(true);
    }
    expect(await page.locator("script").count()).toBe(1);
    expect(
      await page.locator("main iframe, main svg:not(.chart), main img[src^='data:image/svg']").count(),
    ).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe("block");
    await page.screenshot({ path: `${OUT}html-attacks.png`, fullPage: true });
    expect(seen).toEqual({ errors: [], requests: [], dialogs: [] });
    await context.close();
  });

  it("a link to an entry inside a folded branch opens the branch (JavaScript on)", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(pages["all-entry-types"]());
    const inner = await page.locator("details.fold article.entry").first().getAttribute("id");
    await page.goto(`${pages["all-entry-types"]()}#${inner}`);
    await expect
      .poll(() =>
        page
          .locator("details.fold")
          .first()
          .evaluate((e) => (e as HTMLDetailsElement).open),
      )
      .toBe(true);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * The page script and the URL's fragment (F19): whatever follows `#` in the address is the reader's (or
 * a link's) to write, so no fragment may stop the script, on load or on `hashchange`.
 */
import { describe, expect, it } from "vitest";
import { useChromium, useRenderedReport, watch } from "../helpers/browser.js";
import { CORPUS, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/fragment-browser/`;
const SESSION = `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`;

// Malformed percent-encoding (a cut UTF-8 sequence, a lone `%`, an invalid byte), markup, a very long
// one, and a fragment that is only `#`.
const FRAGMENTS = [
  "%E0%A4%A",
  "%",
  "%zz",
  "%FF",
  "%ED%A0%80",
  '"><script>alert(1)</script>',
  "x".repeat(100_000),
  "%".repeat(5_000),
  "",
];

const browser = useChromium();
const url = useRenderedReport(SESSION, `${OUT}report.html`);

describe("a URL fragment in Chromium", () => {
  it("no fragment gives an error, on load or when it changes", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const seen = watch(page);
    for (const fragment of FRAGMENTS) {
      await page.goto(`${url()}#${fragment}`);
      // The search box is the script's: the page is loaded and its script has run.
      await expect.poll(() => page.locator(".outline-tools input[type=search]").count()).toBe(1);
      await page.evaluate((hash) => {
        location.hash = hash;
      }, fragment);
      await page.evaluate(() => new Promise((done) => setTimeout(done, 20)));
    }
    expect(seen).toEqual({ errors: [], requests: [], dialogs: [] });
    await context.close();
  });

  it("an encoded fragment still leads to its entry, and opens the fold it is in", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(url());
    const inner = (await page.locator("details.fold article.entry").first().getAttribute("id")) as string;
    // Each character percent-encoded: only a decoded fragment names the entry.
    const encoded = Array.from(inner, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join(
      "",
    );
    await page.goto(`${url()}#${encoded}`);
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

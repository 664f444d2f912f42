/** The archive index's script in Chromium: sorting by a column, in the order a reader expects, said to assistive tech. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { useChromium, watch } from "../helpers/browser.js";
import { archive } from "./helpers.js";
import { writePiFolder } from "./pi-folder.js";

const browser = useChromium();
let index: string;

beforeAll(async () => {
  const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
  await archive(writePiFolder().root, output);
  index = pathToFileURL(join(output, "index.html")).href;
}, 60_000);

describe("the archive index in Chromium", () => {
  it("sorts text from A on a first click and numbers largest first; aria-sort says which", async () => {
    const page = await browser().newPage();
    const seen = watch(page);
    await page.goto(index);
    const table = page.locator("#sessions-table");
    // What the script sorts by: a cell's data-sort (a title without the quotes a prompt is shown in).
    const column = (n: number) =>
      table
        .locator("tbody tr")
        .evaluateAll(
          (rows, at) => rows.map((row) => (row as HTMLTableRowElement).cells[at]?.dataset.sort ?? ""),
          n,
        );
    const header = (name: string) => table.locator("thead th", { hasText: name });
    // Newest first before any click, and said so.
    expect(await header("Start (UTC)").getAttribute("aria-sort")).toBe("descending");

    await header("Session").locator("button").click();
    expect(await header("Session").getAttribute("aria-sort")).toBe("ascending");
    expect(await header("Start (UTC)").getAttribute("aria-sort")).toBeNull();
    const titles = await column(0);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));

    await header("Cost").locator("button").click();
    expect(await header("Cost").getAttribute("aria-sort")).toBe("descending");
    const costs = await table
      .locator("tbody tr td:nth-child(2)")
      .evaluateAll((cells) => cells.map((cell) => Number((cell as HTMLElement).dataset.sort)));
    expect(costs).toEqual([...costs].sort((a, b) => b - a));

    // A second click turns the order round.
    await header("Cost").locator("button").click();
    expect(await header("Cost").getAttribute("aria-sort")).toBe("ascending");
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it("on a 390 px phone, shows each session's title and cost without scrolling the table", async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(index);
    for (const name of ["Session", "Cost"]) {
      const box = await page.locator("#sessions-table thead th", { hasText: name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
    }
    await page.close();
  });

  it("names every table for assistive tech", async () => {
    const page = await browser().newPage();
    await page.goto(index);
    const names = await page.locator("table").evaluateAll((tables) =>
      tables.map((table) => {
        const id = table.getAttribute("aria-labelledby");
        return id === null ? "" : (document.getElementById(id)?.textContent ?? "");
      }),
    );
    expect(names).toEqual(["Sessions", "By day", "By month", "By project", "By model"]);
    await page.close();
  });
});

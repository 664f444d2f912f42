/** The index in pages of static HTML: every session on exactly one page, each page linking the others. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { renderIndexPages } from "../../src/archive/pages/index-html.js";
import { formatCostWithUnpriced, formatTokens } from "../../src/view/format.js";
import { archive } from "./helpers.js";
import { writePiFolder } from "./pi-folder.js";

describe("the index's pages", () => {
  it("splits 5 sessions 2 a page into index.html, index-2.html and index-3.html", async () => {
    const site = mkdtempSync(join(tmpdir(), "pi-archive-pages-"));
    await archive(writePiFolder().root, site);
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.sessions).toHaveLength(5);
    const pages = renderIndexPages({ ...json, filteredOut: 0 }, null, 2);
    expect(pages.map((page) => page.name)).toEqual(["index.html", "index-2.html", "index-3.html"]);
    const rows = (html: string) => (html.match(/<tr>\n<td class="session"/g) ?? []).length;
    expect(pages.map((page) => rows(page.html))).toEqual([2, 2, 1]);
    expect(pages[2]?.html).toContain("Sessions 5–5 of 5:");
    // Each page marks itself and links the two others.
    expect(pages[1]?.html).toContain(
      '<a href="index.html">1</a> <strong aria-current="page">2</strong> <a href="index-3.html">3</a>',
    );
    // Newest first across the pages, as in one list: the same order as archive.json's.
    const hrefs = pages.flatMap((page) =>
      [...page.html.matchAll(/<td class="session" data-sort="[^"]*"><a href="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(hrefs).toEqual(json.sessions.map((session) => encodeURI(session.report ?? "")));
  });

  it("shows each session's cost and tokens as archive.json counts them", async () => {
    const site = mkdtempSync(join(tmpdir(), "pi-archive-pages-"));
    await archive(writePiFolder().root, site);
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as ArchiveJson;
    const html = readFileSync(join(site, "index.html"), "utf8");
    const cells = [
      ...html.matchAll(
        /<td class="num cost" data-sort="([^"]*)">([^<]*)<[\s\S]*?<td class="num" data-sort="([^"]*)">([^<]*)</g,
      ),
    ].map(([, costSort, cost, tokensSort, tokens]) => ({ costSort, cost, tokensSort, tokens }));
    // Newest first, as archive.json lists them; each cell shows the figure it sorts by, formatted.
    expect(cells).toEqual(
      json.sessions.map((session) => ({
        costSort: String(session.counted.total.cost),
        cost: formatCostWithUnpriced(session.counted.total.cost, session.counted.total.unpricedTokens),
        tokensSort: String(session.counted.total.totalTokens),
        tokens: formatTokens(session.counted.total.totalTokens),
      })),
    );
    expect(cells.some((cell) => cell.cost !== "$0")).toBe(true);
  });

  it("writes one page, with no page links, up to 1,000 sessions", async () => {
    const site = mkdtempSync(join(tmpdir(), "pi-archive-pages-"));
    await archive(writePiFolder().root, site);
    expect(readFileSync(join(site, "index.html"), "utf8")).not.toContain('class="pages"');
  });
});

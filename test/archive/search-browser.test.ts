/**
 * Searching every session from the archive's index in Chromium: a command in a session deep in the list
 * is found, and its result opens the session's page at the entry. Without JavaScript the page is whole and
 * the search absent.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { useChromium, watch } from "../helpers/browser.js";
import { archive } from "./helpers.js";
import { header, jsonl, reply, SONNET, user } from "./pi-folder.js";

const SESSIONS = 300;
/** The session that ran the command: the 271st written. */
const DEEP = 270;
const COMMAND = "terraform apply -target=module.canary_7731";

/** `count` small sessions in 6 project folders; session DEEP ran COMMAND through bash. */
function writeSessions(): string {
  const root = mkdtempSync(join(tmpdir(), "pi-search-sessions-"));
  for (let i = 0; i < SESSIONS; i += 1) {
    const folder = join(root, `--srv-p${i % 6}--`);
    mkdirSync(folder, { recursive: true });
    const at = (second: number) =>
      new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 + second * 1000).toISOString();
    const lines: Record<string, unknown>[] = [
      header(`s${i}`, at(0), `/srv/p${i % 6}`),
      user(`u${i}`, null, at(1), `task number ${i}: tidy the module`),
      reply(`r${i}`, `u${i}`, at(2), SONNET, 10, 1, 0.001),
    ];
    if (i === DEEP) {
      lines.push({
        type: "message",
        id: "call",
        parentId: `r${i}`,
        timestamp: at(3),
        message: {
          role: "assistant",
          content: [{ type: "toolCall", id: "t1", name: "bash", arguments: { command: COMMAND } }],
          provider: SONNET[0],
          model: SONNET[1],
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { total: 0 } },
          stopReason: "toolUse",
          timestamp: Date.parse(at(3)),
        },
      });
    }
    writeFileSync(join(folder, `${at(0).replace(/[:.]/g, "-")}_s${i}.jsonl`), jsonl(lines));
  }
  return root;
}

const browser = useChromium();
let site: string;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "pi-search-site-"));
  await archive(writeSessions(), site);
}, 120_000);

describe("search in the archive's index", () => {
  it("finds a command run in the 271st of 300 sessions, and opens that entry of its page", async () => {
    const page = await browser().newPage();
    const seen = watch(page);
    await page.goto(pathToFileURL(join(site, "index.html")).href);
    await page.locator("#search input").fill("canary_7731");
    const results = page.locator("#search .search-results li");
    await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(1);
    expect(await results.first().textContent()).toContain(COMMAND);
    await results.first().locator("a").click();
    await page.waitForLoadState("load");
    // The session's own page (its file is named after its start, 270 hours after 2025-01-01), at the entry.
    const url = new URL(page.url());
    expect(decodeURIComponent(url.pathname)).toContain("--srv-p0--/2025-01-12T06-00-00-000Z_s270.html");
    expect(url.hash).toBe("#e-call");
    expect(await page.locator("#e-call").count()).toBe(1);
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it("says when nothing is found", async () => {
    const page = await browser().newPage();
    await page.goto(pathToFileURL(join(site, "index.html")).href);
    await page.locator("#search input").fill("nowhere-to-be-found");
    await expect
      .poll(() => page.locator("#search output").textContent(), { timeout: 20_000 })
      .toBe("Nothing found.");
    await page.close();
  });

  it("without JavaScript lists every session and shows no search", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(site, "index.html")).href);
    expect(await page.locator("#search").isVisible()).toBe(false);
    expect(await page.locator("#sessions-table tbody tr").count()).toBe(SESSIONS);
    await context.close();
  });

  it("splits the index into shards, none holding the whole", () => {
    const shards = readdirSync(join(site, "search")).filter((name) => name.startsWith("shard-"));
    expect(shards.length).toBeGreaterThan(1);
  });
});

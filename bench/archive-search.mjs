// Searches a built archive in headless Chromium for a command that session <n> of a generated set ran
// (bench/generate-archive.mjs writes sessions in time order, so the n-th file by name is the n-th written),
// and checks that a result links to that session's page. Prints the query, the hits and the times.
//   node bench/archive-search.mjs <sessions folder> <site> [n = 9000]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { discoverSessionFiles } from "../dist/sessions/discover.js";

const [folder, site, nth = "9000"] = process.argv.slice(2);
const files = discoverSessionFiles(folder).files;
const byName = (file) => file.file.split("/").pop();
const target = [...files].sort((a, b) => (byName(a) < byName(b) ? -1 : 1))[Number(nth) - 1];
const page = `${byName(target).replace(/\.jsonl$/, "")}.html`;

/** The bash commands the session ran, shortest first (a short one is a whole phrase in the index). */
const commands = readFileSync(target.path, "utf8")
  .split("\n")
  .filter(Boolean)
  .flatMap((line) => {
    const content = JSON.parse(line).message?.content;
    return Array.isArray(content)
      ? content.filter((b) => b.type === "toolCall" && typeof b.arguments?.command === "string")
      : [];
  })
  .map((block) => block.arguments.command.replace(/\s+/g, " ").trim())
  .filter((command) => command.length > 8)
  .sort((a, b) => b.length - a.length);

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const tab = await browser.newPage();
let started = performance.now();
await tab.goto(pathToFileURL(join(site, "index.html")).href);
const loadMs = performance.now() - started;
const result = { session: target.file, nth: Number(nth), commands: commands.length, loadMs };
for (const [at, command] of commands.slice(0, 15).entries()) {
  const query = command.slice(0, 120);
  started = performance.now();
  await tab.locator("#search input").fill(query);
  await tab.waitForFunction(
    (q) => {
      const status = document.querySelector("#search output")?.textContent ?? "";
      return document.querySelector("#search input").value === q && /found/.test(status);
    },
    query,
    { timeout: 300_000 },
  );
  const ms = performance.now() - started;
  const hrefs = await tab
    .locator("#search .search-results a")
    .evaluateAll((links) => links.map((a) => a.href));
  const hit = hrefs.find((href) => decodeURIComponent(href).includes(page));
  if (at === 0) result.firstQueryMs = ms;
  if (hit !== undefined) {
    Object.assign(result, {
      found: true,
      query,
      queryMs: ms,
      status: await tab.locator("#search output").textContent(),
      hit,
    });
    await tab.goto(hit);
    result.entryShown = (await tab.locator(new URL(hit).hash).count()) === 1;
    break;
  }
}
console.log(JSON.stringify(result.found ? result : { ...result, found: false }, null, 2));
await browser.close();

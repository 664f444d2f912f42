/// <reference lib="dom" />
/**
 * The archive's search in Chromium, as people type into a code search: part of a word finds it
 * (`ealms` in "shadow-realms", `flow_win` in `reflow_window`, an Arabic word without the prefix written
 * onto it), results stay ranked (the word itself, then words starting with it, then words holding it),
 * a path read four times is one result, right-to-left text keeps its place in a result's line, and the
 * link's underline leaves code's underscores visible.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngOnCanvas, useChromium, watch } from "../helpers/browser.js";
import { archive } from "./helpers.js";
import { header, reply, SONNET, user } from "./pi-folder.js";

type Line = Record<string, unknown>;
const PATH = "src/reflow_window.rs";
const ARABIC = "أضف إشعارات لديسكورد إلى البوت.";

const at = (session: number, second: number) =>
  new Date(Date.UTC(2025, 2, 1, 10 + session) + second * 1000).toISOString();

/** An assistant entry that reads PATH. */
const read = (id: string, parent: string, time: string): Line => ({
  type: "message",
  id,
  parentId: parent,
  timestamp: time,
  message: {
    role: "assistant",
    content: [{ type: "toolCall", id: `t-${id}`, name: "read", arguments: { path: PATH } }],
    provider: SONNET[0],
    model: SONNET[1],
    usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { total: 0 } },
    stopReason: "toolUse",
    timestamp: Date.parse(time),
  },
});

/**
 * Six sessions in /srv/game, one prompt each (the prompt is the session's title):
 * 0 "map the shadow-realms campaign", then four reads of PATH (four entries, one text);
 * 1 ARABIC; 2-4 "resize the window now", "resize the windowed now", "resize the reflowWindow now" (the
 * same length: their scores differ by how the word matches); 5 "an unrelated task".
 */
function writeSessions(): string {
  const root = mkdtempSync(join(tmpdir(), "pi-search-words-"));
  const folder = join(root, "--srv-game--");
  mkdirSync(folder);
  const prompts = [
    "map the shadow-realms campaign",
    ARABIC,
    "resize the window now",
    "resize the windowed now",
    "resize the reflowWindow now",
    "an unrelated task",
  ];
  prompts.forEach((prompt, i) => {
    const lines: Line[] = [
      header(`w${i}`, at(i, 0), "/srv/game"),
      user(`u${i}`, null, at(i, 1), prompt),
      reply(`r${i}`, `u${i}`, at(i, 2), SONNET, 10, 1, 0.001),
    ];
    if (i === 0)
      for (let k = 1; k <= 4; k += 1)
        lines.push(read(`read${k}`, k === 1 ? "r0" : `read${k - 1}`, at(i, 2 + k)));
    const name = `${at(i, 0).replace(/[:.]/g, "-")}_w${i}.jsonl`;
    writeFileSync(join(folder, name), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  });
  return root;
}

const browser = useChromium();
let page: Page;
let seen: ReturnType<typeof watch>;

beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), "pi-search-words-site-"));
  await archive(writeSessions(), site);
  page = await browser().newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
  seen = watch(page);
  await page.goto(pathToFileURL(join(site, "index.html")).href);
}, 120_000);

afterAll(async () => {
  await page?.close();
});

/** The result lines for a query: kind, text, and what follows the text (count and title). */
async function results(query: string): Promise<{ kind: string; text: string; note: string }[]> {
  // Emptied first: the status says nothing until the query's own results are in.
  await page.locator("#search input").fill("");
  await expect.poll(() => page.locator("#search output").textContent()).toBe("");
  await page.locator("#search input").fill(query);
  await expect.poll(() => page.locator("#search output").textContent(), { timeout: 20_000 }).toMatch(/found/);
  return page.locator("#search .search-results li").evaluateAll((items) =>
    items.map((item) => ({
      kind: item.querySelector(".kind")?.textContent ?? "",
      text: item.querySelector("a")?.textContent ?? "",
      note: item.querySelector(".note")?.textContent ?? "",
    })),
  );
}

describe("search inside words", () => {
  it("finds part of a word: ealms in shadow-realms", async () => {
    expect((await results("ealms")).map((hit) => hit.text)).toEqual(["map the shadow-realms campaign"]);
  });

  it("finds code from any part of it, and a path read four times once, counted", async () => {
    for (const query of ["reflow_window", "flow_win", "eflow", "window.rs"]) {
      const hits = (await results(query)).filter((hit) => hit.kind === "path");
      expect(hits, query).toEqual([
        { kind: "path", text: PATH, note: " ×4 in map the shadow-realms campaign" },
      ]);
    }
  });

  it("finds an Arabic word with a prefix written onto it", async () => {
    expect((await results("ديسكورد")).map((hit) => hit.text)).toEqual([ARABIC]);
  });

  it("ranks the word itself, then a word starting with it, then a word holding it", async () => {
    const prompts = (await results("window")).filter((hit) => hit.kind === "prompt");
    expect(prompts.map((hit) => hit.text)).toEqual([
      "resize the window now",
      "resize the windowed now",
      "resize the reflowWindow now",
    ]);
  });

  it("keeps a right-to-left result in order: its text, then ' in ', then its title", async () => {
    await results("ديسكورد");
    const boxes = await page
      .locator("#search .search-results li")
      .first()
      .evaluate((item) => {
        const box = (node: Node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          const rect = range.getBoundingClientRect();
          return { left: rect.left, right: rect.right };
        };
        const note = item.querySelector(".note") as Element;
        const words = Array.from(note.childNodes).find((node) => node.nodeType === Node.TEXT_NODE) as Node;
        const title = Array.from(note.childNodes).find((node) => node !== words) as Node;
        return { link: box(item.querySelector("a") as Node), words: box(words), title: box(title) };
      });
    expect(boxes.link.right).toBeLessThanOrEqual(boxes.words.left + 0.5);
    expect(boxes.words.right).toBeLessThanOrEqual(boxes.title.left + 0.5);
  });

  it("leaves code's underscores visible under the link's underline", async () => {
    await results("reflow_window");
    const link = page.locator("#search .search-results li a", { hasText: PATH }).first();
    // The underscore's column, in the link's own pixels.
    const column = await link.evaluate((a) => {
      const text = a.firstChild as Text;
      const range = document.createRange();
      const at = (text.textContent ?? "").indexOf("_");
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      const char = range.getBoundingClientRect();
      const own = a.getBoundingClientRect();
      return { left: char.left - own.left, right: char.right - own.left };
    });
    // The link's box and a line's height below it, where an underline set lower than usual is drawn.
    const box = await link.boundingBox();
    if (box === null) throw new Error("the result's link has no box");
    const png = await page.screenshot({
      clip: { x: box.x, y: box.y, width: box.width, height: box.height * 2 },
    });
    const viewer = await pngOnCanvas(browser(), png);
    // Rows of ink down the underscore's middle: the underscore and the underline must be two strokes with
    // at least a CSS pixel (two device pixels) of background between them, or they read as one line.
    const strokes = await viewer.evaluate(({ left, right }) => {
      const canvas = document.getElementById("shot") as HTMLCanvasElement;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      const scale = 2;
      const x = Math.round(((left + right) / 2) * scale);
      const { data } = context.getImageData(x, 0, 1, canvas.height);
      const ink = (y: number) =>
        Math.abs((data[y * 4] as number) - (data[0] as number)) +
          Math.abs((data[y * 4 + 1] as number) - (data[1] as number)) +
          Math.abs((data[y * 4 + 2] as number) - (data[2] as number)) >
        60;
      const runs: [number, number][] = [];
      for (let y = 0; y < canvas.height; y += 1) {
        if (!ink(y)) continue;
        const last = runs.at(-1);
        if (last !== undefined && last[1] === y - 1) last[1] = y;
        else runs.push([y, y]);
      }
      return runs;
    }, column);
    await viewer.close();
    expect(strokes).toHaveLength(2);
    const [underscore, underline] = strokes as [[number, number], [number, number]];
    expect(underline[0] - underscore[1] - 1).toBeGreaterThanOrEqual(2);
    expect(seen.errors).toEqual([]);
  });
});

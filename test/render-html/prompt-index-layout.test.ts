/// <reference lib="dom" />
/**
 * The prompt index in Chromium, measured from element boxes at 1280 and 390 px on a session of a local
 * model (fixtures/sessions/local-model-prompts.jsonl): long unpriced costs next to the time, left-to-right
 * and right-to-left prompts. No figure runs into its neighbour or past the table, and a prompt cut short is
 * cut at its end: its number and its beginning show, whichever way it is written.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useChromium, useRenderedReport } from "../helpers/browser.js";
import { FIXTURES, ROOT } from "../helpers/paths.js";

const OUT = `${ROOT}test/.output/prompt-index/`;
const SESSION = `${FIXTURES}sessions/local-model-prompts.jsonl`;
/** The fixture's prompts by number (fixtures/README.md): how each is written, and its cost and time. */
const PROMPTS = [
  { number: 1, rtl: false, long: true, cost: "unpriced (1.79M tokens)", time: "12m 34s" },
  { number: 2, rtl: true, long: true, cost: "unpriced (823k tokens)", time: "3h 05m" },
  { number: 3, rtl: false, long: true, cost: "$0.045 + 512k unpriced tokens", time: "2d 3h" },
  { number: 4, rtl: true, long: false, cost: "usage not recorded", time: "42s" },
  { number: 5, rtl: false, long: false, cost: "$0.014", time: "9s" },
];
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const browser = useChromium();
const url = useRenderedReport(SESSION, `${OUT}local-model-prompts.html`);

/** A box as plain numbers. */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** What one row of the index shows, measured: boxes in viewport pixels. */
interface RowMeasure {
  cells: { text: string; cell: Box; content: Box }[];
  /** Whether the prompt's number, its title's first letter and last letter can be seen (not clipped). */
  numberSeen: boolean;
  firstSeen: boolean;
  lastSeen: boolean;
  /** Whether the title is laid out right to left. */
  rtl: boolean;
}

async function measure(page: Page): Promise<{ rows: RowMeasure[]; frame: Box }> {
  return page.evaluate(() => {
    const plain = (rect: DOMRect) => ({
      left: rect.left,
      right: rect.right,
      top: rect.top,
      bottom: rect.bottom,
    });
    /** True when the character at `at` of a text node lies inside every box that clips it. */
    const seen = (node: Text, at: number, stop: Element) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const char = range.getBoundingClientRect();
      for (
        let box: Element | null = node.parentElement;
        box !== null && box !== stop;
        box = box.parentElement
      ) {
        if (getComputedStyle(box).overflow === "visible") continue;
        const rect = box.getBoundingClientRect();
        if (char.left < rect.left - 0.5 || char.right > rect.right + 0.5) return false;
        if (char.top < rect.top - 0.5 || char.bottom > rect.bottom + 0.5) return false;
      }
      return true;
    };
    const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>("#prompts tbody tr")).map(
      (row) => {
        const cells = Array.from(row.cells)
          .filter((cell) => getComputedStyle(cell).display !== "none")
          .map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return {
              text: cell.textContent ?? "",
              cell: plain(cell.getBoundingClientRect()),
              content: plain(range.getBoundingClientRect()),
            };
          });
        const texts: Text[] = [];
        const walker = document.createTreeWalker(row.cells[0] as Node, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if ((node.textContent ?? "").trim() !== "") texts.push(node as Text);
        // The title is the longest text; the number ("2.") leads it or stands apart before it.
        const title = texts.reduce((a, b) =>
          (b.textContent ?? "").length > (a.textContent ?? "").length ? b : a,
        );
        const text = title.textContent ?? "";
        const apart = texts.find((node) => /^\s*\d+\.\s*$/.test(node.textContent ?? ""));
        const leading = /^\s*\d+\. /.exec(text);
        const number = apart ?? (leading === null ? null : title);
        const firstAt = leading === null ? text.search(/\S/) : leading[0].length;
        return {
          cells,
          numberSeen: number !== null && seen(number, (number.textContent ?? "").search(/\d/), row),
          firstSeen: seen(title, firstAt, row),
          lastSeen: seen(title, text.trimEnd().length - 1, row),
          rtl: (title.parentElement as Element).matches(":dir(rtl)"),
        };
      },
    );
    const frame = document.querySelector("#prompts .table-scroll") as Element;
    return { rows, frame: plain(frame.getBoundingClientRect()) };
  });
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5;

describe.each(VIEWPORTS)("the prompt index at $width px", (viewport) => {
  let rows: RowMeasure[];
  let frame: Box;

  beforeAll(async () => {
    const page = await browser().newPage({ viewport });
    await page.goto(url());
    ({ rows, frame } = await measure(page));
    await page.locator("#prompts").screenshot({ path: `${OUT}prompts-${viewport.width}.png` });
    await page.close();
  });

  it("lists the fixture's prompts with their costs and times", () => {
    expect(rows.map((row) => row.cells.at(-2)?.text)).toEqual(PROMPTS.map((prompt) => prompt.cost));
    expect(rows.map((row) => row.cells.at(-1)?.text)).toEqual(PROMPTS.map((prompt) => prompt.time));
  });

  it("keeps every figure inside its own cell: cost never runs into time", () => {
    for (const [index, row] of rows.entries()) {
      for (const cell of row.cells.slice(1)) {
        if (cell.text === "") continue;
        expect(inside(cell.content, cell.cell), `prompt ${index + 1}: "${cell.text}"`).toBe(true);
      }
      const [cost, time] = row.cells.slice(-2);
      expect((cost?.content.right ?? 0) <= (time?.content.left ?? 0), `prompt ${index + 1}`).toBe(true);
    }
  });

  it("shows every column without scrolling the table", () => {
    for (const row of rows) expect(row.cells.at(-1)?.cell.right).toBeLessThanOrEqual(frame.right + 0.5);
  });

  it("shows each prompt's number and beginning; a long one is cut at its end, whichever its direction", () => {
    for (const [index, prompt] of PROMPTS.entries()) {
      const row = rows[index] as RowMeasure;
      const what = `prompt ${prompt.number}`;
      expect(row.rtl, what).toBe(prompt.rtl);
      expect(row.numberSeen, `${what}: its number`).toBe(true);
      expect(row.firstSeen, `${what}: its first letter`).toBe(true);
      expect(row.lastSeen, `${what}: its last letter`).toBe(!prompt.long);
    }
  });
});

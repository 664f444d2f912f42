/**
 * `PageSpeed.phase`: the command tunes V8 by the page's phase (speed/machinery/tier-up.ts) and sends the
 * report thread its last blocks at "templates", so the hook must come at the phases' edges, in order, once
 * each, and never change the page.
 */
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/index.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

describe("PageSpeed.phase", () => {
  it("is told 'model', 'render' before any highlighting, 'templates' after all of it; the page is unchanged", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`);
    const events: string[] = [];
    const html = await renderHtml(analysis, {
      speed: { phase: (phase) => events.push(phase) },
      onProgress: () => events.push("progress"),
    });
    expect(events.slice(0, 2)).toEqual(["model", "render"]);
    expect(events.at(-1)).toBe("templates");
    // every-tool.jsonl has blocks to highlight: progress is reported, all of it between the two.
    const between = events.slice(2, -1);
    expect(between.length).toBeGreaterThan(0);
    expect(new Set(between)).toEqual(new Set(["progress"]));
    expect(html).toBe(await renderHtml(analysis));
  });
});

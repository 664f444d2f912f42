/**
 * `HtmlOptions.onPhase`: the command tunes V8 by the page's phase (tier-up.ts), so the hook must come at the
 * phases' edges, in order, and never change the page.
 */
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/index.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

describe("onPhase", () => {
  it("is told 'model', then 'render' before any highlighting, once each; the page is unchanged", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`);
    const events: string[] = [];
    const html = await renderHtml(analysis, {
      onPhase: (phase) => events.push(phase),
      onProgress: () => events.push("progress"),
    });
    expect(events.slice(0, 2)).toEqual(["model", "render"]);
    // every-tool.jsonl has blocks to highlight: progress is reported, all of it after the models.
    expect(events.length).toBeGreaterThan(2);
    expect(new Set(events.slice(2))).toEqual(new Set(["progress"]));
    expect(html).toBe(await renderHtml(analysis));
  });
});

/**
 * The tokenizers (shiki's engine and grammars, Lezer's parsers: tokenize-block.ts) are loaded where blocks
 * are tokenized and nowhere else: a page whose report thread tokenizes for it never loads them in its own
 * thread, where loading them delayed the start of the report thread itself.
 */
import { describe, expect, it, vi } from "vitest";
import { renderHtml } from "../../src/index.js";
import { startReportThread } from "../../src/speed/machinery/report-thread.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

// Counts the loads of the module in this thread (the report thread runs the built bundle, not these sources).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/render/primitives/highlight/tokenize-block.js", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

describe("where the tokenizers are loaded", () => {
  it("not in the page's thread when the report thread tokenizes; there when it tokenizes itself", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`);
    const thread = startReportThread();
    let threaded: string;
    try {
      threaded = await renderHtml(analysis, { speed: thread });
      expect(thread.done().blocks).toBeGreaterThan(0);
    } finally {
      await thread.close();
    }
    expect(loads.count).toBe(0);
    // The same page from this thread alone: the tokenizers are loaded here now, which the count sees.
    expect(await renderHtml(analysis)).toBe(threaded);
    expect(loads.count).toBe(1);
  }, 60_000);
});

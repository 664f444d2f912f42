/**
 * The markdown pipeline (markdown-it, unified, the sanitizer) is loaded in the page's thread only when a text
 * is rendered there.
 */
import { describe, expect, it, vi } from "vitest";
import { renderHtml } from "../../src/index.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

// Counts the pipeline's loads in this thread, and records each text it renders.
const pipeline = vi.hoisted(() => ({ loads: 0, texts: [] as string[] }));
vi.mock("../../src/render/primitives/markdown/markdown-parts.js", async (importOriginal) => {
  pipeline.loads += 1;
  const actual =
    await importOriginal<typeof import("../../src/render/primitives/markdown/markdown-parts.js")>();
  return {
    ...actual,
    markdownParts: (text: string, idPrefix?: string) => {
      pipeline.texts.push(text);
      return actual.markdownParts(text, idPrefix);
    },
  };
});

describe("the markdown pipeline in the page's thread", () => {
  it("is loaded when a text is formatted there, not before", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`);
    // No markdown formatted (all of it shown as written): nothing loads the pipeline.
    await renderHtml(analysis, { markdownChars: 0 });
    expect(pipeline.loads).toBe(0);
    await renderHtml(analysis);
    expect(pipeline.loads).toBe(1);
    expect(pipeline.texts.length).toBeGreaterThan(0);
  });
});

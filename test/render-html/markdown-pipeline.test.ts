/**
 * The markdown pipeline (markdown-it, unified, the sanitizer) is loaded in the page's thread only when a text
 * is rendered there; and the texts the report thread renders ahead (`likelyMarkdown`) are those the page
 * formats, so that on a page whose markdown all came from the thread it is never loaded.
 */
import { describe, expect, it, vi } from "vitest";
import { renderHtml } from "../../src/index.js";
import { likelyMarkdown } from "../../src/render/html/likely-markdown.js";
import { mayHaveFootnotes } from "../../src/render/primitives/markdown/footnotes.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

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

  const sessions = [
    `${FIXTURES}sessions/every-tool.jsonl`,
    // Sub-agent runs whose tasks and transcripts are markdown.
    `${FIXTURES}sessions/markdown-attacks.jsonl`,
    `${CORPUS}real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl`,
    `${CORPUS}real/pi-mono__before-compaction.jsonl`,
  ];
  for (const path of sessions) {
    it(`is sent ahead every text the page formats: ${path.split("/").pop()}`, async () => {
      const analysis = analyzeAsRead(path);
      pipeline.texts.length = 0;
      await renderHtml(analysis, { markdownChars: Number.POSITIVE_INFINITY });
      const formatted = pipeline.texts.filter((text) => !mayHaveFootnotes(text));
      expect(formatted.length).toBeGreaterThan(0);
      const guess = new Set(
        likelyMarkdown(
          analysis.tree.entries.map((entry) => entry.body),
          Infinity,
        ),
      );
      expect(formatted.filter((text) => !guess.has(text))).toEqual([]);
    }, 60_000);
  }
});

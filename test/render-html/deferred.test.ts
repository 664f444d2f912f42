/** A reply Pi 1.x recorded as `deferred` (the provider answers later) says so, instead of showing as empty. */
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

describe("a deferred reply", () => {
  it("is shown as deferred: pi16-api-edge.jsonl, written by Pi 1.6, holds one", async () => {
    const html = await renderHtml(analyzeAsRead(`${FIXTURES}pi16/pi16-api-edge.jsonl`), {
      sourcePath: "pi16-api-edge.jsonl",
    });
    expect(html.match(/Deferred: the provider answers later/g)).toHaveLength(1);
  });
  it("is shown as deferred in the Markdown report too", async () => {
    const { markdown } = await renderMarkdown(analyzeAsRead(`${FIXTURES}pi16/pi16-api-edge.jsonl`));
    expect(markdown.match(/Deferred: the provider answers later/g)).toHaveLength(1);
  });
});

/**
 * Every session the tests know (the real corpus and the hand-made fixtures) gives every shape. The short
 * summary fits on one screen (6,000 characters), the full one in a GitHub comment (65,536); read back as
 * GitHub would, each holds no markup from the session, every tool output sits whole in a code block of
 * the transcript, and the totals tables have the JSON report's numbers.
 */
import { basename, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../../src/index.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { buildReportView } from "../../src/view/report-view.js";
import { allSessionFiles } from "../helpers/all-sessions.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { ROOT } from "../helpers/paths.js";
import { parseMarkdown, toolOutputs } from "./markdown-tree.js";
import {
  expectCompactTotalsMatchJson,
  expectInert,
  expectOutputsInCode,
  expectTotalsMatchJson,
} from "./round-trip.js";

describe.each(allSessionFiles().map((file) => [relative(ROOT, file), file]))("%s", (_name, file) => {
  it("gives a short summary within 6,000 characters, a full one within 65,536 and a transcript, all inert and true to the JSON totals", async () => {
    const analysis = analyzeAsRead(file);
    const json = buildJsonReport(analysis);
    const assetsDir = `${basename(file)}.md.assets`;

    const short = await renderMarkdown(analysis, { sourcePath: file, summary: "short" });
    expect(short.markdown.length).toBeLessThanOrEqual(6_000);
    expect(short.assets).toEqual([]);
    const shortTree = parseMarkdown(short.markdown);
    expectInert(shortTree);
    expectCompactTotalsMatchJson(shortTree, json);

    const summary = await renderMarkdown(analysis, { sourcePath: file, summary: "full" });
    expect(summary.markdown.length).toBeLessThanOrEqual(65_536);
    expect(summary.assets).toEqual([]);
    const summaryTree = parseMarkdown(summary.markdown);
    expectInert(summaryTree);
    expectTotalsMatchJson(summaryTree, json);

    const full = await renderMarkdown(analysis, { sourcePath: file, assetsDir });
    const fullTree = parseMarkdown(full.markdown);
    expectInert(fullTree, assetsDir);
    expectTotalsMatchJson(fullTree, json);
    expectOutputsInCode(fullTree, toolOutputs(buildReportView(analysis, file).transcript));
    // Every image file is linked from the report, and named in reading order.
    expect(full.assets.map((asset) => asset.path)).toEqual(
      full.assets.map((_, at) =>
        expect.stringMatching(
          new RegExp(`^${assetsDir.replaceAll(".", "\\.")}/img-${String(at + 1).padStart(3, "0")}\\.`),
        ),
      ),
    );
    for (const asset of full.assets)
      expect(full.markdown).toContain(`](${encodeURIComponent(assetsDir)}/${basename(asset.path)})`);
  });
});

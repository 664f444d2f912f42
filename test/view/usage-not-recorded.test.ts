/**
 * Usage that was never recorded is not $0: pi16-usage.jsonl (written by Pi 1.6) holds two replies of a local
 * model whose server recorded no usage (Pi writes zeros), and one whose routing failed before any provider
 * was asked (zeros too: nothing was billed, which a failed request says by failing). Two model calls of six
 * in the file are unrecorded; the priced ones cost $0.070 (Pi's footer).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeSession, buildJsonReport, parseSessionBytes } from "../../src/index.js";
import { chartSvg } from "../../src/render/html/chart-svg.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { chartView } from "../../src/view/chart-view.js";
import { formatCostWithUnpriced } from "../../src/view/format.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

const FILE = `${FIXTURES}pi16/pi16-usage.jsonl`;
/** The header and the first two replies: only the local model, which recorded nothing. */
const LOCAL_ONLY = readFileSync(FILE, "utf8").split("\n").slice(0, 7).join("\n");

describe("usage that was never recorded", () => {
  it("is counted as model calls with usage not recorded, in the JSON report's totals", () => {
    const report = buildJsonReport(analyzeAsRead(FILE));
    expect(report.usage.total.unrecordedTurns).toBe(2);
    expect(report.usage.total.turns).toBe(6);
    const local = report.usage.byModel.find((row) => row.model === "qwen3-coder");
    expect(local).toMatchObject({ turns: 2, unrecordedTurns: 2, totalTokens: 0, unpricedTokens: 0 });
  });

  it("is worded as not recorded, never $0, in the words of a cost", () => {
    expect(formatCostWithUnpriced(0, 0, 2)).toBe("usage not recorded");
    expect(formatCostWithUnpriced(0.07, 0, 3)).toBe("$0.070 + 3 calls with usage not recorded");
    expect(formatCostWithUnpriced(0, 6300, 1)).toBe(
      "unpriced (6.30k tokens) + 1 call with usage not recorded",
    );
  });

  it("says so on each such reply's card and in the HTML usage tables", async () => {
    const html = await renderHtml(analyzeAsRead(FILE), { sourcePath: "pi16-usage.jsonl" });
    const cards = html.match(/<span class="usage-badge usage-unrecorded"[^>]*>usage not recorded<\/span>/g);
    expect(cards).toHaveLength(2);
    expect(html).not.toMatch(/>0 tokens · \$0/);
    expect(html).toContain("$0.070 + 2 calls with usage not recorded");
  });

  it("says so in the Markdown report's table, its replies and the PR summary", async () => {
    const { markdown } = await renderMarkdown(analyzeAsRead(FILE));
    expect(markdown).toMatch(/\| `ollama\/qwen3-coder` +\|(?: +0 \|){5} +usage not recorded \| +2 \|/);
    expect(markdown).toMatch(/\| of which usage not recorded +\|(?: +— \|){5} +usage not recorded \| +2 \|/);
    expect(markdown.match(/`ollama\/qwen3-coder` ·(?: thinking `low` ·)? usage not recorded/g)).toHaveLength(
      2,
    );
    const summary = (await renderMarkdown(analyzeAsRead(FILE), { summary: "full" })).markdown;
    expect(summary).toContain("of which usage not recorded");
    const short = (await renderMarkdown(analyzeAsRead(FILE), { summary: "short" })).markdown;
    expect(short).toMatch(/\| `ollama\/qwen3-coder` +\| +0 \| +usage not recorded \| +2 \|/);
    expect(short).toMatch(
      /\| \*\*Total\*\* +\|.*\*\*\$0\.070 \+ 2 calls with usage not recorded\*\* \| +\*\*6\*\* \|/,
    );
  });

  it("draws no axis of tokens nobody recorded (not '1 tokens')", () => {
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(LOCAL_ONLY), "local.jsonl"));
    const anchors = analysis.tree.entries.map((_, index) => `e${index}`);
    const svg = chartSvg(chartView(analysis, anchors));
    expect(svg).not.toMatch(/\b[01] tokens/);
    expect(svg).toContain(">usage not recorded</text>");
    expect(svg.match(/chart-point chart-unrecorded/g)).toHaveLength(2);
    expect(svg.match(/<title>turn \d: usage not recorded<\/title>/g)).toHaveLength(2);
  });
});

/**
 * What Pi 1.x records about each reply: the router that picked its model (a virtual model,
 * docs/virtual-models.md), its own thinking level, reasoning and one-hour cache-write tokens, a total the
 * provider billed. pi16-usage.jsonl and pi16-rpc-main.jsonl were written by Pi 1.6 itself.
 */
import { describe, expect, it } from "vitest";
import { buildJsonReport } from "../../src/index.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

const USAGE = `${FIXTURES}pi16/pi16-usage.jsonl`;
const RPC_MAIN = `${FIXTURES}corpus/pi-1.6/pi16-rpc-main.jsonl`;

describe("a virtual model", () => {
  it("never gets a price row: its replies are the physical models', a failed routing the model in use", () => {
    const rows = buildJsonReport(analyzeAsRead(USAGE)).usage.byModel;
    expect(rows.map((row) => `${row.provider}/${row.model}`).sort()).toEqual([
      "anthropic/claude-fable-5-2",
      "ollama/qwen3-coder",
    ]);
    // Two replies, the compaction and the reply whose routing failed (no model named, Fable in use).
    expect(rows.find((row) => row.model === "claude-fable-5-2")?.turns).toBe(4);
  });

  it("is named in the header as the router, apart from the models that answered", async () => {
    // Pi 1.6 selected router/auto in both files (a pi.virtual-model-state entry names it); no other router.
    for (const file of [USAGE, RPC_MAIN]) {
      const html = await renderHtml(analyzeAsRead(file), { sourcePath: "s.jsonl" });
      expect(html).toContain(
        '<dt>Routed by</dt><dd><code>router/auto</code> <span class="muted">(a virtual model)</span></dd>',
      );
      const models = /<dt>Models<\/dt><dd>(.*?)<\/dd>/.exec(html)?.[1] ?? "";
      expect(models).not.toContain("router/auto");
      const { markdown } = await renderMarkdown(analyzeAsRead(file), { sourcePath: "s.jsonl" });
      expect(markdown).toContain("**Routed by:** `router/auto` (a virtual model)");
    }
    // A session that never went through a router says nothing of one.
    const plain = await renderHtml(analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`), {
      sourcePath: "e",
    });
    expect(plain).not.toContain("Routed by");
  });

  it("never gets a price row in a session Pi ran through its router (RPC)", () => {
    const rows = buildJsonReport(analyzeAsRead(RPC_MAIN)).usage.byModel;
    expect(rows.some((row) => row.provider === "router" || row.model === "auto")).toBe(false);
  });

  it("is shown as the router it is, beside the model of each reply it routed", async () => {
    const html = await renderHtml(analyzeAsRead(RPC_MAIN), { sourcePath: "pi16-rpc-main.jsonl" });
    // Lines 42 and 48 were routed by router/auto to mock/mock-big; nothing before the router was selected.
    expect(
      html.match(
        /<code>mock\/mock-big<\/code> <span class="muted">routed by<\/span> <code>router\/auto<\/code>/g,
      ),
    ).toHaveLength(2);
    expect(html.match(/routed by/g)).toHaveLength(2);
    expect(
      html.match(/Model set to <code>router\/auto<\/code> <span class="muted">\(a virtual model/g),
    ).toHaveLength(2);
  });

  it("says so where its routing failed, in HTML and Markdown", async () => {
    const html = await renderHtml(analyzeAsRead(USAGE), { sourcePath: "pi16-usage.jsonl" });
    expect(html).toContain(
      '<code>router/auto</code> <span class="muted">(a virtual model: its routing failed, no model answered)</span>',
    );
    const { markdown } = await renderMarkdown(analyzeAsRead(USAGE));
    expect(markdown).toContain("_`router/auto` · a virtual model: its routing failed, no model answered ·");
    expect(markdown.match(/`anthropic\/claude-fable-5-2` · routed by `router\/auto`/g)).toHaveLength(1);
  });
});

describe("a reply's own details", () => {
  it("shows a reply's thinking level only where it is not the session's", async () => {
    const { markdown } = await renderMarkdown(analyzeAsRead(USAGE));
    // Session: medium, then high under the router. Replies: medium, low, medium, medium (routed), high.
    expect(markdown.match(/· thinking `[a-z]+`/g)).toEqual(["· thinking `low`", "· thinking `medium`"]);
    const rpc = (await renderMarkdown(analyzeAsRead(RPC_MAIN))).markdown;
    // Pi's own RPC session: every reply asked at the session's level, except the two the router sent at medium.
    expect(rpc.match(/· thinking `[a-z]+`/g)).toEqual(["· thinking `medium`", "· thinking `medium`"]);
    const html = await renderHtml(analyzeAsRead(USAGE), { sourcePath: "pi16-usage.jsonl" });
    expect(html.match(/<span class="muted">thinking<\/span> <code>[a-z]+<\/code>/g)).toEqual([
      '<span class="muted">thinking</span> <code>low</code>',
      '<span class="muted">thinking</span> <code>medium</code>',
    ]);
  });

  it("shows reasoning, one-hour cache writes and a billed total apart from its parts", async () => {
    const { markdown } = await renderMarkdown(analyzeAsRead(USAGE));
    // 2,000 + 500 + 4,000 + 3,000 tokens; parts $0.01 + $0.0125 + $0.002 + $0.0225 = $0.047, billed $0.040.
    expect(markdown).toContain(
      "9.50k tokens · 200 reasoning · 1.00k cache write 1h · $0.040 billed by the provider (its rates give $0.047)",
    );
    const html = await renderHtml(analyzeAsRead(USAGE), { sourcePath: "pi16-usage.jsonl" });
    expect(html).toContain(
      "9.50k tokens · 200 reasoning · 1.00k cache write 1h · $0.040 billed by the provider (its rates give $0.047)",
    );
  });

  it("counts reasoning and one-hour cache writes in the JSON report's totals", () => {
    const report = buildJsonReport(analyzeAsRead(USAGE));
    expect(report.usage.total).toMatchObject({ reasoning: 200, cacheWrite1h: 1000, output: 800 });
    // pi16-rpc-main.jsonl: Pi's mock recorded 12 reasoning tokens on each of the first four replies.
    expect(buildJsonReport(analyzeAsRead(RPC_MAIN)).usage.total.reasoning).toBe(48);
  });
});

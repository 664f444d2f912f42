/**
 * Highlighting in the report thread (startReportThread) while the page is built: the report must be byte
 * for byte the one rendered in one thread, on every budget, and survive the thread dying.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/index.js";
import type { TokenizeRequest } from "../../src/render/primitives/highlight/deferred-tokenizer.js";
import { plainLines } from "../../src/render/primitives/highlight/tokens-to-html.js";
import { DeferredTokenizer } from "../../src/speed/machinery/deferred-tokenizer.js";
import { startReportThread } from "../../src/speed/machinery/report-thread.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { runCli } from "../helpers/cli.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const SESSIONS = [
  `${FIXTURES}sessions/every-tool.jsonl`,
  `${FIXTURES}sessions/markdown-attacks.jsonl`,
  // The largest real file: hundreds of commands and diffs in several languages.
  `${CORPUS}real/pi-mono__before-compaction.jsonl`,
];

/** The report rendered with a report thread, which must have tokenized some of it itself. */
async function withThread(path: string, budget?: { totalChars: number }): Promise<string> {
  const thread = startReportThread();
  try {
    const html = await renderHtml(analyzeAsRead(path), {
      speed: thread,
      ...(budget ? { budget } : {}),
    });
    // Not the same bytes by the fallback: the thread answered, and never failed.
    expect(thread.done().blocks).toBeGreaterThan(0);
    expect(thread.failure()).toBeNull();
    return html;
  } finally {
    await thread.close();
  }
}

describe("highlighting in the report thread", () => {
  for (const path of SESSIONS) {
    it(`renders the same bytes as one thread: ${path.split("/").pop()}`, async () => {
      const alone = await renderHtml(analyzeAsRead(path));
      const threaded = await withThread(path);
      expect(threaded).toBe(alone);
      // Not equal by showing nothing: code was highlighted, and no marker is left.
      expect(threaded).toMatch(/<span class="hl-\d+">/);
      expect(threaded).not.toContain("\0");
    }, 60_000);
  }

  it("lets through exactly what the budget does when the budget runs out half way", async () => {
    const path = SESSIONS[2] as string;
    // Small enough that most blocks fall back to plain text, large enough that some are highlighted.
    const budget = { totalChars: 3_000 };
    const alone = await renderHtml(analyzeAsRead(path), { budget });
    expect(await withThread(path, budget)).toBe(alone);
    const highlighted = alone.match(/<span class="hl-\d+">/g)?.length ?? 0;
    expect(highlighted).toBeGreaterThan(0);
    expect(highlighted).toBeLessThan(
      (await renderHtml(analyzeAsRead(path))).match(/<span class="hl-\d+">/g)?.length ?? 0,
    );
  }, 60_000);

  it("finishes the page itself when the thread is gone", async () => {
    const path = SESSIONS[0] as string;
    const thread = startReportThread();
    await thread.close();
    // Closed on purpose: not a failure to report.
    expect(thread.failure()).toBeNull();
    const html = await renderHtml(analyzeAsRead(path), { speed: thread });
    expect(html).toBe(await renderHtml(analyzeAsRead(path)));
  }, 60_000);
});

describe("the command", () => {
  it("highlights in place with --template, where a template may escape what the thread would fill in", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-thread-"));
    // Double braces: this template shows the command block's HTML as text.
    writeFileSync(join(dir, "tool-bash.hbs"), '<div class="command">{{command.html}}</div>\n');
    const out = join(dir, "report.html");
    const { code } = await runCli([SESSIONS[0] as string, "--template", dir, "-o", out]);
    expect(code).toBe(0);
    const html = readFileSync(out, "utf8");
    // The highlighted block, escaped by the template as it asked; no placeholder left or filled in raw.
    expect(html).toContain(
      "&lt;pre class&#x3D;&quot;shiki&quot;&gt;&lt;code&gt;&lt;span class&#x3D;&quot;hl-",
    );
    expect(html).not.toContain("\0");
  }, 60_000);
});

describe("DeferredTokenizer", () => {
  function recorder() {
    const sent: TokenizeRequest[] = [];
    return { sent, tokenizer: new DeferredTokenizer((batch) => sent.push(...batch)) };
  }

  it("answers with one marker per line, splitting as shiki does (\\n and \\r\\n)", async () => {
    const { tokenizer } = recorder();
    const [markers] = await tokenizer.tokenize(["a\r\nb\nc"], "ts");
    expect(markers).toHaveLength(3);
    for (const marker of markers ?? []) expect(marker).toMatch(/^\0[0-9a-f]{16}:0:0:\d\0$/);
  });

  it("asks for each (language, code) once, however often it is shown", async () => {
    const { sent, tokenizer } = recorder();
    await tokenizer.tokenize(["x"], "ts");
    await tokenizer.tokenize(["x"], "ts");
    await tokenizer.tokenize(["x", "y"], "ts");
    await tokenizer.tokenize(["x"], "json");
    void tokenizer.settle();
    expect(sent.map(({ id, code }) => `${id}:${code}`)).toEqual(["ts:x", "ts:y", "json:x"]);
    expect(tokenizer.unanswered()).toHaveLength(3);
  });

  it("fills markers with the answers, and a group with a failed block with plain lines", async () => {
    const { sent, tokenizer } = recorder();
    const [single] = await tokenizer.tokenize(["<a>\nb"], "ts");
    const pair = await tokenizer.tokenize(["<a>\nb", "c & d"], "ts");
    const settled = tokenizer.settle();
    // The first block tokenizes; the second (only in the pair) fails.
    tokenizer.receive([{ block: sent[0]?.block ?? -1, lines: ["A1", "A2"] }]);
    tokenizer.receive([{ block: sent[1]?.block ?? -1, lines: null }]);
    await settled;
    const page = [
      `<p>${single?.join("|")}</p>`,
      `<q>${pair.map((lines) => lines.join("|")).join("#")}</q>`,
      "none",
    ];
    // A part comes back as pieces that join to it filled.
    const filled = page.map((part) => tokenizer.fill([part]).join(""));
    expect(filled[0]).toBe("<p>A1|A2</p>");
    // The pair is all or nothing: its first block is shown plain too, as a diff coloured on one side is not.
    expect(filled[1]).toBe(`<q>${plainLines("<a>\nb").join("|")}#${plainLines("c & d").join("|")}</q>`);
    expect(filled[2]).toBe("none");
  });

  it("tells apart groups whose codes join to the same text", async () => {
    const { sent, tokenizer } = recorder();
    const one = await tokenizer.tokenize(["A\0B", "C"], "ts");
    const two = await tokenizer.tokenize(["A", "B\0C"], "ts");
    void tokenizer.settle();
    tokenizer.receive(sent.map(({ block, code }) => ({ block, lines: [`<${code}>`] })));
    const filled = [one, two].map((lines) => tokenizer.fill([lines.join("|")]).join(""));
    // Each diff shows its own sides: an added line must not read as removed.
    expect(filled).toEqual(["<A\0B>|<C>", "<A>|<B\0C>"]);
  });

  it("leaves a marker it did not make alone (session text cannot forge one)", async () => {
    const { tokenizer } = recorder();
    await tokenizer.tokenize(["x"], "ts");
    const forged = "\u00000123456789abcdef:0:0:0\u0000";
    expect(tokenizer.fill([forged])).toEqual([forged]);
  });

  it("fills markers at either end of a piece, side by side, and leaves a cut-off one as it is", async () => {
    const { sent, tokenizer } = recorder();
    const [lines] = await tokenizer.tokenize(["a\nb\nc"], "ts");
    const [a, b, c] = lines ?? [];
    const settled = tokenizer.settle();
    tokenizer.receive([{ block: sent[0]?.block ?? -1, lines: ["A", "B", "C"] }]);
    await settled;
    const cut = (c ?? "").slice(0, -1);
    const page = [`${a}${b}`, `[${c}]`, `${a}`, "", `x${cut}`];
    expect(tokenizer.fill(page).join("")).toBe(`AB[C]Ax${cut}`);
  });

  it("sends what is batched on flush, before anyone waits for it", async () => {
    const { sent, tokenizer } = recorder();
    await tokenizer.tokenize(["x"], "ts");
    await tokenizer.tokenize(["y"], "ts");
    // Two short blocks: under a batch, so nothing has gone yet.
    expect(sent).toHaveLength(0);
    tokenizer.flush();
    expect(sent.map(({ code }) => code)).toEqual(["x", "y"]);
    tokenizer.flush();
    expect(sent).toHaveLength(2);
    expect(tokenizer.unanswered()).toHaveLength(2);
  });
});

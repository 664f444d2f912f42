/**
 * The Markdown report can render a share of its entries in the report thread (entry-share.ts). The
 * report must be byte for byte the one rendered in one thread, images numbered as ever, and a thread that
 * cannot answer must cost nothing but time.
 */
import { describe, expect, it } from "vitest";
import type { EntrySettings } from "../../src/render/markdown/entry-context.js";
import { readingOrder, remoteShare, renderEntries } from "../../src/render/markdown/entry-share.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { startReportThread } from "../../src/speed/machinery/report-thread.js";
import type { EntryView, TranscriptNode } from "../../src/view/entry-view.js";
import { buildReportView } from "../../src/view/report-view.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const SESSIONS = [
  // Images in a prompt and in a tool result; every tool's card.
  `${FIXTURES}sessions/every-tool.jsonl`,
  // Sub-agent runs, whose messages are rendered inside their tool's entry.
  `${FIXTURES}sessions/subagents.jsonl`,
  // Hostile text everywhere, and an abandoned branch folded into the transcript.
  `${FIXTURES}sessions/markdown-attacks.jsonl`,
  // A real session with images, hundreds of entries.
  `${CORPUS}real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl`,
];

/** What another thread gets: a copy of the entries (as postMessage copies them), rendered there. */
const copied = async (entries: readonly EntryView[], settings: EntrySettings) =>
  renderEntries(structuredClone(entries), structuredClone(settings));

const hasImage = (entry: EntryView) => JSON.stringify(entry).includes('"images":[{');

const size = (list: readonly EntryView[]) =>
  list.reduce((sum, entry) => sum + JSON.stringify(entry).length, 0);

/** An entry's strings of 64 characters or more, found by reading its JSON back. */
function longStrings(entry: EntryView): string[] {
  const found: string[] = [];
  JSON.parse(JSON.stringify(entry), (_key, value) => {
    if (typeof value === "string" && value.length >= 64) found.push(value);
    return value;
  });
  return found;
}

describe("a share of the Markdown report's entries rendered elsewhere", () => {
  for (const path of SESSIONS) {
    it(`gives the same bytes and images: ${path.split("/").pop()}`, async () => {
      const options = { assetsDir: "report.md.assets" };
      const alone = await renderMarkdown(analyzeAsRead(path), options);
      let sent = 0;
      const shared = await renderMarkdown(analyzeAsRead(path), {
        ...options,
        speed: {
          markdownEntries: (entries, settings) => {
            sent += entries.length;
            return copied(entries, settings);
          },
        },
      });
      expect(sent).toBeGreaterThan(0);
      expect(shared.markdown).toBe(alone.markdown);
      expect(shared.assets).toEqual(alone.assets);
    });
  }

  it("renders everything itself when the other thread cannot answer, or answers short", async () => {
    const path = SESSIONS[0] as string;
    const alone = await renderMarkdown(analyzeAsRead(path));
    const failed = await renderMarkdown(analyzeAsRead(path), {
      speed: { markdownEntries: async () => null },
    });
    const rejected = await renderMarkdown(analyzeAsRead(path), {
      speed: { markdownEntries: () => Promise.reject(new Error("gone")) },
    });
    const short = await renderMarkdown(analyzeAsRead(path), {
      speed: { markdownEntries: async (entries, settings) => (await copied(entries, settings)).slice(1) },
    });
    for (const report of [failed, rejected, short]) expect(report.markdown).toBe(alone.markdown);
  });

  it("sends only entries without an image, about the share of the characters asked", () => {
    const view = buildReportView(analyzeAsRead(`${CORPUS}real/pi-mono__compact.jsonl`), null);
    const entries = readingOrder(view.transcript);
    const withImages = entries.filter(hasImage);
    expect(withImages.length).toBeGreaterThan(0);
    const away = remoteShare(entries, 0.4);
    for (const entry of withImages) expect(away.has(entry)).toBe(false);
    const share = size([...away]) / size(entries);
    // Characters of strings are weighed, not JSON: near the share, not on it.
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.5);
  });

  it("never gives both threads the same long text: a session that repeats itself is split between its copies", () => {
    // A branch that re-sends the whole conversation: every text twice, the copies last in reading order.
    const view = buildReportView(analyzeAsRead(`${CORPUS}real/pi-mono__compact.jsonl`), null);
    const once = readingOrder(view.transcript);
    const entries = [...once, ...structuredClone(once)];
    const away = remoteShare(entries, 0.4);
    const textsOf = (list: readonly EntryView[]) => new Set(list.flatMap(longStrings));
    const sentTexts = textsOf(entries.filter((entry) => away.has(entry)));
    const keptTexts = textsOf(entries.filter((entry) => !away.has(entry)));
    expect(sentTexts.size).toBeGreaterThan(0);
    expect([...sentTexts].filter((text) => keptTexts.has(text))).toEqual([]);
    // Each text's work is counted once: the other thread still gets about its share of the distinct texts.
    const chars = (texts: Set<string>) => [...texts].reduce((sum, text) => sum + text.length, 0);
    const share = chars(sentTexts) / chars(textsOf(entries));
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.5);
  });

  it("reads folded branches in reading order, each entry once", () => {
    const entry = (id: string) => ({ id }) as unknown as EntryView;
    const [a, b, c, d] = [entry("a"), entry("b"), entry("c"), entry("d")];
    const fold = (nodes: TranscriptNode[]): TranscriptNode =>
      ({ kind: "fold", reason: "abandoned", summary: {}, nodes }) as unknown as TranscriptNode;
    const nodes: TranscriptNode[] = [
      { kind: "entry", entry: a as EntryView },
      fold([{ kind: "entry", entry: b as EntryView }, fold([{ kind: "entry", entry: c as EntryView }])]),
      { kind: "entry", entry: d as EntryView },
    ];
    expect(readingOrder(nodes).map((view) => view.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("is the same report through the real report thread", async () => {
    const path = SESSIONS[3] as string;
    const alone = await renderMarkdown(analyzeAsRead(path));
    const thread = startReportThread({ highlight: false, redact: false, markdown: true });
    try {
      let answered = 0;
      const shared = await renderMarkdown(analyzeAsRead(path), {
        speed: {
          markdownEntries: async (entries, settings) => {
            const result = await thread.markdownEntries(entries, settings);
            answered += result?.length ?? 0;
            return result;
          },
        },
      });
      expect(answered).toBeGreaterThan(0);
      expect(thread.failure()).toBeNull();
      expect(shared.markdown).toBe(alone.markdown);
    } finally {
      await thread.close();
    }
  }, 60_000);
});

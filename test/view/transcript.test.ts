import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../../src/index.js";
import { entryAnchors } from "../../src/view/anchors.js";
import type { TranscriptNode } from "../../src/view/entry-view.js";
import { buildReportView } from "../../src/view/report-view.js";
import { allSessionFiles } from "../helpers/all-sessions.js";
import { analyzeAsRead, analyzeFixture } from "../helpers/analyze.js";

/** Anchors in reading order: entries, and the results shown inside their calls. */
function anchorsIn(nodes: readonly TranscriptNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === "entry" ? [node.entry.anchor, ...node.entry.pairedResultAnchors] : anchorsIn(node.nodes),
  );
}

describe("every entry appears in the transcript exactly once", () => {
  for (const file of allSessionFiles()) {
    it(basename(file), () => {
      const analysis = analyzeAsRead(file);
      const view = buildReportView(analysis, file);
      const shown = anchorsIn(view.transcript);
      expect(shown.length).toBe(analysis.session.entries.length);
      expect(new Set(shown)).toEqual(new Set(entryAnchors(analysis.tree.entries)));
    });
  }
});

describe("transcript order", () => {
  it("a branch leaving from a tool result shown inside its call is still folded in", () => {
    const lines = [
      '{"type":"session","version":3,"id":"fork-at-result"}',
      '{"type":"message","id":"u1","parentId":null,"message":{"role":"user","content":"go"}}',
      '{"type":"message","id":"a1","parentId":"u1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"ls","arguments":{}}]}}',
      '{"type":"message","id":"r1","parentId":"a1","message":{"role":"toolResult","toolCallId":"c1","toolName":"ls","content":[]}}',
      '{"type":"message","id":"a2","parentId":"r1","message":{"role":"assistant","content":[{"type":"text","text":"first try"}]}}',
      '{"type":"message","id":"a3","parentId":"r1","message":{"role":"assistant","content":[{"type":"text","text":"second try"}]}}',
    ];
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(lines.join("\n")), "fork-at-result"));
    const view = buildReportView(analysis, null);
    expect(
      view.transcript.map((node) =>
        node.kind === "entry" ? node.entry.id : `fold(${anchorsIn(node.nodes)})`,
      ),
    ).toEqual(["u1", "a1", "fold(e-a2)", "a3"]);
    expect(anchorsIn(view.transcript).sort()).toEqual(["e-a1", "e-a2", "e-a3", "e-r1", "e-u1"]);
  });

  it("v2-hook-message.jsonl: the active branch inline, the regenerated reply folded at its fork point", () => {
    const view = buildReportView(analyzeFixture("v2-hook-message.jsonl"), null);
    expect(
      view.transcript.map((node) =>
        node.kind === "entry" ? node.entry.id : `fold(${anchorsIn(node.nodes)})`,
      ),
    ).toEqual(["a1", "fold(e-a4)", "a2", "a3", "a5"]);
    const fold = view.transcript[1];
    expect(fold?.kind === "fold" && fold.summary).toMatchObject({
      entries: 1,
      lastPrompt: null,
      tipAnchor: "e-a4",
    });
  });

  it("context-edits.jsonl: entries the model no longer had at the tip are marked, with why", () => {
    const view = buildReportView(analyzeFixture("context-edits.jsonl"), null);
    const status = new Map(
      view.transcript.flatMap((node) =>
        node.kind === "entry" ? [[node.entry.id, node.entry.contextStatus]] : [],
      ),
    );
    expect(status.get("e1")).toEqual({ kind: "summarised", byId: "e5" });
    expect(status.get("e2")).toEqual({ kind: "summarised", byId: "e5" });
    expect(status.get("e3")).toEqual({ kind: "replaced", byId: "e8", replacement: "secret: [removed]" });
    expect(status.get("e4")).toEqual({ kind: "omitted", byId: "e10" });
    expect(status.get("e6")).toBeNull();
    expect(status.get("e7")).toEqual({
      kind: "replaced",
      byId: "e12",
      replacement: [{ type: "text", text: "second answer, shortened" }],
    });
  });
});

describe("content blocks of a type the reports do not know", () => {
  it("a user message's are kept as stored (the file's JSON), not in the reader's wrapper", () => {
    const header = '{"type":"session","version":3,"id":"s","timestamp":"2025-01-01T00:00:00.000Z"}';
    const audio = { type: "audio", data: "AAAA", format: "wav" };
    const entry = {
      type: "message",
      id: "u",
      parentId: null,
      timestamp: "2025-01-01T00:00:01.000Z",
      message: { role: "user", content: [audio, { type: "text", text: "hi" }, { weird: 1 }], timestamp: 1 },
    };
    const bytes = Buffer.from(`${header}\n${JSON.stringify(entry)}\n`);
    const view = buildReportView(analyzeSession(parseSessionBytes(bytes, "blocks")), null);
    const node = view.transcript[0];
    const message =
      node?.kind === "entry" && node.entry.content.type === "message" ? node.entry.content.message : null;
    expect(message?.role === "user" ? message.other : null).toEqual([audio, { weird: 1 }]);
  });
});

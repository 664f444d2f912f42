import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes, UnknownEntryError } from "../src/index.js";
import { problemSentence, wordedProblem } from "../src/read/problem-sentence.js";
import { analyzeFixture, idsOf } from "./helpers/analyze.js";

describe("roots-and-orphan.jsonl", () => {
  const analysis = analyzeFixture("roots-and-orphan.jsonl");
  it("has three roots: two stored as roots and one whose parent is missing", () => {
    expect(idsOf(analysis, analysis.tree.roots)).toEqual(["o1", "o3", "o5"]);
    expect(idsOf(analysis, analysis.tree.tips)).toEqual(["o2", "o4", "o6"]);
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["o5", "o6"]);
    expect(analysis.problems.map(wordedProblem)).toEqual([
      {
        line: 6,
        kind: "structure",
        message: 'line 6: parent "gone-id" is not in the file; this entry starts a separate root',
      },
    ]);
  });
});

describe("cycle.jsonl", () => {
  const analysis = analyzeFixture("cycle.jsonl");
  it("cuts the loop y3 -> y5 -> y4 -> y3 at its earliest entry, y3, and makes y7 (its own parent) a root", () => {
    expect(idsOf(analysis, analysis.tree.roots)).toEqual(["y1", "y3", "y7"]);
    expect(idsOf(analysis, analysis.branches.find((b) => b.tip === 5)?.path ?? [])).toEqual([
      "y3",
      "y4",
      "y5",
      "y6",
    ]);
    expect(analysis.problems.map(problemSentence)).toEqual([
      "line 4: parent links loop through lines 4, 5, 6; the loop is cut here and this entry treated as a root",
      "line 8: entry is its own parent; treated as a root",
    ]);
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["y7"]);
  });
});

describe("duplicate-ids.jsonl", () => {
  const analysis = analyzeFixture("duplicate-ids.jsonl");
  it("links each child to the nearest earlier entry with the id: one chain, no loop", () => {
    expect(analysis.tree.roots).toEqual([0]);
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["d1", "dup", "d3", "dup", "d5"]);
    expect(analysis.activeBranch?.path).toEqual([0, 1, 2, 3, 4]);
    expect(analysis.problems.map(problemSentence)).toEqual([
      'line 5: id "dup" is also used on line 3; links to it go to the nearest one before them',
    ]);
  });
  it("looks an id up as the later line", () => {
    expect(analysis.tree.indexById.get("dup")).toBe(3);
  });
});

describe("labels and names", () => {
  it("labels replay in file order (set, reset, cleared); the last session_info names the session", () => {
    const analysis = analyzeSession(
      parseSessionBytes(
        Buffer.from(
          [
            '{"type":"session","version":3,"id":"l"}',
            '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"x"}}',
            '{"type":"label","id":"b","parentId":"a","targetId":"a","label":"start"}',
            '{"type":"label","id":"c","parentId":"b","targetId":"a","label":"checkpoint"}',
            '{"type":"session_info","id":"d","parentId":"c","name":"  First  "}',
            '{"type":"label","id":"e","parentId":"d","targetId":"b","label":"gone"}',
            '{"type":"label","id":"f","parentId":"e","targetId":"b"}',
            '{"type":"session_info","id":"g","parentId":"f","name":"Second"}',
          ].join("\n"),
        ),
        "labels",
      ),
    );
    expect([...analysis.tree.labels]).toEqual([["a", "checkpoint"]]);
    expect(analysis.tree.name).toBe("Second");
    expect(analysis.session.entries.at(-1)?.id).toBe("g");
  });

  it("an empty session_info name clears the name", () => {
    const analysis = analyzeSession(
      parseSessionBytes(
        Buffer.from(
          [
            '{"type":"session","version":3,"id":"l"}',
            '{"type":"session_info","id":"a","parentId":null,"name":"Named"}',
            '{"type":"session_info","id":"b","parentId":"a","name":""}',
          ].join("\n"),
        ),
        "names",
      ),
    );
    expect(analysis.tree.name).toBeNull();
  });
});

describe("choosing the leaf", () => {
  it("--leaf makes that entry the end of the active branch", () => {
    const analysis = analyzeFixture("v2-hook-message.jsonl", { leafId: "a4" });
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["a1", "a4"]);
    expect(analysis.branches.filter((branch) => branch.active)).toHaveLength(1);
  });
  it("a leaf with children is listed as a branch of its own", () => {
    const analysis = analyzeFixture("v2-hook-message.jsonl", { leafId: "a3" });
    expect(
      idsOf(
        analysis,
        analysis.branches.map((branch) => branch.tip),
      ),
    ).toEqual(["a3", "a4", "a5"]);
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["a1", "a2", "a3"]);
  });
  it("an unknown leaf id is an error naming it", () => {
    expect(() => analyzeFixture("v2-hook-message.jsonl", { leafId: "nope" })).toThrow(UnknownEntryError);
  });
});

describe("scale", () => {
  it("a 100,000-entry linear chain reads without a stack overflow", () => {
    const count = 100_000;
    const lines = ['{"type":"session","version":3,"id":"long","timestamp":"2025-01-01T00:00:00.000Z"}'];
    for (let i = 0; i < count; i += 1) {
      const parent = i === 0 ? "null" : `"e${i - 1}"`;
      const message =
        i % 2 === 0
          ? '{"role":"user","content":"q"}'
          : '{"role":"assistant","content":[],"provider":"p","model":"m","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"cost":{"total":0.001}},"stopReason":"stop"}';
      lines.push(`{"type":"message","id":"e${i}","parentId":${parent},"message":${message}}`);
    }
    // A loop over the whole chain at the end, to prove cycle handling is linear too.
    lines.push(`{"type":"message","id":"loop","parentId":"loop2","message":{"role":"user","content":"x"}}`);
    lines.push(`{"type":"message","id":"loop2","parentId":"loop","message":{"role":"user","content":"y"}}`);
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(lines.join("\n")), "long"));
    expect(analysis.session.entries).toHaveLength(count + 2);
    const main = analysis.branches.find((branch) => branch.tip === count - 1);
    expect(main?.path).toHaveLength(count);
    expect(main?.context.messages).toHaveLength(count);
    expect(main?.usage.total.turns).toBe(count / 2);
    expect(main?.usage.total.totalTokens).toBe(count);
  });
});

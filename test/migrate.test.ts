import { describe, expect, it } from "vitest";
import { migrateSession, parseSessionBytes, readSessionFile } from "../src/index.js";
import { typeEntries } from "../src/migrate/type-entries.js";
import { problemSentence, wordedProblem } from "../src/read/problem-sentence.js";
import { analyzeFixture, branchAt, idsOf, rounded, totals } from "./helpers/analyze.js";
import { fieldOf } from "./helpers/fields.js";
import { CORPUS, FIXTURES } from "./helpers/paths.js";
import { sentenceOf } from "./helpers/problem-sentence.js";

describe("v1 -> v3", () => {
  const v1 = [
    '{"type":"session","id":"old","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w","provider":"anthropic","modelId":"claude-sonnet-4-5"}',
    '{"type":"message","timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"user","content":"one"}}',
    '{"type":"message","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"hookMessage","customType":"h","content":"two","display":true}}',
    "",
    '{"type":"message","timestamp":"2025-01-01T00:00:03.000Z","message":{"role":"user","content":"three"}}',
    '{"type":"compaction","timestamp":"2025-01-01T00:00:04.000Z","summary":"s","firstKeptEntryIndex":2,"tokensBefore":9}',
  ].join("\n");
  const raw = parseSessionBytes(Buffer.from(v1), "v1");
  const migrated = migrateSession(raw);

  it("gives each entry a line-derived id and the previous entry as parent: one chain", () => {
    expect(migrated.inputVersion).toBe(1);
    expect(migrated.header.version).toBe(3);
    expect(migrated.records.map((record) => [record.value.id, record.value.parentId])).toEqual([
      ["line-2", null],
      ["line-3", "line-2"],
      ["line-5", "line-3"],
      ["line-6", "line-5"],
    ]);
  });

  it("maps firstKeptEntryIndex (header = 0, blank lines not counted) to the id of that entry", () => {
    const compaction = migrated.records[3]?.value;
    // Index 2 counts the header (0) and "one" (1): it is "two", on line 3.
    expect(compaction?.firstKeptEntryId).toBe("line-3");
    expect(compaction).not.toHaveProperty("firstKeptEntryIndex");
  });

  it("counts a line that can no longer be read as the entry its writer wrote there; NUL bytes as none", () => {
    const header = '{"type":"session","timestamp":"2025-01-01T00:00:00.000Z"}';
    const entry = (text: string) =>
      `{"type":"message","timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"user","content":"${text}"}}`;
    const compaction = (index: number) =>
      `{"type":"compaction","timestamp":"2025-01-01T00:00:05.000Z","summary":"s","firstKeptEntryIndex":${index},"tokensBefore":9}`;
    const keptFrom = (lines: string[]) => {
      const result = migrateSession(parseSessionBytes(Buffer.from(lines.join("\n")), "v1-damaged"));
      return [result.records.at(-1)?.value.firstKeptEntryId, result.problems.map((problem) => problem.kind)];
    };
    // Written whole: header 0, a 1, b 2 (line 3, cut off since), c 3, d 4 (line 5).
    const cut = entry("b").slice(0, 30);
    expect(keptFrom([header, entry("a"), cut, entry("c"), entry("d"), compaction(4)])).toEqual([
      "line-5",
      ["unreadable"],
    ]);
    // The index names the lost entry itself: kept from the next one, with a note.
    expect(keptFrom([header, entry("a"), cut, entry("c"), entry("d"), compaction(2)])).toEqual([
      "line-4",
      ["unreadable", "note"],
    ]);
    // NUL bytes on line 3 were never an entry: c (line 4) is 2, d (line 5) is 3.
    expect(
      keptFrom([header, entry("a"), "\u0000\u0000\u0000", entry("c"), entry("d"), compaction(3)]),
    ).toEqual(["line-5", ["unreadable"]]);
  });

  it("renames the hookMessage role to custom, not the entry type, and leaves the input untouched", () => {
    expect(migrated.records[1]?.value.type).toBe("message");
    expect(fieldOf(migrated.records[1]?.value.message, "role")).toBe("custom");
    expect(fieldOf(raw.records[1]?.value.message, "role")).toBe("hookMessage");
    expect(raw.records[0]?.value).not.toHaveProperty("id");
  });

  it("gives the same ids on every run", () => {
    const again = migrateSession(parseSessionBytes(Buffer.from(v1), "v1"));
    expect(again.records.map((record) => record.value.id)).toEqual(
      migrated.records.map((record) => record.value.id),
    );
  });

  it("glued v1 entries get distinct ids from their line and part", () => {
    const analysis = typeEntries(migrateSession(readSessionFile(`${CORPUS}real/pi-mono__session.jsonl`)));
    const fromLine440 = analysis.entries.filter((entry) => entry.line === 440).map((entry) => entry.id);
    expect(fromLine440).toEqual(["line-440", "line-440-2"]);
  });
});

describe("v2-hook-message.jsonl (v2 with a hookMessage and a regenerated reply)", () => {
  const analysis = analyzeFixture("v2-hook-message.jsonl");

  it("reads as v2 and migrates the hookMessage to a custom message", () => {
    expect(analysis.session.inputVersion).toBe(2);
    const a2 = analysis.session.entries[1]?.body;
    expect(a2?.type === "message" && a2.message.role).toBe("custom");
  });

  it("has two tips, a4 (abandoned) and a5 (leaf), in file order", () => {
    expect(idsOf(analysis, analysis.tree.tips)).toEqual(["a4", "a5"]);
    expect(idsOf(analysis, analysis.activeBranch?.path ?? [])).toEqual(["a1", "a2", "a3", "a5"]);
    expect(analysis.activeBranch?.context.messages.map((m) => m.role)).toEqual([
      "user",
      "custom",
      "assistant",
      "user",
    ]);
  });

  it("counts both replies in the file, only a3 on the active branch", () => {
    expect(rounded(analysis.usage.total)).toEqual(
      totals({ input: 150, output: 15, totalTokens: 165, cost: 0.000675, turns: 2 }),
    );
    expect(rounded(analysis.activeBranch?.usage.total ?? totals({}))).toEqual(
      totals({ input: 100, output: 10, totalTokens: 110, cost: 0.00045, turns: 1 }),
    );
    expect(rounded(branchAt(analysis, "a4").usage.total)).toEqual(
      totals({ input: 50, output: 5, totalTokens: 55, cost: 0.000225, turns: 1 }),
    );
  });
});

describe("headers", () => {
  it("a version newer than 3 is read as 3 with a note", () => {
    const raw = parseSessionBytes(Buffer.from('{"type":"session","version":4,"id":"n"}\n'), "v4");
    const migrated = migrateSession(raw);
    expect(migrated.inputVersion).toBe(3);
    expect(migrated.problems.map(wordedProblem)).toEqual([
      { line: 1, kind: "note", message: "the header says version 4, newer than 3; read as version 3" },
    ]);
  });

  it("a version written as text is the number it spells; one that spells none is read off the entries", () => {
    const entries =
      '{"type":"message","id":"a","parentId":null,"timestamp":"T","message":{"role":"user","content":"x"}}\n' +
      '{"type":"message","id":"b","parentId":"a","timestamp":"T","message":{"role":"user","content":"y"}}\n';
    const asText = migrateSession(
      parseSessionBytes(Buffer.from(`{"type":"session","version":"3"}\n${entries}`), "t"),
    );
    expect(asText.inputVersion).toBe(3);
    // The file's own ids and tree, not line-derived ids in one chain.
    expect(asText.records.map((record) => [record.value.id, record.value.parentId])).toEqual([
      ["a", null],
      ["b", "a"],
    ]);
    expect(asText.problems.map(wordedProblem)).toEqual([
      {
        line: 1,
        kind: "note",
        message: 'the header\'s version "3" is text, not a number; read as version 3',
      },
    ]);
    const unknown = migrateSession(
      parseSessionBytes(Buffer.from(`{"type":"session","version":"v3"}\n${entries}`), "u"),
    );
    expect(unknown.inputVersion).toBe(3);
    expect(sentenceOf(unknown.problems[0])).toBe(
      'the header\'s version "v3" is not a number; read as version 3, as its entries are',
    );
    // Entries without ids are version 1's.
    const v1 = migrateSession(
      parseSessionBytes(
        Buffer.from('{"type":"session","version":true}\n{"type":"message","timestamp":"T"}\n'),
        "v",
      ),
    );
    expect(v1.inputVersion).toBe(1);
  });

  it("a second header (two files joined) is named as such, a structure problem, not an unknown type", () => {
    const header = (id: string) => `{"type":"session","version":3,"id":"${id}","timestamp":"T"}\n`;
    const entry = (id: string) =>
      `{"type":"message","id":"${id}","parentId":null,"timestamp":"T","message":{"role":"user","content":"x"}}\n`;
    const session = typeEntries(
      migrateSession(
        parseSessionBytes(Buffer.from(header("a") + entry("a1") + header("b") + entry("b1")), "joined"),
      ),
    );
    expect(session.entries.map((item) => item.body.type)).toEqual(["message", "other", "message"]);
    expect(session.problems.map(wordedProblem)).toEqual([
      expect.objectContaining({
        line: 3,
        kind: "structure",
        message: expect.stringMatching(
          /^line 3: a second session header \(two sessions joined into one file\?\)/,
        ),
      }),
    ]);
  });

  it("a header field of the wrong type is reported and left out", () => {
    const raw = parseSessionBytes(
      Buffer.from('{"type":"session","version":3,"id":"n","cwd":7}\n'),
      "bad-cwd",
    );
    const session = typeEntries(migrateSession(raw));
    expect(session.header.cwd).toBeUndefined();
    expect(session.problems.map(problemSentence)).toEqual([
      "line 1: the header's cwd 7 has the wrong type; ignored",
    ]);
  });

  it("fork.jsonl: parentSession is read from the header", () => {
    const analysis = analyzeFixture("fork.jsonl");
    expect(analysis.session.header.parentSession).toBe(
      "/home/dev/.pi/agent/sessions/--home-dev-app--/2025-06-01T09-00-00-000Z_fork-parent.jsonl",
    );
  });

  it("unknown fields survive on header and entries", () => {
    const raw = readSessionFile(`${FIXTURES}sessions/unknown-entries.jsonl`);
    const session = typeEntries(migrateSession(raw));
    const k2 = session.entries[1]?.body;
    expect(k2).toEqual({
      type: "other",
      storedType: "future_thing",
      value: {
        type: "future_thing",
        id: "k2",
        parentId: "k1",
        timestamp: "2025-06-01T10:00:02.000Z",
        payload: { x: 1 },
      },
      reason: 'unknown entry type "future_thing"',
      malformed: false,
    });
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionBytes, readSessionFile, SessionReadError } from "../src/index.js";
import { splitGluedJson } from "../src/read/split-glued-json.js";
import { fieldOf } from "./helpers/fields.js";
import { FIXTURES } from "./helpers/paths.js";

const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w"}';

function bytes(text: string): Buffer {
  return Buffer.from(text, "utf8");
}

describe("damaged-lines.jsonl: every entry that can be recovered is kept; every loss is named by line", () => {
  const raw = readSessionFile(`${FIXTURES}sessions/damaged-lines.jsonl`);

  it("keeps e1 (CRLF), e2 and e3 (glued on line 4), e4, e5 (glued to a cut-off entry on line 9)", () => {
    expect(raw.records.map((record) => [record.value.id, record.line, record.part])).toEqual([
      ["e1", 2, 0],
      ["e2", 4, 0],
      ["e3", 4, 1],
      ["e4", 6, 0],
      ["e5", 9, 0],
    ]);
    // The glued text held braces and quotes inside a string: the split must not cut there.
    expect(fieldOf(raw.records[2]?.value.message, "content")).toBe('three {not a brace} "quoted"');
  });

  it("reports lines 4, 5, 8, 9 and 10 and nothing for the blank lines 3 and 7", () => {
    expect(raw.problems.map((problem) => [problem.line, problem.kind])).toEqual([
      [4, "repaired"],
      [5, "unreadable"],
      [8, "unreadable"],
      [9, "unreadable"],
      [10, "unreadable"],
    ]);
    expect(raw.problems[0]?.message).toBe(
      "line 4 held 2 entries glued together (a lost newline); all 2 kept",
    );
    expect(raw.problems[2]?.message).toBe("line 8 holds an array, not an entry object; skipped");
    expect(raw.problems[3]?.message).toContain("kept 1 entry, skipped an entry cut off mid-way");
    expect(raw.problems[4]?.message).toBe(
      "line 10 is cut off mid-entry (the writer probably stopped before finishing it); skipped",
    );
  });
});

describe("splitGluedJson", () => {
  it("splits objects and arrays at depth zero, ignoring brackets inside strings and escaped quotes", () => {
    expect(splitGluedJson('{"a":"}{"}{"b":"\\"}"} [1]')).toEqual({
      values: ['{"a":"}{"}', '{"b":"\\"}"}', "[1]"],
      rest: "",
    });
  });
  it("returns an unfinished value and any non-JSON text as the rest", () => {
    expect(splitGluedJson('{"a":1}{"b":')).toEqual({ values: ['{"a":1}'], rest: '{"b":' });
    expect(splitGluedJson('{"a":1} trailing')).toEqual({ values: ['{"a":1}'], rest: "trailing" });
  });
});

describe("input that is not a Pi session is one clear error", () => {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-read-"));
  const cases: [string, string | Buffer | null, string, RegExp][] = [
    ["missing.jsonl", null, "missing", /missing\.jsonl: no such file\.$/],
    ["empty.jsonl", "", "empty", /the file is empty/],
    ["blank.jsonl", "\n\n  \n", "empty", /the file is empty/],
    ["binary.jsonl", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a, 0x0a]), "binary", /binary file/],
    [
      "entries-only.jsonl",
      '{"type":"message","id":"a","parentId":null}\n',
      "not-a-session",
      /line 1 is an entry of type "message"/,
    ],
    ["garbage.jsonl", "hello world\n", "not-a-session", /line 1 is not JSON/],
    ["claude.jsonl", '{"cwd":"/w","sessionId":"x"}\n', "not-a-session", /an object without a type/],
  ];
  for (const [name, content, code, message] of cases) {
    it(`${name}: ${code}`, () => {
      const path = join(dir, name);
      if (content !== null) writeFileSync(path, content);
      try {
        readSessionFile(path);
        expect.unreachable("should have thrown");
      } catch (error) {
        expect(error).toBeInstanceOf(SessionReadError);
        expect((error as SessionReadError).code).toBe(code);
        expect((error as SessionReadError).message).toMatch(message);
        expect((error as SessionReadError).message).not.toContain("\n");
      }
    });
  }
  it("a directory", () => {
    expect(() => readSessionFile(dir)).toThrow(/is a directory; give a session file/);
  });
});

describe("byte-level details", () => {
  it("a UTF-8 byte order mark before the header is not part of the JSON", () => {
    const raw = parseSessionBytes(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes(`${HEADER}\n`)]),
      "bom",
    );
    expect(raw.header.id).toBe("s");
    expect(raw.problems).toEqual([]);
  });

  it("invalid UTF-8 is blamed on its line and the entry still read", () => {
    const entry = bytes('{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"caf');
    const raw = parseSessionBytes(
      Buffer.concat([bytes(`${HEADER}\n`), entry, Buffer.from([0xe9]), bytes('"}}\n')]),
      "latin1",
    );
    expect(raw.records).toHaveLength(1);
    expect(fieldOf(raw.records[0]?.value.message, "content")).toBe("caf\uFFFD");
    expect(raw.problems).toEqual([
      { line: 2, kind: "repaired", message: "line 2 holds bytes that are not UTF-8; they are shown as �" },
    ]);
  });

  it("a header glued to the first entry is split, both kept", () => {
    const raw = parseSessionBytes(
      bytes(`${HEADER}{"type":"message","id":"a","parentId":null}\n`),
      "glued-header",
    );
    expect(raw.header.id).toBe("s");
    expect(raw.records.map((record) => record.value.id)).toEqual(["a"]);
    expect(raw.problems.map((problem) => problem.kind)).toEqual(["repaired"]);
  });

  it("a 2 MB line reads whole", () => {
    const text = "x".repeat(2 * 1024 * 1024);
    const raw = parseSessionBytes(
      bytes(
        `${HEADER}\n{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"${text}"}}\n`,
      ),
      "long",
    );
    expect(fieldOf(raw.records[0]?.value.message, "content")).toHaveLength(text.length);
  });
});

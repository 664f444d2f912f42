import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrateSession, parseSessionBytes, readSessionFile, SessionReadError } from "../src/index.js";
import { parseLine } from "../src/read/parse-line.js";
import { wordedProblem } from "../src/read/problem-sentence.js";
import { fieldOf } from "./helpers/fields.js";
import { FIXTURES } from "./helpers/paths.js";
import { sentenceOf } from "./helpers/problem-sentence.js";

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
    expect(sentenceOf(raw.problems[0])).toBe(
      "line 4 held 2 entries glued together (a lost newline); all 2 kept",
    );
    expect(sentenceOf(raw.problems[2])).toBe("line 8 holds an array, not an entry object; skipped");
    expect(sentenceOf(raw.problems[3])).toContain("kept 1 entry, skipped an entry cut off mid-way");
    expect(sentenceOf(raw.problems[4])).toBe(
      "line 10 is cut off mid-entry (the writer probably stopped before finishing it); skipped",
    );
  });
});

/** An entry as Pi writes it (type first), on line 1 of a test's text. */
function entry(id: string, parentId: string | null, text: string): string {
  return JSON.stringify({
    type: "message",
    id,
    parentId,
    timestamp: "2025-01-01T00:00:01.000Z",
    message: {
      role: "user",
      content: [
        { type: "text", text: "hi" },
        { type: "text", text },
      ],
    },
  });
}

const ids = (line: string) => parseLine(1, line).objects.map((object) => object.value.id);

describe("parseLine: values glued on a line, and the entries past damage", () => {
  it("splits at depth zero only, ignoring brackets inside strings and escaped quotes", () => {
    const parsed = parseLine(1, '{"a":"}{"}{"b":"\\"}"} [1]');
    expect(parsed.objects.map((object) => object.value)).toEqual([{ a: "}{" }, { b: '"}' }]);
    expect(sentenceOf(parsed.problems[0])).toBe(
      "line 1 held 3 glued parts: kept 2 entries, skipped an array that is not an entry",
    );
  });

  it("keeps an entry appended straight after a cut-off one, at every place the cut can fall", () => {
    const cut = entry("b", "a", "hello");
    const whole = entry("c", "a", "next");
    // Every cut inside b (its text up to, not including, its last character), c glued after it: c is kept,
    // and nothing else, not even b's content blocks, which are whole JSON objects but not entries.
    for (let at = 1; at < cut.length; at += 1) {
      const parsed = parseLine(7, cut.slice(0, at) + whole);
      expect(
        parsed.objects.map((object) => object.value.id),
        `cut at ${at}`,
      ).toEqual(["c"]);
      expect(parsed.objects[0]?.value).toEqual(JSON.parse(whole));
      expect(parsed.problems.map(wordedProblem)).toEqual([
        {
          line: 7,
          kind: "unreadable",
          message: expect.stringMatching(/^line 7 held 2 glued parts: kept 1 entry, skipped /),
        },
      ]);
    }
  });

  it("keeps the entries after text that is not JSON or a stray bracket, and says what was skipped", () => {
    const b = entry("b", "a", "x");
    const c = entry("c", "b", "y");
    expect(ids(`garbage${b}`)).toEqual(["b"]);
    expect(ids(`${b}}${c}`)).toEqual(["b", "c"]);
    expect(sentenceOf(parseLine(3, `${b}}${c}`).problems[0])).toBe(
      'line 3 held 3 glued parts: kept 2 entries, skipped text that is not JSON ("}")',
    );
    // A value that closes but is not JSON does not swallow the entry after it.
    expect(ids(`{"type":"message",oops}${c}`)).toEqual(["c"]);
    expect(sentenceOf(parseLine(5, `{"type":"message",oops}${c}`).problems[0])).toMatch(
      /^line 5 held 2 glued parts: kept 1 entry, skipped an object that is not valid JSON \(/,
    );
  });

  it("reports a cut-off line with nothing after it as before, and never invents an entry", () => {
    const cut = entry("b", "a", "hello").slice(0, 150);
    const { objects, problems } = parseLine(9, cut);
    expect({ objects, problems: problems.map(wordedProblem) }).toEqual({
      objects: [],
      problems: [
        {
          line: 9,
          kind: "unreadable",
          message: "line 9 is cut off mid-entry (the writer probably stopped before finishing it); skipped",
        },
      ],
    });
  });

  it("gives up past a bounded amount of scanning on a hostile line, with one problem", () => {
    // 20,000 places that look like an entry's start and never close: each would scan to the line's end.
    const parsed = parseLine(2, `x${'{"type":"a",'.repeat(20_000)}`);
    expect(parsed.objects).toEqual([]);
    expect(parsed.problems).toHaveLength(1);
  });

  it("escapes control characters in the text it quotes, after an entry too (a NUL stays out of the report)", () => {
    const afterEntry = parseLine(4, `${entry("a", null, "x")}\u0000\u0000`);
    expect(afterEntry.objects).toHaveLength(1);
    expect(sentenceOf(afterEntry.problems[0])).toContain('text that is not JSON ("\\u0000\\u0000")');
    const parsed = parseLine(4, "\u0000\u0000x");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there.
    expect(sentenceOf(parsed.problems[0])).not.toMatch(/[\u0000-\u001f]/);
    expect(sentenceOf(parsed.problems[0])).toContain("\\u0000");
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
    [
      "array.jsonl",
      "[1,2,3]\n",
      "not-a-session",
      /: not a Pi session: line 1 holds an array, not the session header/,
    ],
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
  it("a device (/dev/zero would never end), in one line", () => {
    expect(() => readSessionFile("/dev/zero")).toThrow(
      /^\/dev\/zero: is a device, not a session file \(\.jsonl\)\.$/,
    );
  });
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
    expect(raw.problems.map(wordedProblem)).toEqual([]);
  });

  it("invalid UTF-8 is blamed on its line and the entry still read", () => {
    const entry = bytes('{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"caf');
    const raw = parseSessionBytes(
      Buffer.concat([bytes(`${HEADER}\n`), entry, Buffer.from([0xe9]), bytes('"}}\n')]),
      "latin1",
    );
    expect(raw.records).toHaveLength(1);
    expect(fieldOf(raw.records[0]?.value.message, "content")).toBe("caf\uFFFD");
    expect(raw.problems.map(wordedProblem)).toEqual([
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

describe("damage around the header and NUL bytes: the entries are still read", () => {
  const a = entry("a", null, "first");
  const b = entry("b", "a", "second");
  const problemsOf = (raw: ReturnType<typeof parseSessionBytes>) =>
    raw.problems.map((problem) => [problem.line, problem.kind]);

  it("a NUL byte early in a file that starts as JSON is one unreadable line, not a binary file", () => {
    const raw = parseSessionBytes(bytes(`${HEADER}\n${a}\n${b.replace("second", "sec\u0000ond")}\n`), "nul");
    expect(raw.records.map((record) => record.value.id)).toEqual(["a"]);
    expect(problemsOf(raw)).toEqual([[3, "unreadable"]]);
    expect(sentenceOf(raw.problems[0])).not.toContain("\u0000");
  });

  it("a run of NULs a crash left at the end is named as such", () => {
    const raw = parseSessionBytes(Buffer.concat([bytes(`${HEADER}\n${a}\n`), Buffer.alloc(4096)]), "tail");
    expect(raw.records.map((record) => record.value.id)).toEqual(["a"]);
    expect(raw.problems.map(wordedProblem)).toEqual([
      {
        line: 3,
        kind: "unreadable",
        message: "line 3 holds only NUL bytes (space kept for text a crash never wrote); skipped",
      },
    ]);
  });

  it("a cut-off header: the entries are read without it, and line 1 is reported twice over", () => {
    const raw = parseSessionBytes(bytes(`${HEADER.slice(0, 40)}\n${a}\n${b}\n`), "cut-header");
    expect(raw.headerless).toBe(true);
    expect(raw.header).toEqual({ type: "session" });
    expect(raw.records.map((record) => [record.value.id, record.line])).toEqual([
      ["a", 2],
      ["b", 3],
    ]);
    expect(problemsOf(raw)).toEqual([
      [1, "unreadable"],
      [1, "structure"],
    ]);
    expect(sentenceOf(raw.problems[1])).toBe(
      "the file has no session header (line 1 could not be read); read without one: the session's id, start and folder are unknown",
    );
    // Version 2 or later by its entries: the ids are the file's own, and the tree is kept.
    const migrated = migrateSession(raw);
    expect(migrated.inputVersion).toBe(3);
    expect(migrated.records.map((record) => [record.value.id, record.value.parentId])).toEqual([
      ["a", null],
      ["b", "a"],
    ]);
  });

  it("a header further down is read as the header; the lines before it stay entries", () => {
    const raw = parseSessionBytes(bytes(`${a}\n${b}\n${HEADER}\n`), "late-header");
    expect(raw.header.id).toBe("s");
    expect(raw.headerLine).toBe(3);
    expect(raw.records.map((record) => record.value.id)).toEqual(["a", "b"]);
    expect(problemsOf(raw)).toEqual([[3, "repaired"]]);
  });
});

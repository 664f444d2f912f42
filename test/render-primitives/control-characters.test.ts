import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLEAR_LINE, inertStream } from "../../src/output/inert-stream.js";
import {
  escapeControlCharactersInJson,
  showControlCharacters,
  showControlCharactersInLine,
} from "../../src/render/primitives/control-characters.js";
import { actingCharacters } from "../helpers/acting-characters.js";

/** What must not survive: C0 but tab and line feed, DEL, C1, bidi embeddings, overrides and isolates. */
const acting = actingCharacters;

// Text rich in what is shown: every such character, among ordinary text of any width.
const piece = fc.oneof(
  fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x2066, max: 0x2069 }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x202a, max: 0x202e }).map((code) => String.fromCharCode(code)),
  fc.constantFrom("\r\n", "\u200e", "\u200f", "\u061c", "שלום", "⟪ESC⟫", "⟪"),
  fc.string({ unit: "binary" }),
);
const richText = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(""));

describe("showControlCharacters", () => {
  it("names the controls of an OSC 52 clipboard write, a title and a CSI, and an 8-bit CSI by its code point", () => {
    expect(showControlCharacters("a\u001b]52;c;eA==\u0007b\u001b]0;T\u001b\\\u001b[2J\u009b31m")).toBe(
      "a⟪ESC⟫]52;c;eA==⟪BEL⟫b⟪ESC⟫]0;T⟪ESC⟫\\⟪ESC⟫[2J⟪U+009B⟫31m",
    );
    expect(showControlCharacters("\u0000\u0008\u000b\u001f\u007f")).toBe("⟪NUL⟫⟪BS⟫⟪VT⟫⟪US⟫⟪DEL⟫");
  });

  it("marks bidi overrides and isolates, and leaves right-to-left letters and their marks", () => {
    expect(showControlCharacters("invoice\u202efdp.exe\u202c")).toBe("invoice⟪U+202E⟫fdp.exe⟪U+202C⟫");
    expect(showControlCharacters("\u2066\u2067\u2068\u2069")).toBe("⟪U+2066⟫⟪U+2067⟫⟪U+2068⟫⟪U+2069⟫");
    const rtl = "שלום\u200f عالم\u061c x\u200e";
    expect(showControlCharacters(rtl)).toBe(rtl);
  });

  it("keeps tab and line feed, and reads a carriage return as a line end, as Markdown and HTML do", () => {
    expect(showControlCharacters("a\tb\nc\r\nd\re")).toBe("a\tb\nc\nd\ne");
  });

  it("leaves nothing that acts, is idempotent, and returns clean text as it is (any text)", () => {
    fc.assert(
      fc.property(richText, (text) => {
        const shown = showControlCharacters(text);
        expect(acting(shown)).toEqual([]);
        expect(showControlCharacters(shown)).toBe(shown);
        if (acting(text).length === 0) expect(shown).toBe(text);
        // Every line the text has, and no other: each CR or CRLF is one line end.
        expect(shown.split("\n").length).toBe(text.split(/\r\n|\r|\n/).length);
      }),
    );
  });
});

describe("showControlCharactersInLine (a message on stderr, a gist's description)", () => {
  it("names line feeds and carriage returns too: a file name cannot start a workflow command", () => {
    expect(showControlCharactersInLine("z\n::notice title=pwned::x\r\n.jsonl\tb")).toBe(
      "z⟪LF⟫::notice title=pwned::x⟪CR⟫⟪LF⟫.jsonl\tb",
    );
  });

  it("leaves one line with nothing that acts, is idempotent, and returns clean text as it is (any text)", () => {
    fc.assert(
      fc.property(richText, (text) => {
        const shown = showControlCharactersInLine(text);
        expect(acting(shown)).toEqual([]);
        expect(shown).not.toMatch(/[\n\r]/);
        expect(showControlCharactersInLine(shown)).toBe(shown);
        if (acting(text).length === 0 && !/[\n\r]/.test(text)) expect(shown).toBe(text);
      }),
    );
  });
});

describe("inertStream (every message of the CLI)", () => {
  const collect = () => {
    const chunks: string[] = [];
    return { chunks, stream: inertStream({ write: (chunk: string) => chunks.push(chunk), isTTY: true }) };
  };

  it("writes each message as one line, whatever it holds; the progress line's own controls pass", () => {
    fc.assert(
      fc.property(richText, fc.boolean(), (text, ended) => {
        const { chunks, stream } = collect();
        stream.write(`pi-report: ${text}${ended ? "\n" : ""}`);
        const [out] = chunks;
        expect(acting(out ?? "")).toEqual([]);
        // At most the one line feed that ends the message: nothing of the text starts a line.
        expect((out ?? "").slice(0, -1)).not.toMatch(/[\n\r]/);
        if (ended) expect(out?.endsWith("\n")).toBe(true);
      }),
    );
    const { chunks, stream } = collect();
    stream.write("\rarchiving 3/9 \u001b]52;c;eA==\u0007");
    stream.write(CLEAR_LINE);
    expect(chunks).toEqual(["\rarchiving 3/9 ⟪ESC⟫]52;c;eA==⟪BEL⟫", "\r\u001b[K"]);
    expect(stream.isTTY).toBe(true);
  });
});

describe("escapeControlCharactersInJson", () => {
  it("writes C1 controls, DEL and bidi overrides as \\u escapes", () => {
    expect(escapeControlCharactersInJson(JSON.stringify("a\u009bb\u007f\u202e"))).toBe(
      String.raw`"a\u009bb\u007f\u202e"`,
    );
  });

  it("gives the same value to a parser, and nothing that acts (any JSON)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), richText, (value, text) => {
        const data = { value, text };
        const escaped = escapeControlCharactersInJson(JSON.stringify(data, null, 2));
        expect(acting(escaped)).toEqual([]);
        expect(JSON.parse(escaped)).toEqual(JSON.parse(JSON.stringify(data)));
      }),
    );
  });
});

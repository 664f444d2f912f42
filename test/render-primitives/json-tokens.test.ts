/**
 * JSON is highlighted by a scanner of our own (json-tokens.ts). The yardstick is shiki's own JSON grammar
 * with the same theme: on real JSON, and on any jumble of JSON's pieces, the two must colour every
 * character alike. The text must come through untouched, however deep it nests.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonTokens } from "../../src/render/primitives/highlight/json-tokens.js";
import { isOwnBlock } from "../../src/render/primitives/highlight/own-highlighters.js";
import { splitCodeLines } from "../../src/render/primitives/highlight/tokens-to-html.js";
import { corpusToolCalls, grammarYardstick, visibleClasses } from "../helpers/highlight-classes.js";

let viaGrammar: (code: string) => string[];
beforeAll(async () => {
  viaGrammar = await grammarYardstick("json", import("shiki/langs/json.mjs"));
});

const viaScanner = (code: string) => visibleClasses(code, jsonTokens(code));

/** The arguments of the corpus's tool calls, as the page shows them (`prettyJson`). */
const corpusArguments = () =>
  corpusToolCalls().map((call) => JSON.stringify(call.arguments ?? null, null, 2));

describe("JSON highlighting by our own scanner", () => {
  it("is what JSON blocks get", () => {
    expect(isOwnBlock('{"a": 1}', "json")).toBe(true);
    expect(isOwnBlock("a: 1", "yaml")).toBe(false);
  });

  const constructs: [string, string][] = [
    ["keys, strings, numbers and constants", '{"a": "b", "n": -1.5e3, "t": true, "f": false, "z": null}'],
    ["escapes, in keys and values, known and not", '{"a\\nb": "c\\u00e9\\"d", "e\\q": "\\x"}'],
    ["nesting and arrays", '[1, "x", {"k": [false, {"deep": []}]}]\n'],
    ["comments", '/* c */ {"a": [/* d */ 1] // e\n}'],
    ["what is out of place", '{a: 1, "b": tru, , "c" 2}\n[1 2, x, }]\nx 1 "s" truex'],
    ["strings over several lines", '{"a":\n"multi\nline", "b": [\ntrue]}'],
  ];
  for (const [what, code] of constructs) {
    it(`colours ${what} as the grammar does`, () => {
      expect(viaScanner(code)).toEqual(viaGrammar(code));
    });
  }

  it("colours every character of the corpus's tool-call arguments as the grammar does", () => {
    const shown = corpusArguments();
    expect(shown.length).toBeGreaterThan(500);
    for (const code of shown) expect(viaScanner(code)).toEqual(viaGrammar(code));
  });

  it("colours any jumble of JSON's pieces as the grammar does", () => {
    const pieces = fc.constantFrom(
      ...["{", "}", "[", "]", '"a"', '"b\\n"', '"\\q"', '"', ":", ",", " ", "\n", "1", "-2.5e3", "01", "."],
      ...["true", "null", "tru", "x", "//c\n", "/*d*/"],
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 24 }), (parts) => {
        const code = parts.join("");
        expect(viaScanner(code)).toEqual(viaGrammar(code));
      }),
      { numRuns: 1500 },
    );
  });

  it("keeps the text whole, however deep it nests or however it ends", () => {
    for (const code of [
      `${"[".repeat(100_000)}1${"]".repeat(100_000)}`,
      `{"a": "${"\\q".repeat(50_000)}`,
      '{"open": [1, {"x": "y',
      "\r\n".repeat(3),
    ]) {
      const lines = jsonTokens(code).map((tokens) => tokens.map((token) => token.content).join(""));
      expect(lines).toEqual(splitCodeLines(code));
    }
  });
});

/**
 * JavaScript and TypeScript are highlighted from Lezer's parse (parsed-languages.ts). The yardstick is
 * shiki's own TypeScript grammar with the same theme: on whole files the two must colour (nearly) every
 * character alike. The text must come through untouched, fragments must look as they do in their file,
 * and no input may break it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { createHighlighterCore, type HighlighterCore, type ThemedToken } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import { beforeAll, describe, expect, it } from "vitest";
import {
  clearHighlightCache,
  highlightStats,
  tokenizeToLines,
} from "../../src/render/primitives/highlight/code-to-lines.js";
import {
  isParsedBlock,
  isParsedLanguage,
  PARSED_MAX_LINE_LENGTH,
  parsedTokens,
} from "../../src/render/primitives/highlight/parsed-languages.js";
import { RULE_THEME_NAME, themeClasses } from "../../src/render/primitives/highlight/theme-classes.js";
import { splitCodeLines, tokensToHtmlLines } from "../../src/render/primitives/highlight/tokens-to-html.js";

let shiki: HighlighterCore;
beforeAll(async () => {
  shiki = await createHighlighterCore({
    themes: [themeClasses().ruleTheme],
    langs: [
      import("shiki/langs/typescript.mjs"),
      import("shiki/langs/javascript.mjs"),
      import("shiki/langs/tsx.mjs"),
    ],
    engine: createOnigurumaEngine(import("shiki/wasm")),
  });
});

/** The class of each character, line by line. */
function classes(lines: ThemedToken[][]): string[][] {
  const { classOf } = themeClasses();
  return lines.map((tokens) =>
    tokens.flatMap((token) => [...token.content].map(() => classOf(token.color, token.fontStyle))),
  );
}

const viaGrammar = (code: string, lang = "typescript") =>
  classes(shiki.codeToTokensBase(code, { lang, theme: RULE_THEME_NAME, tokenizeTimeLimit: 0 }));
const viaParse = (code: string, lang = "typescript") => classes(parsedTokens(code, lang));

/** Characters (not whitespace) coloured alike, and all of them. */
function agreement(code: string, lang = "typescript"): { same: number; total: number } {
  const want = viaGrammar(code, lang);
  const got = viaParse(code, lang);
  let same = 0;
  let total = 0;
  splitCodeLines(code).forEach((line, row) => {
    [...line].forEach((char, column) => {
      if (/\s/.test(char)) return;
      total += 1;
      if (want[row]?.[column] === got[row]?.[column]) same += 1;
    });
  });
  return { same, total };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith(".ts") ? [path] : [];
    });
}

describe("parsed highlighting of TypeScript and JavaScript", () => {
  it("is what typescript, tsx, javascript and jsx get, and nothing else", () => {
    for (const id of ["typescript", "tsx", "javascript", "jsx"]) expect(isParsedLanguage(id)).toBe(true);
    for (const id of ["shellscript", "json", "python", "toString", "constructor"])
      expect(isParsedLanguage(id)).toBe(false);
  });

  it("colours each kind of construct as the TypeScript grammar does", () => {
    // One line per construct the mapping names; on each, the grammar is not led astray.
    const snippets = [
      'import { readFileSync, type Stats } from "node:fs";',
      "import * as path from 'node:path';",
      "export const LIMIT = 40_000, other = 0x1f;",
      "const handler = async (event: Event, count = 2): Promise<void> => { await run(event); };",
      "function parse(text: string, options?: Options): Record<string, number> | null { return null; }",
      "export abstract class Base<T> extends Error implements Iterable<T> { private readonly items: T[] = []; constructor(protected name: string) { super(name); } }",
      "interface Options { name?: string; onClose?: () => void; readonly size: number }",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: quoted source code, not a template
      "type Kind = keyof Options | `prefix-${string}` | undefined;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: quoted source code, not a template
      'if (typeof value === "string" && value.length > 0 && !(value instanceof Base)) throw new TypeError(`bad ${value.trim()}`);',
      "for (const { name, size: bytes } of items) console.log(name, bytes, this.total, arguments.length);",
      "const re = /^(?<key>[a-z_]+)=(\\d+)\\.\\/$|x*?\\bq{2,3}/gi;",
      "/** Sums them.\n * @param {number[]} values - the values\n * @returns {number} the sum\n */\nexport function sum(values) { return values.reduce((a, b) => a + b, 0); } // done",
      "let x = a?.b ?? c!; x += 1; x++; delete obj[key]; label: while (true) { break label; }",
    ];
    for (const code of snippets) {
      const { same, total } = agreement(code);
      expect({ code, same }).toEqual({ code, same: total });
    }
  });

  it("colours JSX as the TSX grammar does: elements, components, attributes, expressions", () => {
    const code =
      'export function App({ items }: Props) { return <div className="list" onClick={() => go(1)}>' +
      "<Item key={x.id} {...rest} />text {count}</div>; }";
    const { same, total } = agreement(code, "tsx");
    expect(same).toBe(total);
  });

  it("agrees with the grammar on at least 99% of the characters of this project's own sources", () => {
    let same = 0;
    let total = 0;
    for (const file of sourceFiles("src")) {
      const counted = agreement(readFileSync(file, "utf8"));
      same += counted.same;
      total += counted.total;
    }
    expect(total).toBeGreaterThan(300_000);
    expect(same / total).toBeGreaterThan(0.99);
  });

  it("gives back the text exactly, cut into shiki's lines, whatever the input", () => {
    const code = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc
        .array(
          fc.constantFrom(
            "const ",
            "x",
            " = ",
            "`",
            "${",
            "}",
            "/",
            "*",
            "\r\n",
            "\n",
            "\r",
            "//",
            '"',
            "'",
            "(",
            ")",
            "{",
            "<T>",
            "@param ",
            "[",
            "]",
            "\\",
            "class ",
            "private ",
          ),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(code, fc.constantFrom("typescript", "tsx", "javascript", "jsx"), (text, id) => {
        const lines = parsedTokens(text, id).map((tokens) => tokens.map((token) => token.content).join(""));
        expect(lines).toEqual(splitCodeLines(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("colours class members read out of their class as they look inside it", () => {
    const whole = [
      "export class Session {",
      "\tprivate readonly entries: Entry[] = [];",
      "\tstatic #count = 0;",
      "\tconstructor(private name: string) {}",
      "\tasync load(path: string): Promise<void> {",
      '\t\tconst text = await readFile(path, "utf8");',
      "\t\tthis.entries.push(...parse(text));",
      "\t}",
      "}",
    ];
    const inFile = viaParse(whole.join("\n"));
    const fragment = viaParse(whole.slice(1, 8).join("\n"));
    expect(fragment).toEqual(inFile.slice(1, 8));
    // And the fragment's names are coloured at all: the field, the parameter, the method.
    expect(new Set(fragment.flat()).size).toBeGreaterThan(4);
  });

  it("handles Windows line ends as shiki does: the same colours as with \\n, no \\r in any token", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: quoted source code, not a template
    const unix = "const a = 1; // one\nlet b = `two\n${a}`;\n/* three\n */ b;";
    const windows = unix.replaceAll("\n", "\r\n");
    expect(viaParse(windows)).toEqual(viaParse(unix));
    expect(
      parsedTokens(windows, "typescript")
        .flat()
        .some((token) => token.content.includes("\r")),
    ).toBe(false);
  });

  it("survives nesting deeper than the stack: 100,000 open brackets", () => {
    const code = "(".repeat(100_000);
    const lines = parsedTokens(code, "typescript");
    expect(lines.map((tokens) => tokens.map((token) => token.content).join(""))).toEqual([code]);
  });

  it("leaves a block with a line past 1,000 characters to the grammar, whose cost does not grow with its square", async () => {
    const line = (length: number) => `x = "${"a".repeat(length - 7)}";`;
    expect(line(PARSED_MAX_LINE_LENGTH)).toHaveLength(1_000);
    expect(isParsedBlock(`a;\n${line(1_000)}\nb;`, "typescript")).toBe(true);
    expect(isParsedBlock(`a;\n${line(1_001)}\nb;`, "typescript")).toBe(false);
    expect(isParsedBlock(line(1_001), "typescript")).toBe(false);
    expect(isParsedBlock("a;", "shellscript")).toBe(false);
    // Class members out of their class: the parse and the grammar colour `private` differently, so the
    // lines tell which of the two coloured the block.
    const members = "\tprivate statusContainer: Container;\n\tprivate editor: CustomEditor;";
    clearHighlightCache();
    const { classOf } = themeClasses();
    const byGrammar = (code: string) =>
      tokensToHtmlLines(
        shiki.codeToTokensBase(code, {
          lang: "typescript",
          theme: RULE_THEME_NAME,
          tokenizeMaxLineLength: 10_000,
          tokenizeTimeLimit: 0,
        }),
        classOf,
      );
    const byParse = (code: string) => tokensToHtmlLines(parsedTokens(code, "typescript"), classOf);
    const short = `${members}\n// ${"c".repeat(900)}`;
    const long = `${members}\n// ${"c".repeat(1_100)}`;
    expect(byParse(short)).not.toEqual(byGrammar(short));
    expect(await tokenizeToLines(short, "typescript")).toEqual(byParse(short));
    expect(await tokenizeToLines(long, "typescript")).toEqual(byGrammar(long));
  });

  it("is what tokenizeToLines uses for TypeScript, counted in the highlight stats", async () => {
    clearHighlightCache();
    const lines = await tokenizeToLines("const x = 1;\nreturn x;", "typescript");
    expect(lines).toHaveLength(2);
    const { classOf } = themeClasses();
    const keyword = classOf(viaGrammarColor("const"), 0);
    expect(lines?.[0]?.startsWith(`<span class="${keyword}">const </span>`)).toBe(true);
    expect(highlightStats()).toMatchObject({ tokenized: 1, tokenizedChars: 22 });
  });
});

/** The colour the grammar gives the first token of `code`. */
function viaGrammarColor(code: string): string | undefined {
  return shiki.codeToTokensBase(code, {
    lang: "typescript",
    theme: RULE_THEME_NAME,
    tokenizeTimeLimit: 0,
  })[0]?.[0]?.color;
}

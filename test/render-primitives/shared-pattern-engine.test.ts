import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createHighlighterCore, type RegexEngine } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import { bundledLanguages } from "shiki/langs";
import githubLight from "shiki/themes/github-light.mjs";
import { describe, expect, it } from "vitest";
import { sharedPatternEngine } from "../../src/render/primitives/highlight/shared-pattern-engine.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** Real code of several languages: this repository's own files, plus what stresses the engine. */
function samples(): { id: keyof typeof bundledLanguages; code: string }[] {
  const source = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => readFileSync(join(ROOT, dir, name), "utf8"));
  return [
    ...[...source("src/redact"), ...source("src/render/html")].map((code) => ({
      id: "typescript" as const,
      code,
    })),
    { id: "markdown", code: readFileSync(join(ROOT, "README.md"), "utf8") },
    { id: "json", code: readFileSync(join(ROOT, "package.json"), "utf8") },
    { id: "shellscript", code: readFileSync(join(ROOT, ".ci/run"), "utf8") },
    {
      // Back-references in an end pattern (each heredoc's delimiter compiles a pattern of its own), and
      // characters of 2, 3 and 4 UTF-8 bytes, where the engine converts offsets.
      id: "shellscript",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell's ${x:-default}, not a template
      code: 'cat <<EOF > out\nnaïve → ✓ 𝒳 "$HOME"\nEOF\ncat <<-"END"\n\t$(not expanded)\n\tEND\necho "done ${x:-é}"\n',
    },
    {
      id: "python",
      code: 'def f(x: int) -> str:\n    """Doc «quoted» 𝔘."""\n    return f"{x!r:>10}" + r\'\\d+\'\n',
    },
  ];
}

async function tokensWith(engine: RegexEngine, id: keyof typeof bundledLanguages, codes: string[]) {
  const highlighter = await createHighlighterCore({ engine, themes: [githubLight], langs: [] });
  await highlighter.loadLanguage((await bundledLanguages[id]()).default);
  const tokens = codes.map((code) =>
    highlighter
      .codeToTokensBase(code, { lang: id, theme: "github-light", tokenizeTimeLimit: 0 })
      .map((line) => line.map((token) => [token.content, token.color, token.fontStyle])),
  );
  highlighter.dispose();
  return tokens;
}

/** An engine that counts the patterns it is asked to compile. */
function counting(base: RegexEngine): { engine: RegexEngine; compiled: () => number } {
  let compiled = 0;
  return {
    engine: {
      createString: (text) => base.createString(text),
      createScanner(patterns) {
        compiled += patterns.length;
        return base.createScanner(patterns);
      },
    },
    compiled: () => compiled,
  };
}

describe("sharedPatternEngine", () => {
  it("tokenizes real code exactly as the stock Oniguruma engine does, compiling far fewer patterns", async () => {
    const byLanguage = new Map<keyof typeof bundledLanguages, string[]>();
    for (const { id, code } of samples()) byLanguage.set(id, [...(byLanguage.get(id) ?? []), code]);
    for (const [id, codes] of byLanguage) {
      const stock = counting(await createOnigurumaEngine(import("shiki/wasm")));
      const shared = counting(await createOnigurumaEngine(import("shiki/wasm")));
      const expected = await tokensWith(stock.engine, id, codes);
      const actual = await tokensWith(sharedPatternEngine(shared.engine), id, codes);
      expect(actual, id).toEqual(expected);
      expect(actual.flat(2).length, id).toBeGreaterThan(codes.length);
      // The shared engine compiles each distinct pattern once, so never more than the stock engine...
      expect(shared.compiled(), id).toBeLessThanOrEqual(stock.compiled());
      // ...and TypeScript's rules share most of theirs: the stock engine compiles each several times over.
      if (id === "typescript") expect(shared.compiled() * 4, id).toBeLessThan(stock.compiled());
    }
  });

  it("answers the match that starts first, and the earlier pattern on a tie", async () => {
    const engine = sharedPatternEngine(await createOnigurumaEngine(import("shiki/wasm")));
    const text = engine.createString("xxab");
    const first = (patterns: string[], start: number) => {
      const match = engine.createScanner(patterns).findNextMatchSync(text, start, 0);
      return match === null
        ? null
        : [match.index, match.captureIndices[0]?.start, match.captureIndices[0]?.end];
    };
    expect(first(["b", "a"], 0)).toEqual([1, 2, 3]);
    expect(first(["ab", "a"], 0)).toEqual([0, 2, 4]);
    expect(first(["a", "ab"], 0)).toEqual([0, 2, 3]);
    expect(first(["(a)(b)"], 0)).toEqual([0, 2, 4]);
    expect(first(["y", "z"], 0)).toBeNull();
    expect(first(["x"], 1)).toEqual([0, 1, 2]);
    expect(first(["x"], 2)).toBeNull();
  });

  it("does not reuse a search made with other find options (\\A fails with NotBeginString)", async () => {
    const stock = await createOnigurumaEngine(import("shiki/wasm"));
    const engine = sharedPatternEngine(stock);
    const spans = (
      scanner: ReturnType<RegexEngine["createScanner"]>,
      text: ReturnType<RegexEngine["createString"]>,
      options: number,
    ) => scanner.findNextMatchSync(text, 0, options)?.captureIndices.map(({ start, end }) => [start, end]);
    const stockScanner = stock.createScanner(["\\Aa|b"]);
    const sharedScanner = engine.createScanner(["\\Aa|b"]);
    const stockText = stock.createString("aab");
    const sharedText = engine.createString("aab");
    for (const options of [0, 1, 0]) {
      expect(spans(sharedScanner, sharedText, options)).toEqual(spans(stockScanner, stockText, options));
    }
    // And the two answers differ: the test would catch a reused one.
    expect(spans(stockScanner, stockText, 0)).not.toEqual(spans(stockScanner, stockText, 1));
  });

  it("frees what the tokenizer disposes, keeping a bounded number of released patterns compiled", async () => {
    const stock = await createOnigurumaEngine(import("shiki/wasm"));
    let live = 0;
    let compiledCount = 0;
    const counted: RegexEngine = {
      createString: (text) => stock.createString(text),
      createScanner(patterns) {
        const scanner = stock.createScanner(patterns);
        live += 1;
        compiledCount += 1;
        return {
          findNextMatchSync: (text, start, options) => scanner.findNextMatchSync(text, start, options),
          dispose() {
            live -= 1;
            scanner.dispose?.();
          },
        };
      },
    };
    const engine = sharedPatternEngine(counted);
    const held = engine.createScanner(["shared", "kept"]);
    // A heredoc's end pattern per delimiter, each disposed when its heredoc ends, as the tokenizer does.
    for (let index = 0; index < 1000; index += 1)
      engine.createScanner(["shared", `^END${index}$`]).dispose?.();
    // "shared" and "kept" stay (a scanner holds them) and at most 256 released patterns besides.
    expect(live).toBe(2 + 256);
    expect(compiledCount).toBe(2 + 1000);
    // A pattern released lately is still compiled: asking for it again compiles nothing.
    engine.createScanner([`^END999$`]).dispose?.();
    expect(compiledCount).toBe(2 + 1000);
    held.dispose?.();
    expect(live).toBe(256);
  });

  it("does not reuse an earlier search for a \\G pattern, whose match depends on where the search starts", async () => {
    const engine = sharedPatternEngine(await createOnigurumaEngine(import("shiki/wasm")));
    const text = engine.createString("ab");
    const anchored = engine.createScanner(["\\Gb"]);
    expect(anchored.findNextMatchSync(text, 0, 0)).toBeNull();
    expect(anchored.findNextMatchSync(text, 1, 0)?.captureIndices[0]?.start).toBe(1);
    // An unanchored pattern's search from 0 does answer for a start of 1 (it found "b" at 1 either way).
    const free = engine.createScanner(["b"]);
    expect(free.findNextMatchSync(text, 0, 0)?.captureIndices[0]?.start).toBe(1);
    expect(free.findNextMatchSync(text, 1, 0)?.captureIndices[0]?.start).toBe(1);
    expect(free.findNextMatchSync(text, 2, 0)).toBeNull();
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHighlighterCore } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import { bundledLanguages } from "shiki/langs";
import githubLight from "shiki/themes/github-light.mjs";
import { describe, expect, it } from "vitest";
import { memoizeLines } from "../../src/render/primitives/highlight/line-cache.js";

const ROOT = join(import.meta.dirname, "..", "..");

async function highlighter(id: keyof typeof bundledLanguages) {
  const core = await createHighlighterCore({
    engine: createOnigurumaEngine(import("shiki/wasm")),
    themes: [githubLight],
    langs: [],
  });
  await core.loadLanguage((await bundledLanguages[id]()).default);
  return core;
}

type Core = Awaited<ReturnType<typeof highlighter>>;

function tokens(core: Core, id: string, code: string) {
  return core
    .codeToTokensBase(code, { lang: id, theme: "github-light", tokenizeTimeLimit: 0 })
    .map((line) => line.map((token) => [token.content, token.color, token.fontStyle]));
}

/** Counts the lines the grammar really tokenizes (under the cache, when there is one). */
function countLines(core: Core, id: string): () => number {
  const grammar = core.getLanguage(id);
  const original = grammar.tokenizeLine2.bind(grammar);
  let lines = 0;
  grammar.tokenizeLine2 = (...args) => {
    lines += 1;
    return original(...args);
  };
  return () => lines;
}

/**
 * Tokenizes `codes` in order with a memoized grammar and a plain one, expecting the same tokens each
 * time; returns the plain grammar's tokens, for what the caller wants to show differs.
 */
async function expectSameTokens(id: keyof typeof bundledLanguages, codes: readonly string[]) {
  const plain = await highlighter(id);
  const cached = await highlighter(id);
  memoizeLines(cached.getLanguage(id));
  for (const code of codes) expect(tokens(cached, id, code)).toEqual(tokens(plain, id, code));
  cached.dispose();
  return (code: string) => tokens(plain, id, code);
}

describe("memoizeLines", () => {
  it("gives the tokens of a grammar without it, and tokenizes a line met again in the same state once", async () => {
    const source = readFileSync(join(ROOT, "src/redact/redact-json.ts"), "utf8");
    // The file, the same file again, an edited copy (lines shifted into other states: a template
    // string opened earlier), and the file inside a markdown-ish comment block.
    const edited = source.replace(
      "const slots: Slot[] = [];",
      "const slots: Slot[] = [];\nconst t = `open\n",
    );
    const codes = [source, source, edited, `/*\n${source}\n*/`];
    const plain = await highlighter("typescript");
    const cached = await highlighter("typescript");
    const realLines = countLines(cached, "typescript");
    memoizeLines(cached.getLanguage("typescript"));
    for (const code of codes)
      expect(tokens(cached, "typescript", code)).toEqual(tokens(plain, "typescript", code));
    const lines = codes.map((code) => code.split("\n").length);
    // The second copy came from the cache whole; the others needed at least their new lines.
    expect(realLines()).toBeLessThanOrEqual((lines[0] as number) * 3 + 10);
    expect(realLines()).toBeGreaterThan(lines[0] as number);
    plain.dispose();
    cached.dispose();
  });

  it("keeps the first line's state apart: a shebang is one only on the first line", async () => {
    const first = "#!/usr/bin/env node\nlet a";
    const later = "let a\n#!/usr/bin/env node";
    const plainTokens = await expectSameTokens("typescript", [first, later, first, later]);
    // The test means something: the same line is coloured differently in the two places.
    expect(plainTokens(first)[0]).not.toEqual(plainTokens(later)[1]);
  });

  it("keeps stacks apart that differ only in a resolved end pattern (a fence closes on its own length)", async () => {
    const long = "````\n```\n*x*\n````";
    const short = "```\n```\n*x*\n```";
    const plainTokens = await expectSameTokens("markdown", [long, short, long, short]);
    // "*x*" is code in the first (the four-backtick fence is still open) and emphasis in the second.
    expect(plainTokens(long)[2]).not.toEqual(plainTokens(short)[2]);
  });

  it("wraps a grammar once however often it is asked", async () => {
    const cached = await highlighter("json");
    const grammar = cached.getLanguage("json");
    memoizeLines(grammar);
    const wrapped = grammar.tokenizeLine2;
    memoizeLines(grammar);
    expect(grammar.tokenizeLine2).toBe(wrapped);
    cached.dispose();
  });
});

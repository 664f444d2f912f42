import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createHighlighterCore, type LanguageRegistration, type ThemedToken } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import { RULE_THEME_NAME, themeClasses } from "../../src/render/primitives/highlight/theme-classes.js";
import { splitCodeLines } from "../../src/render/primitives/highlight/tokens-to-html.js";
import { CORPUS } from "./paths.js";

/** The class each character of each line gets, as the page gives tokens their classes. */
export function classesByChar(lines: ThemedToken[][]): string[][] {
  const { classOf } = themeClasses();
  return lines.map((tokens) =>
    tokens.flatMap((token) => [...token.content].map(() => classOf(token.color, token.fontStyle))),
  );
}

/** Each non-blank character of `code` with its class (`x:hl-3`): what shows; white space's colour does not. */
export function visibleClasses(code: string, lines: ThemedToken[][]): string[] {
  const byChar = classesByChar(lines);
  const shown: string[] = [];
  splitCodeLines(code).forEach((line, row) => {
    [...line].forEach((char, column) => {
      if (!/\s/.test(char)) shown.push(`${char}:${byChar[row]?.[column] ?? "?"}`);
    });
  });
  return shown;
}

/**
 * The yardstick of a highlighter of our own: what shiki's grammar shows for `code` (`visibleClasses`),
 * with the page's rule theme. Call in `beforeAll`: the grammar takes a moment to load.
 */
export async function grammarYardstick(
  lang: string,
  grammar: Promise<unknown>,
): Promise<(code: string) => string[]> {
  const shiki = await createHighlighterCore({
    themes: [themeClasses().ruleTheme],
    langs: [grammar as Promise<LanguageRegistration[]>],
    engine: createOnigurumaEngine(import("shiki/wasm")),
  });
  return (code) =>
    visibleClasses(
      code,
      shiki.codeToTokensBase(code, { lang, theme: RULE_THEME_NAME, tokenizeTimeLimit: 0 }),
    );
}

/** Every tool call of the corpus's real sessions, in file order: its name and arguments as stored. */
export function corpusToolCalls(): { name: unknown; arguments: unknown }[] {
  const dir = `${CORPUS}real`;
  const calls: { name: unknown; arguments: unknown }[] = [];
  for (const name of readdirSync(dir).sort()) {
    for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
      let entry: { message?: { content?: unknown } };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const content = entry.message?.content;
      if (!Array.isArray(content)) continue;
      for (const part of content) {
        if (part?.type === "toolCall") calls.push({ name: part.name, arguments: part.arguments });
      }
    }
  }
  return calls;
}

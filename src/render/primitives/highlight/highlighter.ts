import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import { bundledLanguages } from "shiki/langs";
import { themeClasses } from "./theme-classes.js";

// Engine choice, measured on this machine (2 cores, Node 20) tokenizing the first 1 MB of zod's
// TypeScript sources (31,938 lines, 174,220 tokens; both engines gave identical tokens):
//   Oniguruma (WASM):       2.3-2.8 s with one theme, 5.3 s with two themes (codeToTokensWithThemes)
//   JavaScript RegExp:      8.6-10.4 s with one theme, 17.2 s with two themes
// Oniguruma is 3-4x faster here, so it is the engine; and tokenizing once with the rule-index theme
// (theme-classes.ts) instead of once per theme halves the cost again.

let highlighter: Promise<HighlighterCore> | undefined;
const languages = new Map<string, Promise<boolean>>();

/** The one shiki highlighter of the process: created on first use, with no language until asked. */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    engine: createOnigurumaEngine(import("shiki/wasm")),
    themes: [themeClasses().ruleTheme],
    langs: [],
  });
  return highlighter;
}

/**
 * Loads one shiki language (by id, see `resolveLanguage`) into the highlighter, once.
 * Resolves to false, never rejects, when the language is unknown or fails to load: show plain text.
 */
export function loadLanguage(id: string): Promise<boolean> {
  let loading = languages.get(id);
  if (loading === undefined) {
    const loader = Object.hasOwn(bundledLanguages, id)
      ? bundledLanguages[id as keyof typeof bundledLanguages]
      : undefined;
    loading =
      loader === undefined
        ? Promise.resolve(false)
        : getHighlighter()
            .then((core) => core.loadLanguage(loader))
            .then(
              () => true,
              () => false,
            );
    languages.set(id, loading);
  }
  return loading;
}

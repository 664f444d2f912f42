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

let engine: ReturnType<typeof createOnigurumaEngine> | undefined;
let highlighter: Promise<HighlighterCore> | undefined;
const languages = new Map<string, Promise<boolean>>();
/** Language id -> the highlighter it is loaded in (see `loadLanguage`). */
const homes = new Map<string, Promise<HighlighterCore>>();

function createCore(): Promise<HighlighterCore> {
  // One WASM engine for every highlighter: it is the costly part, and it holds no grammar.
  engine ??= createOnigurumaEngine(import("shiki/wasm"));
  return createHighlighterCore({ engine, themes: [themeClasses().ruleTheme], langs: [] });
}

/** The one shared shiki highlighter of the process: created on first use, with no language until asked. */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createCore();
  return highlighter;
}

/** The highlighter `id` was loaded in; call after `loadLanguage(id)` resolved to true. */
export function highlighterOf(id: string): Promise<HighlighterCore> {
  return homes.get(id) ?? getHighlighter();
}

/**
 * Loads one shiki language (by id, see `resolveLanguage`) into a highlighter, once.
 * Resolves to false, never rejects, when the language is unknown or fails to load: show plain text.
 *
 * A language whose grammars reach into others' gets a highlighter of its own: one that embeds languages
 * *lazily* (markdown's fenced code, vue's blocks, ...) would, in a shared one, colour a fence only when
 * something else had loaded the fence's language first; one that *injects* into others (ts-tags and lit
 * into TypeScript and JavaScript, angular into HTML) would change how every later TypeScript block is
 * coloured. Either way a block's colours would depend on what the process had highlighted before (another
 * session in an archive worker, the order blocks reach the report thread). Alone, they never meet.
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
        : (async () => {
            const grammars = (await loader()).default;
            const reachesOut = grammars.some(
              (grammar) =>
                (grammar.embeddedLangsLazy?.length ?? 0) > 0 || (grammar.injectTo?.length ?? 0) > 0,
            );
            const home = reachesOut ? createCore() : getHighlighter();
            homes.set(id, home);
            await (await home).loadLanguage(grammars);
            return true;
          })().catch(() => false);
    languages.set(id, loading);
  }
  return loading;
}

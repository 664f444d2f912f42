/**
 * Tokenizing one block into per-line HTML: shiki's TextMate grammars on its Oniguruma engine, or the Lezer
 * parsers and shell scanner of own-highlighters.ts. The heavy half of highlighting, in a module of its own:
 * `code-to-lines.ts` loads it on first use, so a thread that only decides what is highlighted never does.
 */
import type { OwnHighlighters } from "../engines.js";
import { highlighterOf, loadLanguage } from "./highlighter.js";
import { isOwnBlock, ownTokens } from "./own-highlighters.js";
import { RULE_THEME_NAME, themeClasses } from "./theme-classes.js";
import { tokensToHtmlLines } from "./tokens-to-html.js";

// Lines this long are minified or generated: shiki leaves them plain rather than spend seconds on
// one line. Shiki's per-line time limit is switched off instead of relied on: a limit in
// milliseconds would make the output depend on how fast the machine is, and reports must be
// byte-identical from run to run.
const MAX_LINE_LENGTH = 10_000;

/**
 * `code` as language `id` (a resolved shiki id), one HTML string per line, by our own highlighter where
 * `own` has one for it, else shiki's grammar; `undefined` when the language cannot be loaded or its
 * grammar or parser fails on this code. Never rejects.
 */
export async function tokenizeBlock(
  code: string,
  id: string,
  own: OwnHighlighters,
): Promise<string[] | undefined> {
  if (isOwnBlock(code, id, own)) return tokenizeOwn(code, id, own);
  if (!(await loadLanguage(id))) return undefined;
  try {
    const core = await highlighterOf(id);
    const tokens = core.codeToTokensBase(code, {
      lang: id,
      theme: RULE_THEME_NAME,
      tokenizeMaxLineLength: MAX_LINE_LENGTH,
      tokenizeTimeLimit: 0,
    });
    return tokensToHtmlLines(tokens, themeClasses().classOf);
  } catch {
    // A grammar that chokes on odd input costs that block its colours, nothing more.
    return undefined;
  }
}

function tokenizeOwn(code: string, id: string, own: OwnHighlighters): string[] | undefined {
  try {
    return tokensToHtmlLines(ownTokens(code, id, own), themeClasses().classOf);
  } catch {
    // As with a grammar: a parser that fails on odd input costs that block its colours, nothing more.
    return undefined;
  }
}

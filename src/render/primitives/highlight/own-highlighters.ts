import type { ThemedToken } from "shiki/core";
import { SHELL_LANGUAGE } from "./languages.js";
import { isParsedBlock, isParsedLanguage, parsedTokens } from "./parsed-languages.js";
import { shellTokens } from "./shell-tokens.js";

// The languages a report highlights most, highlighted by code of our own instead of shiki's TextMate
// grammars, which are the slowest part of a large report: TypeScript and JavaScript from a Lezer parse
// (parsed-languages.ts), shell by a scanner (shell-tokens.ts). Both give shiki-shaped tokens in the
// colours the same theme gives the grammar's scopes, so the page cannot tell them apart.

/** Whether `id` (a resolved shiki language id) is highlighted by our own code: no grammar to load for it. */
export function hasOwnHighlighter(id: string): boolean {
  return id === SHELL_LANGUAGE || isParsedLanguage(id);
}

/**
 * Whether this block of language `id` is highlighted by our own code. Not a TypeScript block with a line
 * too long to parse in good time: that one goes to the grammar (see `PARSED_MAX_LINE_LENGTH`).
 */
export function isOwnBlock(code: string, id: string): boolean {
  return id === SHELL_LANGUAGE || isParsedBlock(code, id);
}

/** Tokens of a block `isOwnBlock` accepts, line by line as shiki gives them. */
export function ownTokens(code: string, id: string): ThemedToken[][] {
  return id === SHELL_LANGUAGE ? shellTokens(code) : parsedTokens(code, id);
}

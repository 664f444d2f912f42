import type { ThemedToken } from "shiki/core";
import { DEFAULT_ENGINES, type OwnHighlighters } from "../engines.js";
import { SHELL_LANGUAGE } from "./languages.js";
import { isParsedBlock, isParsedLanguage, parsedTokens } from "./parsed-languages.js";
import { shellTokens } from "./shell-tokens.js";

// The languages a report highlights most, highlighted by code of our own instead of shiki's TextMate
// grammars, which are the slowest part of a large report: TypeScript and JavaScript from a Lezer parse
// (parsed-languages.ts), shell by a scanner (shell-tokens.ts). Both give
// shiki-shaped tokens in the colours the same theme gives the grammar's scopes, so the page cannot tell
// them apart.

/** Languages scanned by code of our own, whatever their blocks hold, and the engine that turns each on. */
const SCANNERS: Readonly<Record<string, [keyof OwnHighlighters, (code: string) => ThemedToken[][]]>> = {
  [SHELL_LANGUAGE]: ["shell", shellTokens],
};

/** The scanner of `id`, unless `own` leaves it out: then shiki's grammar runs. */
function scannerOf(id: string, own: OwnHighlighters): ((code: string) => ThemedToken[][]) | undefined {
  const scanner = Object.hasOwn(SCANNERS, id) ? SCANNERS[id] : undefined;
  return scanner !== undefined && own[scanner[0]] ? scanner[1] : undefined;
}

/** Whether `id` (a resolved shiki language id) is highlighted by our own code: no grammar to load for it. */
export function hasOwnHighlighter(id: string, own: OwnHighlighters = DEFAULT_ENGINES.highlighters): boolean {
  return scannerOf(id, own) !== undefined || (isParsedLanguage(id) && own.lezer);
}

/**
 * Whether this block of language `id` is highlighted by our own code. Not a TypeScript block with a line
 * too long to parse in good time: that one goes to the grammar (see `PARSED_MAX_LINE_LENGTH`).
 */
export function isOwnBlock(
  code: string,
  id: string,
  own: OwnHighlighters = DEFAULT_ENGINES.highlighters,
): boolean {
  return scannerOf(id, own) !== undefined || (isParsedBlock(code, id) && own.lezer);
}

/** Tokens of a block `isOwnBlock` accepts, line by line as shiki gives them. */
export function ownTokens(
  code: string,
  id: string,
  own: OwnHighlighters = DEFAULT_ENGINES.highlighters,
): ThemedToken[][] {
  return (scannerOf(id, own) ?? ((text: string) => parsedTokens(text, id)))(code);
}

import type { ThemedToken } from "shiki/core";
import { type SpeedPiece, speedPieceOn } from "../../../speed/pieces.js";
import { SHELL_LANGUAGE } from "./languages.js";
import { isParsedBlock, isParsedLanguage, parsedTokens } from "./parsed-languages.js";
import { shellTokens } from "./shell-tokens.js";

// The languages a report highlights most, highlighted by code of our own instead of shiki's TextMate
// grammars, which are the slowest part of a large report: TypeScript and JavaScript from a Lezer parse
// (parsed-languages.ts), shell by a scanner (shell-tokens.ts). Both give
// shiki-shaped tokens in the colours the same theme gives the grammar's scopes, so the page cannot tell
// them apart.

/** Languages scanned by code of our own, whatever their blocks hold, and the piece each scanner is. */
const SCANNERS: Readonly<Record<string, [SpeedPiece, (code: string) => ThemedToken[][]]>> = {
  [SHELL_LANGUAGE]: ["shell-scanner", shellTokens],
};

/** The scanner of `id`, unless it is switched off (src/speed/pieces.ts): then shiki's grammar runs. */
function scannerOf(id: string): ((code: string) => ThemedToken[][]) | undefined {
  const scanner = Object.hasOwn(SCANNERS, id) ? SCANNERS[id] : undefined;
  return scanner !== undefined && speedPieceOn(scanner[0]) ? scanner[1] : undefined;
}

/** Whether `id` (a resolved shiki language id) is highlighted by our own code: no grammar to load for it. */
export function hasOwnHighlighter(id: string): boolean {
  return scannerOf(id) !== undefined || (isParsedLanguage(id) && speedPieceOn("lezer"));
}

/**
 * Whether this block of language `id` is highlighted by our own code. Not a TypeScript block with a line
 * too long to parse in good time: that one goes to the grammar (see `PARSED_MAX_LINE_LENGTH`).
 */
export function isOwnBlock(code: string, id: string): boolean {
  return scannerOf(id) !== undefined || (isParsedBlock(code, id) && speedPieceOn("lezer"));
}

/** Tokens of a block `isOwnBlock` accepts, line by line as shiki gives them. */
export function ownTokens(code: string, id: string): ThemedToken[][] {
  return (scannerOf(id) ?? ((text: string) => parsedTokens(text, id)))(code);
}

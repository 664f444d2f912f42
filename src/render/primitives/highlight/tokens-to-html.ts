import type { ThemedToken } from "shiki/core";
import { escapeHtml } from "../escape.js";

/** Splits code into lines exactly as shiki does (on `\n` and `\r\n`), so plain and highlighted lines align. */
export function splitCodeLines(code: string): string[] {
  return code.split(/\r?\n/);
}

/** Escaped plain text, one string per line: what a block looks like when it is not highlighted. */
export function plainLines(code: string): string[] {
  return splitCodeLines(code).map(escapeHtml);
}

const isBlank = (text: string) => /^\s*$/.test(text);

/**
 * Turns shiki's tokens into one HTML string per line: each run of same-class text in one
 * `<span class>`, default-coloured text bare. Whitespace joins the run before it (its colour is
 * invisible) unless that run is underlined or struck through, which would show.
 */
export function tokensToHtmlLines(
  lines: ThemedToken[][],
  classOf: (color: string | undefined, fontStyle: number | undefined) => string,
): string[] {
  return lines.map((tokens) => {
    let html = "";
    let runClass = "";
    let runText = "";
    const flush = () => {
      if (runText !== "") html += runClass === "" ? runText : `<span class="${runClass}">${runText}</span>`;
      runText = "";
    };
    for (const token of tokens) {
      const className = classOf(token.color, token.fontStyle);
      const joinsRun =
        className === runClass || (runText !== "" && isBlank(token.content) && !/hl-[us]/.test(runClass));
      if (!joinsRun) {
        flush();
        runClass = className;
      }
      runText += escapeHtml(token.content);
    }
    flush();
    return html;
  });
}

import { escapeHtml } from "../escape.js";
import { type HighlightRequest, highlightedLines } from "./code-to-lines.js";
import { CODE_BLOCK_CLASS } from "./theme-classes.js";

/** The one `<pre><code>` wrapper every code block uses, highlighted or not, around its HTML. */
function wrapBlock(html: string): string {
  return `<pre class="${CODE_BLOCK_CLASS}"><code>${html}</code></pre>`;
}

/** Wraps per-line HTML in the code block wrapper. */
export function linesToBlock(lines: readonly string[]): string {
  return wrapBlock(lines.join("\n"));
}

/**
 * A code block as escaped plain text, in the same wrapper as a highlighted one: `linesToBlock` of its
 * plain lines, made without the lines. Joining lines split on `\n` and `\r\n` with `\n` leaves the text
 * but for `\r\n`, and escaping never touches a line end. Most of a large session's code is past the
 * highlight budget and comes through here: one pass over it instead of a string per line.
 */
export function plainCodeBlock(code: string): string {
  return wrapBlock(escapeHtml(code.replace(CRLF, "\n")));
}

const CRLF = /\r\n/g;

/**
 * A finished `<pre class="shiki"><code>` block for `code`: highlighted with token classes when the
 * language is known and the budget allows, escaped plain text otherwise. Never rejects.
 */
export async function highlightCode(code: string, request: HighlightRequest): Promise<string> {
  if (typeof code !== "string") return plainCodeBlock("");
  const highlighted = await highlightedLines(code, request);
  return highlighted === undefined ? plainCodeBlock(code) : linesToBlock(highlighted.lines);
}

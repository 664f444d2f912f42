import { codeToLines, type HighlightRequest } from "./code-to-lines.js";
import { CODE_BLOCK_CLASS } from "./theme-classes.js";
import { plainLines } from "./tokens-to-html.js";

/** Wraps per-line HTML in the one `<pre><code>` wrapper every code block uses, highlighted or not. */
export function linesToBlock(lines: readonly string[]): string {
  return `<pre class="${CODE_BLOCK_CLASS}"><code>${lines.join("\n")}</code></pre>`;
}

/** A code block as escaped plain text, in the same wrapper as a highlighted one. */
export function plainCodeBlock(code: string): string {
  return linesToBlock(plainLines(code));
}

/**
 * A finished `<pre class="shiki"><code>` block for `code`: highlighted with token classes when the
 * language is known and the budget allows, escaped plain text otherwise. Never rejects.
 */
export async function highlightCode(code: string, request: HighlightRequest): Promise<string> {
  const { lines } = await codeToLines(code, request);
  return linesToBlock(lines);
}

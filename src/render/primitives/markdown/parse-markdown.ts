import MarkdownIt, { type PluginSimple } from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import footnotes from "markdown-it-footnote";

/**
 * The markdown parser behind the HTML report: markdown-it with GFM's tables, strikethrough, autolinks
 * and footnotes. It parses a session's markdown 12-20 times faster than micromark (remark-parse) does
 * here (400 KB: ~40-140 ms against 0.9-2.3 s), which was the largest single cost of an HTML report.
 * Its tokens become hast (`tokens-to-hast.ts`), and the same rehype plugins and sanitizer as ever make
 * the HTML, so what is allowed on the page is still decided by one schema.
 *
 * - `html: true` so raw HTML comes out as its own tokens, which the converter turns into visible text
 *   (never markup); with `html: false` block HTML would blur into the paragraphs around it.
 * - No typographer: quotes and dashes stay as the model wrote them.
 * - Every link target is accepted here; rehype-sanitize drops the ones a page must not follow, keeping
 *   the link text, which is what readers saw before (markdown-it alone would show `[x](javascript:…)`).
 * - No nesting limit: markdown-it stops parsing a block at its limit and drops the rest of the text.
 *   Without one, absurd nesting ends in a stack overflow instead, which `markdownToHtml` catches and
 *   answers with the whole text, escaped.
 */
const parser = new MarkdownIt("default", { html: true, linkify: true, typographer: false, breaks: false })
  // The footnote plugin's types are written against markdown-it's CommonJS typings; it is the same object.
  .use(footnotes as unknown as PluginSimple);
// Not in the typed options, but read from `options` like the rest (see markdown-it's presets).
(parser.options as { maxNesting: number }).maxNesting = Number.POSITIVE_INFINITY;
parser.validateLink = () => true;
// An autolink reads as the model wrote it (`?q=a%20b`, not `?q=a b`); its target is still encoded.
parser.normalizeLinkText = (text) => text;

/** The block tokens of `markdown` (inline tokens under each `inline` token's `children`). */
export function parseMarkdown(markdown: string): Token[] {
  return parser.parse(markdown, {});
}

export type { Token };

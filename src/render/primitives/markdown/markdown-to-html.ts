import type { Root } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import type { HighlightBudget } from "../highlight/budget.js";
import { plainCodeBlock } from "../highlight/code-to-html.js";
import { rehypeFootnoteLinks } from "./footnote-links.js";
import { rehypeHighlightFences } from "./highlight-fences.js";
import { rehypeImagesToLinks } from "./images-to-links.js";
import { rehypeLinkRel } from "./link-rel.js";
import { parseMarkdown } from "./parse-markdown.js";
import { isPlainProse, proseToHtml } from "./plain-prose.js";
import { sanitizeSchema } from "./sanitize-schema.js";
import { tokensToHast } from "./tokens-to-hast.js";

/** Options for `markdownToHtml`. */
export interface MarkdownOptions {
  /** The report's highlight budget; code fences spend from it at 'code-fence' priority. */
  budget: HighlightBudget;
  /**
   * Prefix for the ids footnotes create (default `user-content-`). Give each message its own
   * (`m42-`) when several messages on one page may have footnotes, or their links collide.
   */
  idPrefix?: string;
}

/**
 * Markdown (as a model or person wrote it) -> sanitized HTML, ready for a template's `{{{ }}}`.
 *
 * markdown-it (GFM; `parse-markdown.ts`) -> hast shaped as remark-rehype shapes it, raw HTML kept as
 * visible text (`tokens-to-hast.ts`) -> images to links -> rehype-sanitize (GitHub's schema; data-URI
 * images only; ids prefixed) -> footnote links follow the prefix -> links get rel -> code fences
 * highlighted -> rehype-stringify. Never rejects: input the pipeline refuses or fails on (blocks nested
 * past the parser's limit, `MarkdownTooDeep`) comes back whole as one escaped plain-text block.
 */
export async function markdownToHtml(markdown: string, options: MarkdownOptions): Promise<string> {
  const text = typeof markdown === "string" ? markdown : "";
  if (isPlainProse(text)) return proseToHtml(text);
  // Only footnotes create ids, so only text with footnotes needs a processor with its own prefix;
  // everything else shares one per budget (building a processor costs more than parsing a sentence).
  if (FOOTNOTE.test(text)) {
    return renderOrShow(buildProcessor(options.budget, options.idPrefix ?? "user-content-"), text);
  }
  // Text without footnotes comes out the same wherever it stands on a page: it makes no ids, and its
  // fences get the answers they got the first time (a block the budget paid for stays free, and one it
  // refused stays refused: what is spent only grows). So a text met again is rendered once per budget,
  // that is per report: a quarter of the bench session's formatted markdown is repeated text.
  const report = perBudget(options.budget);
  let html = report.rendered.get(text);
  if (html === undefined) {
    html = renderOrShow(report.processor, text);
    report.rendered.set(text, html);
  }
  return html;
}

/** The pipeline's HTML, or the text as one escaped plain block when the pipeline refuses or fails on it. */
async function renderOrShow(processor: ReturnType<typeof buildProcessor>, text: string): Promise<string> {
  try {
    return await renderWith(processor, text);
  } catch {
    return plainCodeBlock(text);
  }
}

/** The full pipeline, without the plain-prose fast path (tests hold the two equal). */
export async function markdownToHtmlByPipeline(markdown: string, budget: HighlightBudget): Promise<string> {
  return renderWith(perBudget(budget).processor, markdown);
}

async function renderWith(processor: ReturnType<typeof buildProcessor>, markdown: string): Promise<string> {
  const tree = tokensToHast(parseMarkdown(markdown));
  return processor.stringify((await processor.run(tree)) as Root);
}

const FOOTNOTE = /\[\^/;
/** What one budget (one report) shares: the processor for text without footnotes, and its rendered texts. */
interface PerBudget {
  processor: ReturnType<typeof buildProcessor>;
  rendered: Map<string, Promise<string>>;
}
const byBudget = new WeakMap<HighlightBudget, PerBudget>();

function perBudget(budget: HighlightBudget): PerBudget {
  let shared = byBudget.get(budget);
  if (shared === undefined) {
    shared = { processor: buildProcessor(budget, "user-content-"), rendered: new Map() };
    byBudget.set(budget, shared);
  }
  return shared;
}

function buildProcessor(budget: HighlightBudget, idPrefix: string) {
  return (
    // A hast-to-HTML processor: the tree comes from markdown-it, with unprefixed ids that
    // rehype-sanitize then prefixes (ids and the aria references to them).
    unified()
      .use(rehypeImagesToLinks)
      .use(rehypeSanitize, sanitizeSchema(idPrefix))
      .use(rehypeFootnoteLinks, { prefix: idPrefix })
      .use(rehypeLinkRel)
      .use(rehypeHighlightFences, { budget })
      // The only raw nodes in the tree are the highlighted fences, added after sanitizing.
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze()
  );
}

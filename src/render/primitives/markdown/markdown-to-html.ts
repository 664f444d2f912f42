import type { HighlightBudget } from "../highlight/budget.js";
import { highlightCode, plainCodeBlock } from "../highlight/code-to-html.js";
import { DEFAULT_ID_PREFIX, mayHaveFootnotes } from "./footnotes.js";
import type { MarkdownParts } from "./markdown-parts.js";
import { isPlainProse, proseToHtml } from "./plain-prose.js";

/** Options for `markdownToHtml`. */
export interface MarkdownOptions {
  /** The report's highlight budget; code fences spend from it at 'code-fence' priority. */
  budget: HighlightBudget;
  /**
   * Prefix for the ids footnotes create (default `user-content-`). Give each message its own
   * (`m42-`) when several messages on one page may have footnotes, or their links collide.
   */
  idPrefix?: string;
  /** Write prose without markdown as paragraphs without parsing it (`RenderEngines.plainProse`); default true. */
  plainProse?: boolean;
}

/**
 * Markdown (as a model or person wrote it) -> sanitized HTML, ready for a template's `{{{ }}}`: the text
 * rendered up to its fences (`markdownParts`, which says how), then each fence highlighted at
 * 'code-fence' priority on the budget, in document order. Never rejects: input the pipeline refuses or
 * fails on comes back whole as one escaped plain-text block.
 */
export async function markdownToHtml(markdown: string, options: MarkdownOptions): Promise<string> {
  const text = typeof markdown === "string" ? markdown : "";
  if (options.plainProse !== false && isPlainProse(text)) return proseToHtml(text);
  // Only footnotes create ids, so only text with footnotes needs its own prefix.
  if (mayHaveFootnotes(text))
    return renderOrShow(text, options.budget, options.idPrefix ?? DEFAULT_ID_PREFIX);
  // Text without footnotes comes out the same wherever it stands on a page: it makes no ids, and its
  // fences get the answers they got the first time (a block the budget paid for stays free, and one it
  // refused stays refused: what is spent only grows). So a text met again is rendered once per budget,
  // that is per report: a quarter of the bench session's formatted markdown is repeated text.
  const report = perBudget(options.budget);
  let html = report.rendered.get(text);
  if (html === undefined) {
    html = renderOrShow(text, options.budget, DEFAULT_ID_PREFIX);
    report.rendered.set(text, html);
  }
  return html;
}

/** The full pipeline, without the plain-prose fast path (tests hold the two equal). */
export async function markdownToHtmlByPipeline(markdown: string, budget: HighlightBudget): Promise<string> {
  return withFences((await pipeline()).markdownParts(markdown), budget);
}

// The pipeline (markdown-it, unified, the sanitizer: ~25 ms of loading) is loaded on first use: a page
// that formats no markdown never loads it.
let loaded: Promise<typeof import("./markdown-parts.js")> | undefined;
const pipeline = () => {
  loaded ??= import("./markdown-parts.js");
  return loaded;
};

/** The text's HTML, or the text as one escaped plain block when the pipeline refuses or fails on it. */
async function renderOrShow(text: string, budget: HighlightBudget, idPrefix: string): Promise<string> {
  let parts: MarkdownParts;
  try {
    parts = (await pipeline()).markdownParts(text, idPrefix);
  } catch {
    return plainCodeBlock(text);
  }
  return withFences(parts, budget);
}

/** The parts joined around their fences, highlighted (or shown plain) as the budget says. */
async function withFences({ segments, fences }: MarkdownParts, budget: HighlightBudget): Promise<string> {
  if (fences.length === 0) return segments[0] ?? "";
  // Every call is made before any is awaited, in document order: that order alone decides what the
  // budget lets through, so the output is the same from run to run.
  const blocks = await Promise.all(
    fences.map(({ code, language }) => highlightCode(code, { language, priority: "code-fence", budget })),
  );
  let html = segments[0] ?? "";
  for (const [index, block] of blocks.entries()) html += block + (segments[index + 1] ?? "");
  return html;
}

/** What one budget (one report) shares: the texts it rendered. */
interface PerBudget {
  rendered: Map<string, Promise<string>>;
}
const byBudget = new WeakMap<HighlightBudget, PerBudget>();

function perBudget(budget: HighlightBudget): PerBudget {
  let shared = byBudget.get(budget);
  if (shared === undefined) {
    shared = { rendered: new Map() };
    byBudget.set(budget, shared);
  }
  return shared;
}

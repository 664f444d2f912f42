/**
 * The HTML and Markdown renderers for the library, loaded on first use: they bring shiki, unified and
 * handlebars, which a program that only reads sessions or builds the JSON report should not pay to load.
 */
import type { SessionAnalysis } from "./pipeline.js";
import type { HtmlOptions } from "./render/html/render-html.js";
import type { MarkdownOptions, MarkdownReport } from "./render/markdown/render-markdown.js";

export {
  formatNamedBy,
  OUTPUT_FORMATS,
  type OutputFormat,
  REPORT_FORMATS,
  type RenderedReport,
  type RenderRequest,
  type ReportFormat,
  type ReportSpeed,
} from "./render/formats.js";
export type { PagePhase, PageSpeed } from "./render/html/page-speed.js";
export type { HtmlOptions } from "./render/html/render-html.js";
export type { MarkdownAsset, MarkdownOptions, MarkdownReport } from "./render/markdown/render-markdown.js";

/** The self-contained HTML page of a session (see the README's "The HTML report"). */
export async function renderHtml(analysis: SessionAnalysis, options: HtmlOptions = {}): Promise<string> {
  return (await import("./render/html/render-html.js")).renderHtml(analysis, options);
}

/**
 * The same page as pieces that join to exactly `renderHtml`'s: write them one after another (or pass
 * them to a stream) to never hold a large report as one string.
 */
export async function renderHtmlParts(
  analysis: SessionAnalysis,
  options: HtmlOptions = {},
): Promise<string[]> {
  return (await import("./render/html/render-html.js")).renderHtmlParts(analysis, options);
}

/** The GitHub Markdown report of a session, and the images it links (see "Markdown for pull requests"). */
export async function renderMarkdown(
  analysis: SessionAnalysis,
  options: MarkdownOptions = {},
): Promise<MarkdownReport> {
  return (await import("./render/markdown/render-markdown.js")).renderMarkdown(analysis, options);
}

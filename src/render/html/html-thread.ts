import type { DeferredTokenizer } from "../primitives/highlight/deferred-tokenizer.js";
import type { MarkdownParts } from "../primitives/markdown/markdown-parts.js";

/**
 * What the HTML page asks of the report thread (`startReportThread`, which does more): its own type here,
 * so the page does not import the thread that imports the page.
 */
export interface HtmlThread {
  /** The tokenizer to give the report's highlight budget (`renderHtmlParts` does this). */
  readonly tokenizer: DeferredTokenizer;
  /**
   * The languages the page will likely highlight, most used first (`likelyLanguages`): the thread warms
   * them up while it waits for the first block. A hint only; it never changes the page.
   */
  warmLanguages(ids: readonly string[]): void;
  /**
   * Has the thread render `texts` up to their fences (`markdownParts`) while it would otherwise wait: the
   * markdown the page will likely format (`likelyMarkdown`). A hint only; it never changes the page.
   */
  markdownAhead(texts: readonly string[]): MarkdownAhead;
  /**
   * The finished page: waits for the last blocks and puts every highlighted line in its place. Closes
   * the thread: one thread serves one report.
   */
  finish(parts: readonly string[]): Promise<string[]>;
}

/** Markdown being rendered ahead in the report thread. */
export interface MarkdownAhead {
  /**
   * Stops the thread's work on it and gives what it has sent so far, by text (for `useMarkdownParts`).
   * Call it when the page is about to format its markdown: the thread then goes on to its blocks.
   */
  take(): Promise<ReadonlyMap<string, MarkdownParts>>;
}

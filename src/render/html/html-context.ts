import { EMBEDDABLE_IMAGE_TYPES } from "../../view/content-view.js";
import type { ImageView, MessageView } from "../../view/entry-view.js";
import { formatInteger } from "../../view/format.js";
import { ansiToHtml } from "../primitives/ansi/ansi-to-html.js";
import type { RenderEngines } from "../primitives/engines.js";
import { escapeHtml } from "../primitives/escape.js";
import type { HighlightBudget, HighlightPriority } from "../primitives/highlight/budget.js";
import { highlightCode, plainCodeBlock } from "../primitives/highlight/code-to-html.js";
import { markdownToHtml } from "../primitives/markdown/markdown-to-html.js";
import { isPlainProse, proseToHtml } from "../primitives/markdown/plain-prose.js";
import type { HtmlImage, HtmlMessage, Slot } from "./template-data.js";

export type { HtmlImage, Slot };

import type { RenderJobs } from "./render-jobs.js";

/** What the page-model builders share: the job queue, the highlight budget and the report's options. */
export interface HtmlContext {
  /** The pieces the page is rendered with (`PageSpeed.engines`). */
  engines: RenderEngines;
  jobs: RenderJobs;
  budget: HighlightBudget;
  cwd: string | null;
  /** Leave thinking out of the page (`--no-thinking`). */
  thinking: boolean;
  /** The link to a sub-agent run's session file's own page (in the archive), by its absolute path. */
  childPage: (path: string) => string | null;
  /** Anchor of an entry id (the later line for a duplicated id). */
  anchorOf: (id: string) => string | null;
  /** Counter for markdown id prefixes, so footnote ids never collide across messages. */
  nextMarkdownId: () => string;
  /** Characters of markdown left to format; past it, text is shown as written (see DEFAULT_MARKDOWN_CHARS). */
  markdownLeft: { chars: number };
  /** A sub-agent run's transcript as template data (`messagesToHtml`, passed in: a run's messages sit in a tool). */
  subMessages: (messages: readonly MessageView[]) => HtmlMessage[];
}

/**
 * How much markdown one report formats, in characters: a bound on the time a pathological session can
 * spend on markdown. The pipeline (markdown-it, then sanitizing) takes ~0.1 s for 400 KB here; text past
 * it (in reading order: prompts and replies before later output) is shown as written, whitespace kept,
 * which reads fine. Plain prose costs nothing and does not count. (Formatting all of the 20 MB bench
 * session's markdown instead would add ~0.15 s to its 3.3 s.)
 */
export const DEFAULT_MARKDOWN_CHARS = 400_000;

/** A slot in the page model that a job fills with finished HTML. */
/** Markdown -> sanitized HTML, later, at code-fence priority. */
export function markdownSlot(context: HtmlContext, markdown: string): Slot {
  const slot: Slot = { html: "" };
  const idPrefix = context.nextMarkdownId();
  context.jobs.add(
    "code-fence",
    async () => {
      const { plainProse } = context.engines;
      // Prose is never held to the budget, written without a parse or (that piece off) through it.
      if (isPlainProse(markdown)) {
        return plainProse
          ? proseToHtml(markdown)
          : markdownToHtml(markdown, { budget: context.budget, idPrefix, plainProse });
      }
      if (markdown.length > context.markdownLeft.chars) return plainTextSlot(markdown).html;
      context.markdownLeft.chars -= markdown.length;
      return markdownToHtml(markdown, { budget: context.budget, idPrefix, plainProse });
    },
    (html) => {
      slot.html = html;
    },
  );
  return slot;
}

/** Code -> highlighted HTML (or plain escaped text past the budget), later, at the given priority. */
export function codeSlot(
  context: HtmlContext,
  code: string,
  language: string | undefined,
  priority: HighlightPriority,
): Slot {
  const slot: Slot = { html: "" };
  if (language === undefined) {
    slot.html = plainCodeBlock(code);
    return slot;
  }
  context.jobs.add(
    priority,
    () => highlightCode(code, { language, priority, budget: context.budget }),
    (html) => {
      slot.html = html;
    },
  );
  return slot;
}

/** JSON, pretty-printed and highlighted. */
export function jsonSlot(context: HtmlContext, value: unknown, priority: HighlightPriority): Slot {
  return codeSlot(context, prettyJson(value), "json", priority);
}

/** Text shown as written (whitespace kept), escaped. Cheap, so done now. */
export function plainTextSlot(text: string): Slot {
  return { html: `<div class="plain-text">${escapeHtml(text)}</div>` };
}

/** Terminal output: ANSI colours as classes, everything escaped. Cheap, so done now. */
export function terminalSlot(text: string): Slot {
  return { html: `<pre class="terminal"><code>${ansiToHtml(text)}</code></pre>` };
}

/** JSON text for display; values JSON cannot hold (undefined, cycles, BigInt) are described instead. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    return `(cannot be shown as JSON: ${error instanceof Error ? error.message : String(error)})`;
  }
}

/** An image as the template shows it: a data URI only for PNG, JPEG, GIF and WebP with clean base64. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function htmlImages(images: readonly ImageView[]): HtmlImage[] {
  return images.map((image) => {
    const data = image.data.replace(/\s+/g, "");
    const embeddable = EMBEDDABLE_IMAGE_TYPES.includes(image.mimeType.toLowerCase()) && BASE64.test(data);
    return {
      src: embeddable ? `data:${image.mimeType.toLowerCase()};base64,${data}` : null,
      mimeType: image.mimeType,
      size: `${formatInteger(image.bytes)} bytes`,
      reference: image.reference,
    };
  });
}

/** Number of lines of a text, for "234 lines" notes. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines += 1;
  return text.endsWith("\n") ? lines - 1 : lines;
}

import type { Root } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { FENCE_SLOT, type Fence, fencesOf, rehypeFenceSlots } from "./fence-slots.js";
import { rehypeFootnoteLinks } from "./footnote-links.js";
import { DEFAULT_ID_PREFIX } from "./footnotes.js";
import { rehypeImagesToLinks } from "./images-to-links.js";
import { rehypeLinkRel } from "./link-rel.js";
import { parseMarkdown } from "./parse-markdown.js";
import { sanitizeSchema } from "./sanitize-schema.js";
import { tokensToHast } from "./tokens-to-hast.js";

/**
 * A markdown text rendered up to its code fences: the sanitized HTML in the pieces between them, and the
 * fences, in order. `segments` has one more element than `fences`.
 */
export interface MarkdownParts {
  segments: string[];
  fences: Fence[];
}

/** The processor of texts without footnotes, the great majority: built once. */
let shared: ReturnType<typeof buildProcessor> | undefined;

/**
 * Markdown (as a model or person wrote it) -> sanitized HTML up to its fences, which depends on the text
 * and `idPrefix` alone (the prefix of the ids footnotes create).
 *
 * markdown-it (GFM; `parse-markdown.ts`) -> hast shaped as remark-rehype shapes it, raw HTML kept as
 * visible text (`tokens-to-hast.ts`) -> images to links -> rehype-sanitize (GitHub's schema; data-URI
 * images only; ids prefixed) -> footnote links follow the prefix -> links get rel -> fences taken out
 * (`fence-slots.ts`) -> rehype-stringify.
 *
 * @throws on input the pipeline refuses (blocks nested past the parser's limit, `MarkdownTooDeep`).
 */
export function markdownParts(markdown: string, idPrefix: string = DEFAULT_ID_PREFIX): MarkdownParts {
  const processor = processorFor(idPrefix);
  // The file the plugins run on gets this `data` object as its own, and the fence plugin leaves its finds there.
  const data: Record<string, unknown> = {};
  const html = processor.stringify(
    processor.runSync(tokensToHast(parseMarkdown(markdown)), { data }) as Root,
  );
  const fences = fencesOf({ data });
  const segments = html.split(FENCE_SLOT);
  if (segments.length !== fences.length + 1) throw new Error("a fence slot was not where its fence was");
  return { segments, fences };
}

function processorFor(idPrefix: string) {
  // A text with footnotes gets a processor of its own prefix: such texts are few, and each has its own.
  if (idPrefix !== DEFAULT_ID_PREFIX) return buildProcessor(idPrefix);
  shared ??= buildProcessor(DEFAULT_ID_PREFIX);
  return shared;
}

function buildProcessor(idPrefix: string) {
  return (
    // A hast-to-HTML processor: the tree comes from markdown-it, with unprefixed ids that
    // rehype-sanitize then prefixes (ids and the aria references to them).
    unified()
      .use(rehypeImagesToLinks)
      .use(rehypeSanitize, sanitizeSchema(idPrefix))
      .use(rehypeFootnoteLinks, { prefix: idPrefix })
      .use(rehypeLinkRel)
      .use(rehypeFenceSlots)
      // The only raw nodes in the tree are the fence slots, added after sanitizing.
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze()
  );
}

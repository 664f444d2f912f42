import { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import { MESSAGE_TOP_HEADING } from "./heading-levels.js";

/**
 * GitHub's sanitize schema (what GitHub lets through in a README: tables, task lists, footnotes,
 * `language-*` classes on code), narrowed for a page that must load nothing from the network:
 * an image source may only be a `data:` URI. `images-to-links.ts` has already turned every other
 * image into a link and checked each data URI's MIME type; this is the net under it.
 * Every `id` gets `idPrefix`, so message text cannot clobber page globals or the report's anchors.
 */
export function sanitizeSchema(idPrefix: string): SanitizeSchema {
  return {
    ...defaultSchema,
    protocols: { ...defaultSchema.protocols, src: ["data"] },
    // GitHub keeps `sr-only` on its footnotes' h2 label; here that label is the message's top heading.
    attributes: {
      ...defaultSchema.attributes,
      [`h${MESSAGE_TOP_HEADING}`]: [["className", "sr-only"]],
    },
    clobberPrefix: idPrefix,
  };
}

import type { Root } from "hast";
import { walkElements } from "./walk-elements.js";

/**
 * rehype plugin: points footnote links at their prefixed targets. rehype-sanitize prefixes every
 * `id` (and `aria-describedby`) so message text cannot clobber page globals or collide with the
 * report's own anchors, but leaves `href="#fn-1"` as it was; this adds the same prefix to the links
 * remark-rehype made for footnotes (marked by their `data-footnote-*` attributes, which markdown
 * text cannot forge: raw HTML never becomes markup here).
 */
export function rehypeFootnoteLinks(options: { prefix: string }) {
  return (tree: Root) => {
    walkElements(tree, (element) => {
      const { href, dataFootnoteRef, dataFootnoteBackref } = element.properties;
      const isFootnoteLink = dataFootnoteRef !== undefined || dataFootnoteBackref !== undefined;
      if (element.tagName === "a" && isFootnoteLink && typeof href === "string" && href.startsWith("#")) {
        element.properties.href = `#${options.prefix}${href.slice(1)}`;
      }
    });
  };
}

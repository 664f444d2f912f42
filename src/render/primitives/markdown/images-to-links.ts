import type { Element, Root } from "hast";
import { walkElements } from "./walk-elements.js";

// Only these raster types may be shown from a data URI: no SVG (it can carry script), no HTML.
const SAFE_IMAGE_DATA_URI = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]*={0,2}$/i;

/** Whether `src` is a base64 data URI of a PNG, JPEG, GIF or WebP image: the only images a report shows. */
export function isSafeImageDataUri(src: unknown): src is string {
  return typeof src === "string" && SAFE_IMAGE_DATA_URI.test(src);
}

/**
 * rehype plugin: keeps images whose source is a safe image data URI and turns every other image
 * into a link reading its alt text (or its address), so nothing is fetched when the page opens.
 * Runs before rehype-sanitize, which then drops any link address that is not http(s)/mailto.
 */
export function rehypeImagesToLinks() {
  return (tree: Root) => {
    walkElements(tree, (element, parent, index) => {
      if (element.tagName !== "img" || isSafeImageDataUri(element.properties.src)) return;
      const src = typeof element.properties.src === "string" ? element.properties.src : "";
      const alt = typeof element.properties.alt === "string" ? element.properties.alt : "";
      const link: Element = {
        type: "element",
        tagName: "a",
        properties: src === "" ? {} : { href: src },
        children: [{ type: "text", value: alt !== "" ? alt : src !== "" ? src : "image" }],
      };
      parent.children[index] = link;
    });
  };
}

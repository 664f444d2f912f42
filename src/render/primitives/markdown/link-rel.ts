import type { Root } from "hast";
import { walkElements } from "./walk-elements.js";

/**
 * rehype plugin: every link that leaves the page gets `rel="noopener noreferrer"`, so the page it
 * opens gets no handle on the report and no referrer. Runs after rehype-sanitize (which drops `rel`).
 */
export function rehypeLinkRel() {
  return (tree: Root) => {
    walkElements(tree, (element) => {
      const href = element.properties.href;
      if (element.tagName === "a" && typeof href === "string" && !href.startsWith("#")) {
        element.properties.rel = ["noopener", "noreferrer"];
      }
    });
  };
}

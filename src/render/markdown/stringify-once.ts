import type { RootContent } from "mdast";
import { stringify } from "./mdast.js";

/**
 * `stringify` for the small trees a report repeats (an entry's heading, its context note): a tree met
 * again, node for node, is not serialized again. Keyed by the tree's JSON, which holds all that its
 * Markdown depends on. Use one per report: it keeps every tree it has seen.
 */
export function stringifyOnce(serialize = stringify): (nodes: RootContent[]) => string {
  const serialized = new Map<string, string>();
  return (nodes) => {
    const key = JSON.stringify(nodes);
    let markdown = serialized.get(key);
    if (markdown === undefined) {
      markdown = serialize(nodes);
      serialized.set(key, markdown);
    }
    return markdown;
  };
}

import type { Html } from "mdast";
import type { Options } from "remark-rehype";

type Handler = NonNullable<NonNullable<Options["handlers"]>["html"]>;

/**
 * remark-rehype handler for raw HTML written in markdown: it becomes visible text, never markup,
 * so a reader sees exactly what the model wrote (`<script>`, `<img onerror>`, `<details>` included).
 * HTML standing as a block becomes a plain code block, keeping its line breaks; inline HTML stays
 * inline text.
 */
export const rawHtmlToText: Handler = (_state, node: Html, parent) => {
  const text = { type: "text" as const, value: node.value };
  const standsAlone =
    parent === undefined ||
    parent.type === "root" ||
    parent.type === "blockquote" ||
    parent.type === "listItem";
  if (!standsAlone) return text;
  return {
    type: "element",
    tagName: "pre",
    properties: {},
    children: [{ type: "element", tagName: "code", properties: {}, children: [text] }],
  };
};

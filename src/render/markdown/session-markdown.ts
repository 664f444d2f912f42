import type { Definition, Nodes, Parents, Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { isPlainProse } from "../primitives/markdown/plain-prose.js";
import { codeBlock, paragraph, text } from "./mdast.js";
import { parsesSlowly } from "./parse-cost.js";

/** Plain prose as remark-parse reads it: a paragraph per run of non-blank lines. */
function proseParagraphs(markdown: string): RootContent[] {
  const blocks: RootContent[] = [];
  let lines: string[] = [];
  for (const line of [...markdown.split("\n"), ""]) {
    if (line !== "") lines.push(line);
    else if (lines.length > 0) {
      blocks.push(paragraph(text(lines.join("\n"))) as RootContent);
      lines = [];
    }
  }
  return blocks;
}

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Trees nested deeper than this are shown as plain text: the serializer recurses once per level. */
const MAX_DEPTH = 64;

/** Link targets a report may point at; anything else with a scheme (`javascript:`, `data:`) is shown as text. */
const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);

// Parents whose children are blocks: raw HTML standing there becomes a code block, elsewhere inline text.
const FLOW_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

// Node types that are kept as they are (after their children are made inert).
const KEPT = new Set([
  "paragraph",
  "heading",
  "thematicBreak",
  "blockquote",
  "list",
  "listItem",
  "table",
  "tableRow",
  "tableCell",
  "code",
  "inlineCode",
  "text",
  "emphasis",
  "strong",
  "delete",
  "break",
  "link",
]);

/** Whether a link target is safe to keep: no scheme (relative, `#…`), or http(s)/mailto. */
export function isSafeUrl(url: string): boolean {
  // Browsers drop control characters and spaces inside a scheme (`java\tscript:`): so do we, before looking.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ""));
  return scheme === null || SAFE_SCHEMES.has((scheme[1] as string).toLowerCase());
}

/**
 * Markdown as a person or model wrote it -> mdast blocks that can only ever render as what they say.
 * Raw HTML becomes text (a code block when it stands alone); links and images with a target other
 * than http(s)/mailto, and references to such definitions, become the text that was written; images
 * become links (nothing is fetched); footnotes become plain text (their ids would collide across
 * messages); headings move down `headingOffset` levels, below the report's own. (`@words` and issue
 * references are made inert when serialized, in `stringify`.) Never throws: text the parser cannot
 * take, or that nests absurdly deep, comes back as one code block.
 */
export function sessionMarkdown(markdown: string, headingOffset = 0): RootContent[] {
  if (markdown.trim() === "") return [];
  // Most sentences hold no markdown at all: paragraphs of text, without the cost of parsing them.
  return isPlainProse(markdown) ? proseParagraphs(markdown) : parsedSessionMarkdown(markdown, headingOffset);
}

/** sessionMarkdown without the plain-prose fast path (tests hold the two equal). */
export function parsedSessionMarkdown(markdown: string, headingOffset = 0): RootContent[] {
  if (parsesSlowly(markdown)) return [codeBlock(markdown)];
  try {
    const root = parser.parse(markdown);
    return makeInert(root, markdown, headingOffset) ? root.children : [codeBlock(markdown)];
  } catch {
    return [codeBlock(markdown)];
  }
}

/** Rewrites the tree in place, parents before children, without recursion. False when it nests too deep. */
function makeInert(root: Root, source: string, headingOffset: number): boolean {
  const definitions = new Map<string, Definition>();
  const pending: { node: Nodes; depth: number }[] = [{ node: root, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop() as { node: Nodes; depth: number };
    if (depth > MAX_DEPTH) return false;
    // As in CommonMark, the first definition of a label wins.
    if (node.type === "definition" && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
    if ("children" in node)
      for (const child of node.children) pending.push({ node: child, depth: depth + 1 });
  }
  const rewrite = (node: RootContent, parent: Parents): RootContent[] => {
    const written = (): RootContent[] => [text(sourceOf(node, source))];
    switch (node.type) {
      case "html":
        return FLOW_PARENTS.has(parent.type) ? [codeBlock(node.value)] : [text(node.value)];
      case "definition":
        return [];
      case "link":
        return isSafeUrl(node.url) ? [node] : written();
      case "linkReference": {
        const target = definitions.get(node.identifier);
        if (target === undefined || !isSafeUrl(target.url)) return written();
        return [{ type: "link", url: target.url, title: target.title ?? null, children: node.children }];
      }
      case "image":
      case "imageReference": {
        const url = node.type === "image" ? node.url : definitions.get(node.identifier)?.url;
        if (url === undefined || !isSafeUrl(url)) return written();
        return [{ type: "link", url, title: null, children: [text(node.alt || url || "image")] }];
      }
      case "footnoteReference":
        return [text(`[^${node.label ?? node.identifier}]`)];
      case "footnoteDefinition":
        return [
          paragraph(text(`[^${node.label ?? node.identifier}]:`)),
          ...node.children.flatMap((child) => rewrite(child, parent)),
        ];
      case "heading":
        return [{ ...node, depth: Math.min(6, node.depth + headingOffset) as typeof node.depth }];
      default:
        return KEPT.has(node.type) ? [node] : written();
    }
  };
  const parents: Parents[] = [root];
  while (parents.length > 0) {
    const parent = parents.pop() as Parents;
    // Each parent's children are rewritten once, then visited as parents in their turn.
    const children = parent.children.flatMap((child) => rewrite(child, parent));
    parent.children = children as Parents["children"];
    for (const child of children) {
      if ("children" in child) parents.push(child);
    }
  }
  return true;
}

/** The Markdown a node was written as, or failing positions, its text. */
function sourceOf(node: RootContent, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start !== undefined && end !== undefined) return source.slice(start, end);
  return "value" in node ? node.value : "";
}

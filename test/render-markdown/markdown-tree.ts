import type { Nodes, Root, RootContent, TableCell } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { stripAnsi } from "../../src/render/primitives/ansi/strip-ansi.js";
import type { MessageView, ToolView, TranscriptNode } from "../../src/view/entry-view.js";

const parser = unified().use(remarkParse).use(remarkGfm);

/** Markdown as GitHub's flavour reads it (CommonMark + GFM), as mdast. */
export function parseMarkdown(markdown: string): Root {
  return parser.parse(markdown);
}

/** Every node of a tree (walked without recursion), in document order. */
export function allNodes(tree: Root): Nodes[] {
  const nodes: Nodes[] = [];
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    nodes.push(node);
    if ("children" in node)
      for (let k = node.children.length - 1; k >= 0; k -= 1) stack.push(node.children[k] as RootContent);
  }
  return nodes;
}

/** The nodes of one type. */
export function nodesOfType<T extends Nodes["type"]>(tree: Root, type: T): Extract<Nodes, { type: T }>[] {
  return allNodes(tree).filter((node): node is Extract<Nodes, { type: T }> => node.type === type);
}

/**
 * The raw HTML the renderer may write, and nothing else: an opening `<details>` (maybe `open`) with its
 * one-line `<summary>` holding no tag and no bare `&`, or a closing `</details>`.
 */
const OPENING = /^<details( open)?>\n<summary>(?:[^<>&\n]|&(?:amp|lt|gt|quot|#39|#96);)*<\/summary>$/;

/** Whether an `html` node is one the renderer wrote. */
export function isRendererHtml(value: string): boolean {
  return value === "</details>" || OPENING.test(value);
}

/** The text of a table cell, code spans included. */
export function cellText(cell: TableCell): string {
  return allNodes({ type: "root", children: [cell as unknown as RootContent] })
    .flatMap((node) => (node.type === "text" || node.type === "inlineCode" ? [node.value] : []))
    .join("");
}

// biome-ignore format: the C0 controls by code
const CONTROL_NAMES = ["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
  "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this shows.
const CONTROLS = /[\u0001-\u0008\u000b-\u001f\u007f]/g;

/**
 * Tool output as it must appear in a code block: terminal escapes dropped, NUL read as U+FFFD, a
 * carriage return as the line end Markdown reads it as, other controls by name (`⟪BS⟫` for backspace).
 */
export function asCode(output: string): string {
  return stripAnsi(output)
    .replaceAll("\u0000", "\uFFFD")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS, (char) => `⟪${CONTROL_NAMES[char.charCodeAt(0)] ?? "DEL"}⟫`);
}

/** Every tool output and `!` command output of a transcript (folds and sub-agent runs included), in no order. */
export function toolOutputs(nodes: readonly TranscriptNode[]): string[] {
  const outputs: string[] = [];
  const tool = (view: ToolView) => {
    if (view.result !== null && view.result.text !== "") outputs.push(asCode(view.result.text));
    if (view.body.kind === "subagent") for (const run of view.body.runs) run.messages.forEach(message);
  };
  const message = (view: MessageView) => {
    if (view.role === "assistant") for (const part of view.parts) if (part.kind === "tool") tool(part.tool);
    if (view.role === "toolResult") tool(view.tool);
    if (view.role === "bashExecution" && view.output !== "") outputs.push(asCode(view.output));
  };
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop() as TranscriptNode;
    if (node.kind === "fold") stack.push(...node.nodes);
    else if (node.entry.content.type === "message") message(node.entry.content.message);
  }
  return outputs;
}

/** How many times each value occurs. */
export function counts(values: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const value of values) map.set(value, (map.get(value) ?? 0) + 1);
  return map;
}

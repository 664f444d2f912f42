import type { Element, Root } from "hast";
// The hast `raw` node (HTML to emit as it is) is declared by mdast-util-to-hast, the package that
// hast-util-to-html (under rehype-stringify) takes it from.
import type { Raw } from "mdast-util-to-hast";
import { textOf, walkElements } from "./walk-elements.js";

/** A code fence of a markdown text, as the highlighter takes it. */
export interface Fence {
  /** Its code, without the newline that ends the last line. */
  code: string;
  /** Its info string's language (`language-x`), if it has one. */
  language: string | undefined;
}

/**
 * What stands in the serialized HTML where each fence's highlighted block goes. markdown-it turns every
 * NUL of its input into U+FFFD before parsing, so none of the text can contain it.
 */
export const FENCE_SLOT = "\u0000";

function fenceLanguage(code: Element): string | undefined {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const languageClass = list.find((name) => typeof name === "string" && name.startsWith("language-"));
  return typeof languageClass === "string" ? languageClass.slice("language-".length) : undefined;
}

/** What the plugin needs of the file a processor runs on (a VFile): somewhere to leave the fences. */
interface FileData {
  data: Record<string, unknown>;
}

/** The fences a run of `rehypeFenceSlots` took out of the tree, in document order. */
export function fencesOf(file: FileData): Fence[] {
  return (file.data.fences as Fence[] | undefined) ?? [];
}

/**
 * rehype plugin: takes each code fence (`<pre><code class="language-x">`) out of the tree, in document
 * order, into `file.data.fences` (`fencesOf`), leaving a raw `FENCE_SLOT` where its highlighted block
 * goes. Highlighting is then done by whoever holds the report's budget (`markdownToHtml`), so the rest
 * of a text's rendering depends on nothing but the text and can be done ahead, in another thread.
 *
 * Runs after rehype-sanitize: sanitizing has already removed every node it does not know (raw included),
 * so the only raw nodes left are these slots, and what fills them is built by the highlighter from
 * escaped token text and fixed class names.
 */
export function rehypeFenceSlots() {
  return (tree: Root, file: FileData) => {
    const fences: Fence[] = [];
    walkElements(tree, (element, parent, index) => {
      const [code, ...rest] = element.children;
      if (
        element.tagName !== "pre" ||
        rest.length > 0 ||
        code?.type !== "element" ||
        code.tagName !== "code"
      ) {
        return;
      }
      fences.push({ code: textOf(code).replace(/\n$/, ""), language: fenceLanguage(code) });
      const slot: Raw = { type: "raw", value: FENCE_SLOT };
      parent.children[index] = slot;
    });
    file.data.fences = fences;
  };
}

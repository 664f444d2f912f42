import type { Element, Root } from "hast";
// The hast `raw` node (HTML to emit as it is) is declared by mdast-util-to-hast, the package that
// hast-util-to-html (under rehype-stringify) takes it from.
import type { Raw } from "mdast-util-to-hast";
import type { HighlightBudget } from "../highlight/budget.js";
import { highlightCode } from "../highlight/code-to-html.js";
import { textOf, walkElements } from "./walk-elements.js";

function fenceLanguage(code: Element): string | undefined {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const languageClass = list.find((name) => typeof name === "string" && name.startsWith("language-"));
  return typeof languageClass === "string" ? languageClass.slice("language-".length) : undefined;
}

/**
 * rehype plugin: replaces each code fence (`<pre><code class="language-x">`) with the highlighter's
 * finished block, at 'code-fence' priority on `budget`; fences without a known language, or past the
 * budget, get the same wrapper holding escaped plain text.
 *
 * Runs after rehype-sanitize, and inserts the block as a `raw` node: sanitizing has already removed
 * every node it does not know (raw included), so the only raw nodes left are these, and their HTML
 * is built by the highlighter from escaped token text and fixed class names.
 */
export function rehypeHighlightFences(options: { budget: HighlightBudget }) {
  return async (tree: Root) => {
    const fences: { parent: Root | Element; index: number; code: Element }[] = [];
    walkElements(tree, (element, parent, index) => {
      const [code, ...rest] = element.children;
      if (
        element.tagName === "pre" &&
        rest.length === 0 &&
        code?.type === "element" &&
        code.tagName === "code"
      ) {
        fences.push({ parent, index, code });
      }
    });
    // Every call is made before any is awaited, in document order: that order alone decides what
    // the budget lets through, so the output is the same from run to run.
    const blocks = await Promise.all(
      fences.map(({ code }) =>
        highlightCode(textOf(code).replace(/\n$/, ""), {
          language: fenceLanguage(code),
          priority: "code-fence",
          budget: options.budget,
        }),
      ),
    );
    fences.forEach(({ parent, index }, i) => {
      const block: Raw = { type: "raw", value: blocks[i] ?? "" };
      parent.children[index] = block;
    });
  };
}

import type { Element, Root, RootContent } from "hast";

/** Calls `visit` for every element under `tree` in document order, with its parent and index. */
export function walkElements(
  tree: Root,
  visit: (element: Element, parent: Root | Element, index: number) => void,
): void {
  // An explicit stack instead of recursion: a hostile message can nest thousands of levels deep.
  const stack: { parent: Root | Element; index: number }[] = [{ parent: tree, index: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { parent: Root | Element; index: number };
    const child: RootContent | undefined = top.parent.children[top.index];
    if (child === undefined) {
      stack.pop();
      continue;
    }
    top.index += 1;
    if (child.type !== "element") continue;
    visit(child, top.parent, top.index - 1);
    // `visit` may have replaced the node; only descend into what is still there.
    const current = top.parent.children[top.index - 1];
    if (current?.type === "element") stack.push({ parent: current, index: 0 });
  }
}

/** The text content of a node and its descendants. */
export function textOf(node: Root | RootContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element" && node.type !== "root") return "";
  return node.children.map(textOf).join("");
}

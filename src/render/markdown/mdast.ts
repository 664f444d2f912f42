import { randomUUID } from "node:crypto";
import type { BlockContent, Code, Html, PhrasingContent, Root, RootContent, Text } from "mdast";
import remarkGfm from "remark-gfm";
import remarkStringify from "remark-stringify";
import { unified } from "unified";

/**
 * mdast builders and the one serializer of the Markdown report. Session text only ever enters the
 * tree as `text`, `inlineCode` or `code` values (or as mdast parsed from it, see session-markdown.ts):
 * remark-stringify escapes what would be syntax and picks a fence longer than any inside a code block.
 * The only `html` nodes are the `<details>`/`<summary>` tags built here, with escaped summary text.
 */

/** CommonMark reads U+0000 as U+FFFD: writing it so keeps a round trip exact. */
function withoutNul(value: string): string {
  return value.replaceAll("\u0000", "\uFFFD");
}

/** A text node (NUL characters replaced, as any Markdown reader would). */
export function text(value: string): Text {
  return { type: "text", value: withoutNul(value) };
}

// GitHub links `@name` and `@org/team` after any character that is not part of a word (a backtick shown
// as text included) to that account and notifies it; Pi writes files as `@path`. In session text such
// words are shown as code, which GitHub never links.
const MENTION = /(?<!\w)@[A-Za-z0-9][\w./-]*/g;

// GitHub also links `#123`, `GH-123` and `owner/repo#123` to issues and pull requests, and lists the
// report's comment on each of them ("mentioned this"), in other people's repositories too. A word joiner
// (U+2060, invisible) after the `#` or the `GH-` keeps the text as written and links nothing.
const ISSUE_REFERENCE = /#(?=\d)|(?<![\w-])GH-(?=\d)/gi;

/** Text with GitHub's issue references made inert (see `ISSUE_REFERENCE`). */
function withoutReferences(value: string): string {
  return value.replace(ISSUE_REFERENCE, "$&\u2060");
}

/**
 * Text for inside a paragraph, inert on GitHub: `@words` as inline code, so that posting the report
 * mentions nobody, and issue references with a word joiner. `stringify` applies it to every text node.
 */
export function sessionText(value: string): PhrasingContent[] {
  const parts: PhrasingContent[] = [];
  let at = 0;
  for (const match of value.matchAll(MENTION)) {
    // A sentence's full stop or a trailing slash is not part of the name.
    const word = match[0].replace(/(?<![./-])[./-]+$/, "");
    if (match.index > at) parts.push(text(withoutReferences(value.slice(at, match.index))));
    parts.push(code(word));
    at = match.index + word.length;
  }
  if (at < value.length || parts.length === 0) parts.push(text(withoutReferences(value.slice(at))));
  return parts;
}

/** Inline code, for names, ids, paths and one-line commands; always one line. */
export function code(value: string): PhrasingContent {
  return { type: "inlineCode", value: oneLine(value) };
}

/** A fenced code block; the fence is chosen by remark-stringify to outlast any fence inside. */
export function codeBlock(value: string, lang?: string | null): Code {
  return { type: "code", lang: lang ?? null, value: withoutNul(value) };
}

export function paragraph(...children: PhrasingContent[]): BlockContent {
  return { type: "paragraph", children };
}

export function strong(...children: PhrasingContent[]): PhrasingContent {
  return { type: "strong", children };
}

export function emphasis(...children: PhrasingContent[]): PhrasingContent {
  return { type: "emphasis", children };
}

export function heading(depth: 1 | 2 | 3 | 4 | 5 | 6, ...children: PhrasingContent[]): RootContent {
  return { type: "heading", depth, children };
}

export function blockquote(...children: RootContent[]): RootContent {
  return { type: "blockquote", children: children as BlockContent[] };
}

/** A list whose items are the given rows of inline content (or blocks). */
export function list(ordered: boolean, items: (PhrasingContent[] | RootContent[])[]): RootContent {
  return {
    type: "list",
    ordered,
    spread: false,
    children: items.map((children) => ({
      type: "listItem",
      spread: false,
      children: isPhrasing(children) ? [paragraph(...children)] : (children as BlockContent[]),
    })),
  };
}

/** A GFM table: a header row, then rows; cells are inline content (`|` is escaped by the serializer). */
export function table(
  header: string[],
  rows: PhrasingContent[][],
  align: ("left" | "right" | null)[] = [],
): RootContent {
  const row = (cells: PhrasingContent[][]) => ({
    type: "tableRow" as const,
    children: cells.map((cell) => ({ type: "tableCell" as const, children: cell })),
  });
  return {
    type: "table",
    align,
    children: [row(header.map((cell) => [text(cell)])), ...rows.map((cells) => row(cells.map((c) => [c])))],
  };
}

const PHRASING = new Set(["text", "inlineCode", "strong", "emphasis", "link", "image", "break", "delete"]);

function isPhrasing(nodes: readonly RootContent[]): nodes is PhrasingContent[] {
  return nodes.length > 0 && nodes.every((node) => PHRASING.has(node.type));
}

/**
 * Text on one line: runs of white space become one space. Other control characters are left to be
 * shown (`⟪ESC⟫`) when the report is finished (`showControlCharacters`): blanked here, they were hidden.
 */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/**
 * Text for inside `<summary>`: that line is raw HTML to a Markdown reader (no Markdown is parsed in
 * it), so it is made one line and every character HTML or a code span could act on becomes an entity;
 * an `@name` gets a word joiner after its `@`, so that GitHub mentions nobody, and an issue reference
 * after its `#` (or `GH-`), so that it links no issue.
 */
export function summaryText(value: string): string {
  return (
    withoutReferences(oneLine(value))
      .replace(/[&<>"'`]/g, (char) => ENTITIES[char] as string)
      // No code spans here to keep `@name` from mentioning someone: an invisible word joiner does it, as
      // for issue references above (before the entities, whose `&#39;` is no reference).
      .replace(/(?<!\w)@(?=[A-Za-z0-9])/g, "@\u2060")
  );
}

/** The opening tags of a folded section: `<details>` and its `<summary>`, as one raw HTML block. */
export function detailsOpen(summary: string, open = false): Html {
  return {
    type: "html",
    value: `<details${open ? " open" : ""}>\n<summary>${summaryText(summary)}</summary>`,
  };
}

/** The closing tag of a folded section. */
export function detailsClose(): Html {
  return { type: "html", value: "</details>" };
}

/** `children` folded under a summary line (plain text: it is escaped here). */
export function details(summary: string, children: RootContent[], open = false): RootContent[] {
  return [detailsOpen(summary, open), ...children, detailsClose()];
}

/**
 * Every text node outside a link, made inert on GitHub (`sessionText`), in place: the one place this is
 * done, so that no text from a session (a tool's name, a role, an entry type, a sub-agent's mode) can
 * mention anyone or link an issue, whichever builder put it in the tree. Link text is left as written:
 * GitHub links nothing inside a link. Idempotent.
 */
function makeMentionsInert(nodes: RootContent[]): void {
  const parents: { children: RootContent[] }[] = [{ children: nodes }];
  while (parents.length > 0) {
    const parent = parents.pop() as { children: RootContent[] };
    let changed = false;
    const children = parent.children.flatMap((child): RootContent[] => {
      if (child.type !== "text") {
        if ("children" in child && child.type !== "link" && child.type !== "linkReference")
          parents.push(child as { children: RootContent[] });
        return [child];
      }
      const parts = sessionText(child.value);
      const same = parts.length === 1 && parts[0]?.type === "text" && parts[0].value === child.value;
      changed ||= !same;
      return same ? [child] : parts;
    });
    // In place: the caller's array is the tree's root.
    if (changed) parent.children.splice(0, parent.children.length, ...children);
  }
}

const processor = unified()
  .use(remarkGfm)
  .use(remarkStringify, {
    bullet: "-",
    emphasis: "_",
    strong: "*",
    fences: true,
    listItemIndent: "one",
    rule: "-",
  })
  .freeze();

/**
 * Serializes blocks to Markdown, without a trailing newline. Never throws: should the serializer fail
 * (it recurses, and absurd nesting can exhaust the stack), the blocks' text comes out as one code block.
 */
export function stringify(nodes: RootContent[]): string {
  makeMentionsInert(nodes);
  const root: Root = { type: "root", children: nodes };
  try {
    return processor.stringify(root).trimEnd();
  } catch {
    return processor.stringify({ type: "root", children: [codeBlock(plainText(nodes))] }).trimEnd();
  }
}

/** Ends one group's blocks in `stringifyEach`: random, so that no session text can stand for it. */
const GROUP_END = `<!-- pi-report ${randomUUID()} -->`;

/**
 * `stringify` of each group, in one serializer pass. Its set-up per call (handlers and patterns merged
 * for each extension) allocates more than a short entry's own blocks, and that garbage ends up in the
 * old generation: one call per entry of a 200,000-entry session grew the heap to 1 GB. Each group comes
 * out as `stringify` writes it alone: at the top level the serializer separates blocks by a blank line
 * and writes each from its own content; the raw HTML node between two groups resets what a list
 * remembers of the one before it. Falls back to a call per group should a group's end not come out
 * where it was put.
 */
export function stringifyEach(groups: readonly RootContent[][]): string[] {
  if (groups.length < 2) return groups.map((group) => stringify(group));
  const children: RootContent[] = [];
  for (const group of groups) {
    makeMentionsInert(group);
    for (const node of group) children.push(node);
    children.push({ type: "html", value: GROUP_END });
  }
  let parts: string[];
  try {
    parts = processor.stringify({ type: "root", children }).split(GROUP_END);
  } catch {
    return groups.map((group) => stringify(group));
  }
  // Every group but the first starts after the blank line that follows the end of the one before; the
  // last end is followed by the document's line ending alone.
  const whole =
    parts.length === groups.length + 1 &&
    parts.every((part, at) => at === 0 || (at === groups.length ? part === "\n" : part.startsWith("\n\n")));
  if (!whole) return groups.map((group) => stringify(group));
  return groups.map((_, at) => (parts[at] as string).slice(at === 0 ? 0 : 2).trimEnd());
}

// Follows the blocks of a piece while it is serialized, so that the piece is cut off exactly where they end.
const PIECE_END = "end";

/**
 * Blocks serialized as `stringify` writes them among other blocks of a root or a blockquote, for placing
 * there as one `html` node later (see session-pieces.ts): the serializer separates such blocks by a blank
 * line and writes each from its own content, so the piece is the same Markdown wherever it stands.
 * Unlike `stringify` it never falls back (it throws) and trims nothing: the serializer ends a document
 * with a line ending of its own, which a paragraph after the blocks (cut off here) tells apart from theirs.
 */
export function serializePiece(nodes: RootContent[]): string {
  makeMentionsInert(nodes);
  const markdown = processor.stringify({ type: "root", children: [...nodes, paragraph(text(PIECE_END))] });
  const end = `\n\n${PIECE_END}\n`;
  if (!markdown.endsWith(end)) throw new Error("a piece's blocks did not end where they were cut off");
  return markdown.slice(0, -end.length);
}

/** The text of nodes, without markup (for the serializer's fallback), walked without recursion. */
function plainText(nodes: readonly RootContent[]): string {
  const parts: string[] = [];
  const stack: RootContent[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as RootContent;
    if (node.type === "html") continue;
    if ("value" in node) parts.push(node.type === "code" ? `${node.value}\n` : node.value);
    if (!("children" in node)) continue;
    // A block's text ends its line: queued before its children, so it comes out after them.
    if (node.type === "paragraph" || node.type === "heading") stack.push(text("\n"));
    for (let k = node.children.length - 1; k >= 0; k -= 1) stack.push(node.children[k] as RootContent);
  }
  return parts.join("");
}

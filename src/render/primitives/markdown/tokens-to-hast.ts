import type { Element, ElementContent, Properties, Root, RootContent, Text } from "hast";
import { HeadingLevels, MESSAGE_TOP_HEADING } from "./heading-levels.js";
import type { Token } from "./parse-markdown.js";

type Parent = Root | Element;

/**
 * markdown-it's tokens -> hast, shaped as remark-rehype shapes GitHub-flavoured markdown (the same
 * elements, attributes, footnote markup and line breaks between blocks), so the rehype plugins and the
 * sanitize schema downstream see what they always saw.
 *
 * - Raw HTML becomes text: a block of it a plain code block (line breaks kept), inline HTML inline text.
 *   It is never markup, whatever the sanitizer would have let through.
 * - Autolinks are GitHub's: `http(s)://…`, `www.…` and e-mail addresses. markdown-it's linkify would also
 *   link any word ending in a top-level domain (`README.md`: Moldova), so those stay text.
 * - Ids are left unprefixed (`fn-1`, `fnref-1`, `footnote-label`); rehype-sanitize prefixes them.
 *
 * Iterative (a stack of open elements), so deep nesting costs no call stack here.
 */
export function tokensToHast(tokens: readonly Token[]): Root {
  const builder = new HastBuilder();
  for (const token of tokens) builder.block(token);
  return builder.finish();
}

/** Blocks remark-rehype writes with a line break before, between and after their children (lists apart). */
const LOOSELY_WRAPPED = new Set(["blockquote", "table", "thead", "tbody", "tr"]);
const TASK_MARKER = /^\[([ xX])\][ \t]+/;
const GFM_AUTOLINK_TEXT = /^(?:https?:\/\/|www\.|mailto:)/i;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const LINE = "\n";

class HastBuilder {
  private readonly root: Root = { type: "root", children: [] };
  private readonly open: Parent[] = [this.root];
  /** Paragraphs of tight lists: their content goes straight into the list item. */
  private readonly tight = new WeakSet<Element>();
  /** The footnotes' items: list items, but never task items. */
  private readonly footnoteItems = new WeakSet<Element>();
  /** Lists with at least one task item (GitHub marks them `contains-task-list`). */
  private readonly taskLists = new WeakSet<Element>();
  /** For each open link: whether it was dropped (a linkify match GitHub would not link). */
  private readonly droppedLinks: boolean[] = [];
  private readonly headings = new HeadingLevels();

  finish(): Root {
    this.root.children = joinLines(this.root.children, false);
    return this.root;
  }

  block(token: Token): void {
    switch (token.type) {
      case "inline": {
        const children = token.children ?? [];
        children.forEach((child, index) => {
          this.inline(child, children[index + 1]);
        });
        return;
      }
      case "fence":
      case "code_block":
        this.append(codeBlock(token.content, token.type === "fence" ? fenceLanguage(token.info) : undefined));
        return;
      case "html_block":
        this.append(codeBlock(token.content.replace(/\n$/, ""), undefined));
        return;
      case "hr":
        this.append(element("hr", {}));
        return;
      case "footnote_block_open":
        this.openFootnotes();
        return;
      case "footnote_block_close":
        this.close(); // ol
        this.close(); // section
        return;
      case "footnote_open": {
        const item = element("li", { id: `fn-${footnoteId(token)}` });
        this.footnoteItems.add(item);
        this.push(item);
        return;
      }
      case "footnote_anchor":
        this.append(...footnoteBackReference(token));
        return;
      case "heading_open":
        // Checked by character, not by a regular expression: this runs for every heading of every message.
        this.push(element(`h${this.headings.next(token.tag.charCodeAt(1) - 48)}`, attributesOf(token)));
        return;
      case "paragraph_open": {
        const paragraph = element("p", {});
        if (token.hidden) this.tight.add(paragraph);
        this.push(paragraph);
        return;
      }
      default:
        this.generic(token);
    }
  }

  /** One inline token; `next` is the one after it (a link's text, for autolinks). */
  private inline(token: Token, next: Token | undefined): void {
    switch (token.type) {
      case "text":
        this.appendText(token.content);
        return;
      case "softbreak":
        this.appendText(LINE);
        return;
      case "hardbreak":
        this.append(element("br", {}));
        this.appendText(LINE);
        return;
      case "code_inline":
        this.append(element("code", {}, [{ type: "text", value: token.content }]));
        return;
      case "html_inline":
        this.appendText(token.content);
        return;
      case "image":
        this.append(image(token));
        return;
      case "footnote_ref":
        this.append(footnoteReference(token));
        return;
      case "link_open": {
        const dropped = token.markup === "linkify" && !isGfmAutolink(next?.content ?? "");
        this.droppedLinks.push(dropped);
        if (!dropped) this.push(element("a", linkProperties(token)));
        return;
      }
      case "link_close":
        if (this.droppedLinks.pop() !== true) this.close();
        return;
      default:
        this.generic(token);
    }
  }

  /** Tokens that map one to one onto an element named by their tag (`em`, `h2`, `td`, `ul`, ...). */
  private generic(token: Token): void {
    if (token.nesting === 1) this.push(element(elementName(token.tag), attributesOf(token)));
    else if (token.nesting === -1) this.close();
    else if (token.content !== "") this.appendText(token.content);
  }

  private openFootnotes(): void {
    // For screen readers (`sr-only`), at the message's top level: a section of the message, not of the page.
    const heading = element(`h${MESSAGE_TOP_HEADING}`, { className: ["sr-only"], id: "footnote-label" }, [
      { type: "text", value: "Footnotes" },
    ]);
    this.push(element("section", { dataFootnotes: true, className: ["footnotes"] }, [heading]));
    this.push(element("ol", {}));
  }

  private get current(): Parent {
    return this.open[this.open.length - 1] as Parent;
  }

  private append(...nodes: ElementContent[]): void {
    this.current.children.push(...nodes);
  }

  private appendText(value: string): void {
    const children = this.current.children;
    const last = children[children.length - 1];
    if (last?.type === "text") last.value += value;
    else children.push({ type: "text", value });
  }

  private push(child: Element): void {
    this.append(child);
    this.open.push(child);
  }

  /** Closes the innermost element, now that its children are final. */
  private close(): void {
    if (this.open.length === 1) return; // unbalanced tokens: never pop the root
    const done = this.open.pop() as Element;
    if (done.tagName === "li") this.finishListItem(done);
    else if (done.tagName === "ul" || done.tagName === "ol") {
      if (this.taskLists.has(done)) done.properties.className = ["contains-task-list"];
      done.children = joinLines(done.children, true);
    } else if (done.tagName === "section") done.children = joinLines(done.children, true).slice(1);
    // A header cell with nothing in it heads nothing: a plain cell, so a screen reader names no column by it.
    else if (done.tagName === "th" && done.children.length === 0) done.tagName = "td";
    else if (LOOSELY_WRAPPED.has(done.tagName)) done.children = joinLines(done.children, true);
  }

  /** remark-rehype's list item: tight paragraphs unwrapped, line breaks around everything else. */
  private finishListItem(item: Element): void {
    const isTask = !this.footnoteItems.has(item) && markTask(item);
    if (isTask && this.current.type === "element") this.taskLists.add(this.current);
    const children: ElementContent[] = [];
    item.children.forEach((child, index) => {
      const isTightParagraph = child.type === "element" && this.tight.has(child);
      if (!isTightParagraph || index !== 0) children.push({ type: "text", value: LINE });
      // A loop, not push(...): a list item can hold more inline nodes than a call takes arguments.
      if (isTightParagraph) for (const inline of child.children) children.push(inline);
      else children.push(child);
    });
    const tail = item.children[item.children.length - 1];
    if (tail !== undefined && !(tail.type === "element" && this.tight.has(tail))) {
      children.push({ type: "text", value: LINE });
    }
    item.children = children;
  }
}

/** Children with a line break between each two, and around them all when `loose` (as remark-rehype writes). */
function joinLines<Node extends RootContent>(children: Node[], loose: boolean): (Node | Text)[] {
  const joined: (Node | Text)[] = loose ? [{ type: "text", value: LINE }] : [];
  children.forEach((child, index) => {
    if (index > 0) joined.push({ type: "text", value: LINE });
    joined.push(child);
  });
  if (loose && children.length > 0) joined.push({ type: "text", value: LINE });
  return joined;
}

/**
 * A GitHub task item (`- [x] done`): its first paragraph starts with the marker and has more after
 * it. The marker becomes a disabled checkbox, as GitHub shows it.
 */
function markTask(item: Element): boolean {
  const first = item.children[0];
  if (first?.type !== "element" || first.tagName !== "p") return false;
  const text = first.children[0];
  if (text?.type !== "text") return false;
  const marker = TASK_MARKER.exec(text.value);
  if (marker === null) return false;
  const rest = text.value.slice(marker[0].length);
  if (rest === "" && first.children.length === 1) return false;
  const checked = marker[1] !== " ";
  const checkbox = element("input", { type: "checkbox", checked, disabled: true });
  first.children.splice(0, 1, checkbox, { type: "text", value: ` ${rest}` });
  item.properties.className = ["task-list-item"];
  return true;
}

/** The element a markdown-it tag becomes: `s` is `del` (headings are placed by `HeadingLevels`). */
function elementName(tag: string): string {
  return tag === "s" ? "del" : tag;
}

function element(tagName: string, properties: Properties, children: ElementContent[] = []): Element {
  return { type: "element", tagName, properties, children };
}

function codeBlock(text: string, language: string | undefined): Element {
  const code = element("code", language === undefined ? {} : { className: [`language-${language}`] }, [
    { type: "text", value: text },
  ]);
  return element("pre", {}, [code]);
}

/** The first word of a fence's info string, its language (markdown-it has already unescaped it). */
function fenceLanguage(info: string): string | undefined {
  const word = info.trim().split(/\s+/)[0];
  return word === undefined || word === "" ? undefined : word;
}

function attributesOf(token: Token): Properties {
  const properties: Properties = {};
  for (const [name, value] of token.attrs ?? []) {
    if (name === "start") properties.start = Number(value);
    // Table alignment: remark-rehype writes `align`, which the sanitizer keeps (a `style` it would drop).
    else if (name === "style" && value.startsWith("text-align:")) properties.align = value.slice(11);
  }
  return properties;
}

function linkProperties(token: Token): Properties {
  const properties: Properties = { href: token.attrGet("href") ?? "" };
  const title = token.attrGet("title");
  if (title !== null && title !== "") properties.title = title;
  return properties;
}

/** Whether GitHub links this text on its own: a web address with its scheme or `www.`, or an e-mail address. */
function isGfmAutolink(text: string): boolean {
  return GFM_AUTOLINK_TEXT.test(text) || EMAIL.test(text);
}

/** An image's description as plain text, as markdown-it itself renders `alt`: line breaks kept, markup dropped. */
function altText(tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (token.type === "softbreak" || token.type === "hardbreak") text += LINE;
    else if (token.type === "image") text += altText(token.children ?? []);
    else text += token.content;
  }
  return text;
}

function image(token: Token): Element {
  const properties: Properties = {
    src: token.attrGet("src") ?? "",
    alt: altText(token.children ?? []),
  };
  const title = token.attrGet("title");
  if (title !== null && title !== "") properties.title = title;
  return element("img", properties);
}

interface FootnoteMeta {
  id: number;
  subId?: number;
  label?: string;
}

/** A footnote's id as GitHub writes it: its label, lower-cased and URL-safe (inline footnotes: their number). */
function footnoteId(token: Token): string {
  const meta = token.meta as FootnoteMeta;
  return encodeURIComponent((meta.label ?? String(meta.id + 1)).toLowerCase());
}

function referenceId(token: Token): string {
  const subId = (token.meta as FootnoteMeta).subId ?? 0;
  return `fnref-${footnoteId(token)}${subId > 0 ? `-${subId + 1}` : ""}`;
}

function footnoteReference(token: Token): Element {
  const meta = token.meta as FootnoteMeta;
  const link = element(
    "a",
    {
      href: `#fn-${footnoteId(token)}`,
      id: referenceId(token),
      dataFootnoteRef: true,
      ariaDescribedBy: ["footnote-label"],
    },
    [{ type: "text", value: String(meta.id + 1) }],
  );
  return element("sup", {}, [link]);
}

function footnoteBackReference(token: Token): ElementContent[] {
  const meta = token.meta as FootnoteMeta;
  const subId = meta.subId ?? 0;
  const label = `Back to reference ${meta.id + 1}${subId > 0 ? `-${subId + 1}` : ""}`;
  const children: ElementContent[] = [{ type: "text", value: "↩" }];
  if (subId > 0) children.push(element("sup", {}, [{ type: "text", value: String(subId + 1) }]));
  const link = element(
    "a",
    {
      href: `#${referenceId(token)}`,
      dataFootnoteBackref: "",
      ariaLabel: label,
      className: ["data-footnote-backref"],
    },
    children,
  );
  return [{ type: "text", value: " " }, link];
}

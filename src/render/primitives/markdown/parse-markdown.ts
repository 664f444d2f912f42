import MarkdownIt, { type PluginSimple } from "markdown-it";
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";
import type Token from "markdown-it/lib/token.mjs";
import footnotes from "markdown-it-footnote";

/**
 * The markdown parser behind the HTML report: markdown-it with GFM's tables, strikethrough, autolinks
 * and footnotes. It parses a session's markdown 12-20 times faster than micromark (remark-parse) does
 * here (400 KB: ~40-140 ms against 0.9-2.3 s), which was the largest single cost of an HTML report.
 * Its tokens become hast (`tokens-to-hast.ts`), and the same rehype plugins and sanitizer as ever make
 * the HTML, so what is allowed on the page is still decided by one schema.
 *
 * - `html: true` so raw HTML comes out as its own tokens, which the converter turns into visible text
 *   (never markup); with `html: false` block HTML would blur into the paragraphs around it.
 * - No typographer: quotes and dashes stay as the model wrote them.
 * - Every link target is accepted here; rehype-sanitize drops the ones a page must not follow, keeping
 *   the link text, which is what readers saw before (markdown-it alone would show `[x](javascript:…)`).
 * - GFM footnotes only: the plugin's inline footnotes (`^[note]`, not GFM) would turn a regex in prose,
 *   `^[a-z]+$`, into a footnote. Labels match regardless of case, as GFM's do (see `foldFootnoteLabels`).
 */
const parser = new MarkdownIt("default", { html: true, linkify: true, typographer: false, breaks: false })
  // The footnote plugin's types are written against markdown-it's CommonJS typings; it is the same object.
  .use(footnotes as unknown as PluginSimple)
  .use(foldFootnoteLabels);
parser.core.ruler.before("footnote_tail", "refuse_too_deep", refuseTooDeep);
parser.inline.ruler.disable("footnote_inline");
parser.validateLink = () => true;
// An autolink reads as the model wrote it (`?q=a%20b`, not `?q=a b`); its target is still encoded.
parser.normalizeLinkText = (text) => text;

/**
 * How deep blocks may nest (markdown-it's own default, set here because the check below depends on it).
 * The limit keeps parsing linear and off the edge of the stack: without it, `![` repeated a few thousand
 * times took seconds and overflowed the stack at a depth that depends on the thread. At the limit,
 * markdown-it stops parsing a block and drops the rest of its text, so `parseMarkdown` refuses such input.
 */
const MAX_NESTING = 100;
(parser.options as { maxNesting: number }).maxNesting = MAX_NESTING;

/** Markdown nested too deep to parse without losing text: show it as written instead. */
export class MarkdownTooDeep extends Error {
  constructor() {
    super(`markdown nested ${MAX_NESTING} levels deep or more`);
    this.name = "MarkdownTooDeep";
  }
}

/**
 * The block tokens of `markdown` (inline tokens under each `inline` token's `children`).
 * @throws {MarkdownTooDeep} when it nests as deep as the limit, where text would be lost.
 */
export function parseMarkdown(markdown: string): Token[] {
  return parser.parse(markdown, {});
}

/**
 * Refuses a parse that reached the nesting limit. Checked before the footnote plugin gathers its
 * definitions, which drops those nothing refers to: a definition nested too deep would otherwise take
 * the text after it away unseen. Inline nesting past the limit is kept as text by markdown-it; only
 * blocks lose theirs.
 */
function refuseTooDeep(state: StateCore): boolean {
  for (const token of state.tokens) if (token.level >= MAX_NESTING - 1) throw new MarkdownTooDeep();
  return false;
}

/**
 * GFM matches a footnote reference to its definition regardless of case (`[^A]` and `[^a]:`), as it does
 * link labels; the footnote plugin compares them as written, and a definition nothing matched was dropped
 * with its text. This keeps the plugin's table of labels under markdown-it's normalized form of each
 * (`normalizeReference`), and gives every reference and definition that form before the plugin pairs them,
 * so both spellings are one footnote, with one id (built from that form), and its first definition.
 */
function foldFootnoteLabels(md: MarkdownIt): void {
  const fold = (label: string) => md.utils.normalizeReference(label);
  md.core.ruler.before("block", "footnote_fold_table", (state: StateCore) => {
    const byLabel = new Map<string, unknown>();
    const key = (name: string | symbol) => (typeof name === "string" ? `:${fold(name.slice(1))}` : "");
    // The plugin reads and writes `refs[":" + label]`; a Map behind it also keeps `__proto__` a label.
    const refs = new Proxy(Object.create(null) as Record<string, unknown>, {
      get: (_target, name) => byLabel.get(key(name)),
      set: (_target, name, value) => {
        byLabel.set(key(name), value);
        return true;
      },
      has: (_target, name) => byLabel.has(key(name)),
    });
    state.env.footnotes = { refs };
    return false;
  });
  md.core.ruler.before("footnote_tail", "footnote_fold_labels", (state: StateCore) => {
    const list = state.env.footnotes?.list as { label?: string }[] | undefined;
    for (const footnote of list ?? []) {
      if (typeof footnote?.label === "string") footnote.label = fold(footnote.label);
    }
    const defined = new Set<string>();
    let duplicates = 0;
    for (const token of state.tokens) {
      if (token.type === "footnote_reference_open") {
        const label = fold(token.meta.label);
        // The first definition of a label is the one, as in GFM; a later one (differing in case, say)
        // gets a label nothing refers to, so the plugin leaves it out instead of letting it win.
        token.meta.label = defined.has(label) ? `\u0000duplicate ${++duplicates}` : label;
        defined.add(label);
      }
      for (const child of token.children ?? []) {
        if (child.type === "footnote_ref" && typeof child.meta?.label === "string") {
          child.meta.label = fold(child.meta.label);
        }
      }
    }
    return false;
  });
}

export type { Token };

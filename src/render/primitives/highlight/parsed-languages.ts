import type { Tree } from "@lezer/common";
import { getStyleTags, type Tag, tags as t } from "@lezer/highlight";
import { parser as javascriptParser } from "@lezer/javascript";
import type { ThemedToken } from "shiki/core";
import { commentSpans, regexpSpans } from "./lezer-inner-spans.js";
import { GRAMMAR_STYLES, refine, SCOPE_OF, type Styling, stylingOf } from "./lezer-styles.js";
import { type Span, spansToTokens } from "./styled-spans.js";

/**
 * JavaScript and TypeScript, highlighted from Lezer's parse (the parser behind CodeMirror) instead of
 * shiki's TextMate grammar. Why: they are most of the code a Pi session highlights, and the TypeScript
 * grammar is the slowest one shiki has: 2.2-2.7 ms per 1,000 characters here once warm, after ~400 ms
 * compiling its patterns, where Lezer parses and styles 0.4 ms per 1,000 once warm. On the 2.3 MB real
 * session, whose 300 KB highlight budget is three quarters TypeScript, that decided whether the page
 * waited for the report thread.
 *
 * Colours come from the same theme through the same rules: each construct stands for the TextMate scope
 * the TypeScript grammar gives it, and the theme's own matcher (vscode-textmate's, which shiki uses) picks
 * the rule. So a keyword, a string, a type or a comment looks as it does in every other language on the
 * page. `npm run highlight:agreement` counts how often the two agree, character by character, on real
 * code. Where they differ the grammar is often the one astray: a TextMate grammar sees a line at a time,
 * and one odd construct can colour the rest of a file wrongly; a parse recovers at the next statement.
 *
 * The cost of that recovery is the known weak spot: text that is an error at every token (a line of
 * `''''`, `x</x</`, `/*` repeated) parses at ~15 ms per 1,000 characters on lines of up to 1,000
 * characters (longer lines go to the grammar: `PARSED_MAX_LINE_LENGTH`), against 0.4-1 for code,
 * fragments included. The highlight budget bounds it (40 KB a block, 300 KB a report: ~4.5 s at worst,
 * where a real session's TypeScript takes ~0.2 s); no time limit is set, as one would make the page
 * depend on the machine's speed.
 */

/** shiki language ids this module highlights, and the parser dialect for each. */
const DIALECTS: Readonly<Record<string, string>> = {
  javascript: "jsx",
  jsx: "jsx",
  typescript: "ts",
  tsx: "ts jsx",
};

/** Whether `id` (a resolved shiki language id) is highlighted from a Lezer parse. */
export function isParsedLanguage(id: string): boolean {
  return Object.hasOwn(DIALECTS, id);
}

/**
 * The longest line a block may have to be parsed: past it, the block goes to shiki's grammar, which leaves
 * lines past 10,000 characters plain. Why: on one long line of errors the parse's recovery grows with the
 * square of the line (a 32,000-character line of `/*`: 1.4 s; 16,000: 0.4 s), while lines of up to 1,000
 * characters keep even such text at ~15 ms per 1,000 characters. Code has no such lines; minified code
 * and long literals do, and were coloured by the grammar before.
 */
export const PARSED_MAX_LINE_LENGTH = 1_000;

/** Whether a block of language `id` is highlighted from a parse: a parsed language, no line too long. */
export function isParsedBlock(code: string, id: string): boolean {
  if (!isParsedLanguage(id)) return false;
  for (let start = 0; start <= code.length; ) {
    const end = code.indexOf("\n", start);
    const lineEnd = end === -1 ? code.length : end;
    if (lineEnd - start > PARSED_MAX_LINE_LENGTH) return false;
    start = lineEnd + 1;
  }
  return true;
}

const parsers = new Map<string, typeof javascriptParser>();

function parserOf(id: string): typeof javascriptParser {
  let parser = parsers.get(id);
  if (parser === undefined) {
    parser = javascriptParser.configure({ dialect: DIALECTS[id], props: [GRAMMAR_STYLES] });
    parsers.set(id, parser);
  }
  return parser;
}

/**
 * The styled spans of a parse, in order and not overlapping: each node's text between its children in
 * its own style (or, unstyled, in what an enclosing `/...` rule passes down), its children in theirs.
 * Walked without recursion: a deeply nested expression must not exhaust the stack.
 */
function styledSpans(source: string, id: string, styling: Styling): Span[] {
  const { tree, code, offset } = bestParse(source, id);
  const spans: Span[] = [];
  const emit = (from: number, to: number, key: number | undefined) => {
    if (to > from && key !== undefined) spans.push({ from, to, key });
  };
  interface Frame {
    key: number | undefined;
    /** What an unstyled descendant shows: the style of the nearest enclosing `/...` rule. */
    passed: number | undefined;
    /** Where this node's own text (what its children do not cover) resumes. */
    at: number;
  }
  const comment = styling.indexOf(t.blockComment);
  const deref = styling.indexOf(t.derefOperator);
  const regexp = styling.indexOf(t.regexp);
  /** The rest of a node's own text, from `at` to its end. */
  const close = (at: number, to: number, key: number | undefined) => {
    if (key === comment) commentSpans(code, at, to, styling, spans);
    else if (key === regexp && code[at] === "/") regexpSpans(code, at, to, styling, spans);
    else emit(at, to, key);
  };
  const frames: Frame[] = [{ key: undefined, passed: undefined, at: 0 }];
  tree.iterate({
    enter(node) {
      const parent = frames[frames.length - 1] as Frame;
      emit(parent.at, node.from, parent.key);
      const rule = getStyleTags(node);
      const own = rule === null ? undefined : styling.keyOf(rule.tags);
      let key = parent.passed;
      let passed = parent.passed;
      if (own !== undefined) {
        key = styling.indexOf(refine(SCOPE_OF[own]?.[0] as Tag, node, code));
        if (rule?.inherit) passed = key;
        // A dot has no colour of its own in the grammar: inside `${...}` it shows the string's.
        if (key === deref && parent.passed !== undefined) key = parent.passed;
      }
      if (rule?.opaque) {
        // Its children are not visited, and `leave` is not called for it.
        close(node.from, node.to, key);
        parent.at = node.to;
        return false;
      }
      frames.push({ key, passed, at: node.from });
      return true;
    },
    leave(node) {
      const frame = frames.pop() as Frame;
      close(frame.at, node.to, frame.key);
      (frames[frames.length - 1] as Frame).at = node.to;
    },
  });
  if (offset === 0) return spans;
  // Back to the fragment's own positions, without what the wrapping added.
  const shifted: Span[] = [];
  for (const { from, to, key } of spans) {
    const start = Math.max(0, from - offset);
    const end = Math.min(source.length, to - offset);
    if (end > start) shifted.push({ from: start, to: end, key });
  }
  return shifted;
}

const CLASS_BEFORE = "class _ {\n";
const CLASS_AFTER = "\n}";

/**
 * Whether a fragment starts the way class members do (`private x: T;`, `constructor(`, `async run() {`):
 * the first line that is not blank or a comment.
 */
const CLASS_MEMBER_START =
  /^[ \t]*(?:(?:public|private|protected|static|readonly|abstract|override|declare|accessor)\s|#[\w$]+|constructor\s*\(|(?:async\s+|get\s+|set\s+|\*\s*)?[\w$]+\s*(?:<[^>\n]*>)?\([^)\n]*\)\s*(?::[^{=\n]+)?\{\s*$)/m;
const LEADING_TRIVIA = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/;

/**
 * The parse of `code`, or of `code` inside a class body when it starts as class members do and parses
 * with fewer errors so. Sessions show many fragments (a file read from an offset, a diff hunk), and a run
 * of class members parses as statements only with errors everywhere, which leave names uncoloured or
 * coloured wrongly. The second parse is only tried on such a start: parsing a fragment with errors is
 * slow (0.65 ms per 1,000 characters, against 0.3 for whole files), and doing it twice for every
 * fragment cost 70 ms of the 2.3 MB real session's report. `offset` is where `code` starts in the text
 * parsed.
 */
function bestParse(code: string, id: string): { tree: Tree; code: string; offset: number } {
  const parser = parserOf(id);
  const start = LEADING_TRIVIA.exec(code)?.[0].length ?? 0;
  const lineEnd = code.indexOf("\n", start);
  if (CLASS_MEMBER_START.test(code.slice(start, lineEnd === -1 ? undefined : lineEnd + 1))) {
    const wrappedCode = CLASS_BEFORE + code + CLASS_AFTER;
    const wrapped = parser.parse(wrappedCode);
    const wrappedErrors = errorCount(wrapped);
    if (wrappedErrors === 0) return { tree: wrapped, code: wrappedCode, offset: CLASS_BEFORE.length };
    const tree = parser.parse(code);
    return errorCount(tree) <= wrappedErrors
      ? { tree, code, offset: 0 }
      : { tree: wrapped, code: wrappedCode, offset: CLASS_BEFORE.length };
  }
  return { tree: parser.parse(code), code, offset: 0 };
}

function errorCount(tree: Tree): number {
  let count = 0;
  tree.iterate({
    enter(node) {
      if (node.type.isError) count += 1;
    },
  });
  return count;
}

/**
 * Tokens of `code` as language `id` (one of `isParsedLanguage`), line by line as shiki gives them: each
 * token's text, and the colour and font style of the rule-index theme (theme-classes.ts), so that
 * `tokensToHtmlLines` turns them into the same classes it gives shiki's. Any text parses: what the
 * parser cannot make sense of (a fragment of a diff, a half-written file) is left in the default colour.
 */
export function parsedTokens(code: string, id: string): ThemedToken[][] {
  const styling = stylingOf();
  return spansToTokens(code, styledSpans(code, id, styling), styling.styles);
}

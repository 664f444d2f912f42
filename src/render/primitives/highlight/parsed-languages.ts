import type { SyntaxNode, SyntaxNodeRef, Tree } from "@lezer/common";
import { getStyleTags, styleTags, Tag, tags as t, tagHighlighter } from "@lezer/highlight";
import { parser as javascriptParser } from "@lezer/javascript";
import { type IRawTheme, Theme } from "@shikijs/vscode-textmate";
import type { ThemedToken } from "shiki/core";
import { themeClasses } from "./theme-classes.js";
import { splitCodeLines } from "./tokens-to-html.js";

/**
 * JavaScript and TypeScript, highlighted from Lezer's parse (the parser behind CodeMirror) instead of
 * shiki's TextMate grammar. Why: they are most of the code a Pi session highlights, and the TypeScript
 * grammar is the slowest one shiki has: 2.2-2.7 ms per 1,000 characters here once warm, after ~400 ms
 * compiling its patterns, where Lezer parses and styles 0.3 ms per 1,000 once warm. On the 2.3 MB real
 * session, whose 300 KB highlight budget is three quarters TypeScript, that decided whether the page
 * waited for the report thread.
 *
 * Colours come from the same theme through the same rules: each construct stands for the TextMate scope
 * the TypeScript grammar gives it, and the theme's own matcher (vscode-textmate's, which shiki uses) picks
 * the rule. So a keyword, a string, a type or a comment looks as it does in every other language on the
 * page. `npm run highlight:agreement` counts how often the two agree, character by character, on real
 * code. Where they differ the grammar is often the one astray: a TextMate grammar sees a line at a time,
 * and one odd construct can colour the rest of a file wrongly; a parse recovers at the next statement.
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

// Constructs the TypeScript grammar colours apart and Lezer's own tags do not tell apart. (A tag can
// only be derived from an unmodified one; each is listed below, so what it falls back to never shows.)
const parameter = Tag.define(t.variableName);
const field = Tag.define(t.propertyName);
const constant = Tag.define(t.variableName);
const builtin = Tag.define(t.variableName);
const primitiveType = Tag.define(t.typeName);
const typeOperator = Tag.define(t.operator);
const importAll = Tag.define(t.modifier);
const interpolation = Tag.define(t.string);
const jsdocTag = Tag.define(t.docComment);
const jsdocType = Tag.define(t.docComment);
const jsdocName = Tag.define(t.docComment);
// The parts of a regular expression literal, which Lezer leaves one token and the grammar takes apart.
const regexDelimiter = Tag.define(t.regexp);
const regexOperator = Tag.define(t.regexp);
const regexClass = Tag.define(t.regexp);
const regexEscape = Tag.define(t.regexp);
const regexName = Tag.define(t.regexp);
const regexFlags = Tag.define(t.regexp);

/**
 * Each tag, with the scope the TypeScript grammar gives the same construct. A tag not listed takes its
 * parent's (`t.function(t.variableName)` falls back to `t.variableName`); brackets and separators are in
 * no scope with a colour of its own, in the grammar either.
 */
const SCOPE_OF: readonly [Tag, string][] = [
  [t.lineComment, "comment.line.double-slash.ts"],
  [t.blockComment, "comment.block.ts"],
  [t.docComment, "comment.block.documentation.ts"],
  [jsdocTag, "comment.block.documentation.ts storage.type.class.jsdoc"],
  [jsdocType, "comment.block.documentation.ts entity.name.type.instance.jsdoc"],
  [jsdocName, "comment.block.documentation.ts variable.other.jsdoc"],
  [t.string, "string.quoted.double.ts"],
  [t.special(t.string), "string.template.ts"],
  [interpolation, "string.template.ts meta.template.expression.ts"],
  [t.regexp, "string.regexp.ts"],
  [regexDelimiter, "string.regexp.ts punctuation.definition.string.begin.ts"],
  [regexOperator, "string.regexp.ts keyword.operator.quantifier.regexp"],
  [regexClass, "string.regexp.ts constant.other.character-class.regexp"],
  [regexEscape, "string.regexp.ts constant.character.escape.backslash.regexp"],
  [regexName, "string.regexp.ts variable.other.regexp"],
  [regexFlags, "keyword.other.ts"],
  [t.escape, "string.quoted.double.ts constant.character.escape.ts"],
  [t.number, "constant.numeric.decimal.ts"],
  [t.bool, "constant.language.boolean.true.ts"],
  [t.null, "constant.language.null.ts"],
  [t.atom, "variable.language.super.ts"],
  [t.self, "variable.language.this.ts"],
  [t.keyword, "keyword.control.ts"],
  [t.controlKeyword, "keyword.control.flow.ts"],
  [t.moduleKeyword, "keyword.control.import.ts"],
  [t.operatorKeyword, "keyword.operator.expression.typeof.ts"],
  [t.definitionKeyword, "storage.type.ts"],
  [t.modifier, "storage.modifier.ts"],
  [importAll, "constant.language.import-export-all.ts"],
  [t.operator, "keyword.operator.ts"],
  [typeOperator, "keyword.operator.type.annotation.ts"],
  [t.derefOperator, "punctuation.accessor.ts"],
  [t.definitionOperator, "keyword.operator.assignment.ts"],
  [t.function(t.punctuation), "storage.type.function.arrow.ts"],
  [t.variableName, "variable.other.readwrite.ts"],
  [constant, "variable.other.constant.ts"],
  [builtin, "support.class.promise.ts"],
  [t.definition(t.variableName), "meta.definition.variable.ts variable.other.readwrite.ts"],
  [parameter, "variable.parameter.ts"],
  [t.function(t.variableName), "entity.name.function.ts"],
  [t.function(t.definition(t.variableName)), "meta.definition.function.ts entity.name.function.ts"],
  [t.propertyName, "variable.other.property.ts"],
  [t.function(t.propertyName), "entity.name.function.ts"],
  [t.definition(t.propertyName), "meta.object-literal.key.ts"],
  [field, "meta.definition.property.ts variable.object.property.ts"],
  [t.function(t.definition(t.propertyName)), "meta.definition.method.ts entity.name.function.ts"],
  [t.special(t.propertyName), "variable.other.property.ts"],
  [t.labelName, "entity.name.label.ts"],
  [t.className, "entity.name.type.ts"],
  [t.definition(t.className), "entity.name.type.class.ts"],
  [t.typeName, "entity.name.type.ts"],
  [t.definition(t.typeName), "entity.name.type.alias.ts"],
  [primitiveType, "support.type.primitive.ts"],
  [t.meta, "meta.decorator.ts punctuation.decorator.ts"],
  [t.tagName, "entity.name.tag.tsx"],
  [t.standard(t.tagName), "entity.name.tag.tsx support.class.component.tsx"],
  [t.attributeName, "entity.other.attribute-name.tsx"],
  [t.attributeValue, "string.quoted.double.tsx"],
  [t.angleBracket, "punctuation.definition.tag.begin.tsx"],
];

/** Where the TypeScript grammar sees what @lezer/javascript's own style rules do not say. */
const GRAMMAR_STYLES = styleTags({
  "PropertyDeclaration/PropertyDefinition PropertyType/PropertyDefinition PatternProperty/PropertyName":
    field,
  "TypePredicate/VariableName": parameter,
  // Lezer does not parse a catch clause's type (`catch (error: unknown)`); the grammar does.
  "CatchClause/⚠": primitiveType,
  "CatchClause/⚠/:": typeOperator,
  "MethodDeclaration/PropertyDefinition MethodType/PropertyDefinition": t.function(
    t.definition(t.propertyName),
  ),
  "NewExpression/MemberExpression/PropertyName NewExpression/InstantiationExpression/VariableName":
    t.className,
  "ClassDeclaration/VariableName ClassExpression/VariableName": t.className,
  "CallExpression/InstantiationExpression/VariableName": t.function(t.variableName),
  "VoidType/void": primitiveType,
  TemplateType: t.special(t.string),
  "TypeAnnotation/: TypePredicate/: Optional Spread": typeOperator,
  "ImportDeclaration/Star ExportDeclaration/Star": importAll,
  // Inside `${...}` the grammar stays in the template string's scope: what has no colour of its own
  // (brackets, commas) takes the string's.
  "Interpolation/...": interpolation,
});

/** Names the grammar colours by the name alone, wherever they stand (but after a dot). */
const NAMED: ReadonlyMap<string, Tag> = new Map([
  ["undefined", t.null],
  ["NaN", t.null],
  ["Infinity", t.null],
  ["arguments", t.self],
  ["Promise", builtin],
  ["exports", builtin],
  ["module", builtin],
]);

/** Properties the grammar colours as built in, when they are read rather than called. */
const BUILTIN_PROPERTIES = new Set(["constructor", "length", "prototype", "__proto__"]);

/** TypeScript's own type keywords: the grammar colours them as built in (`support.type.primitive`). */
const PRIMITIVE_TYPES = new Set([
  "string",
  "number",
  "boolean",
  "bigint",
  "symbol",
  "object",
  "any",
  "unknown",
  "never",
  "void",
  "undefined",
  "null",
]);

/** The grammar's constants by spelling: an upper-case letter, then only upper case, digits, `_` and `$`. */
const ALL_CAPS = /^[A-Z][A-Z0-9_$]*$/;

/** A theme's colour (rule-index encoded, see theme-classes.ts) and font style for a TextMate scope path. */
function styleOfScope(theme: Theme, scopePath: string): Style {
  const colorMap = theme.getColorMap();
  let color: string | undefined;
  let fontStyle = 0;
  // Scope by scope from the root, each keeping what the one before set and it does not: how
  // vscode-textmate merges a token's attributes.
  let path: { parent: typeof path; scopeName: string } | null = { parent: null, scopeName: "source.ts" };
  for (const scopeName of scopePath.split(" ")) {
    path = { parent: path, scopeName };
    // vscode-textmate's matcher reads only `scopeName` and `parent` of the path it is given.
    const style = theme.match(path as Parameters<Theme["match"]>[0]);
    if (style === null) continue;
    if (style.foregroundId !== 0) color = colorMap[style.foregroundId];
    if (style.fontStyle !== -1) fontStyle = style.fontStyle;
  }
  return { color, fontStyle };
}

interface Style {
  color: string | undefined;
  fontStyle: number;
}

interface Styling {
  /** The index into SCOPE_OF (as a string) for a node's tags, or null when none applies. */
  keyOf: (tags: readonly Tag[]) => number | undefined;
  /** The index into SCOPE_OF of one listed tag. */
  indexOf: (tag: Tag) => number;
  /** The token colour and font style of each SCOPE_OF entry, as shiki's tokens carry them. */
  styles: Style[];
}

let styling: Styling | undefined;

function stylingOf(): Styling {
  if (styling !== undefined) return styling;
  const theme = Theme.createFromRawTheme(themeClasses().ruleTheme as unknown as IRawTheme);
  const highlighter = tagHighlighter(SCOPE_OF.map(([tag], index) => ({ tag, class: String(index) })));
  const index = new Map(SCOPE_OF.map(([tag], at) => [tag, at]));
  styling = {
    keyOf: (tags) => {
      const key = highlighter.style(tags);
      return key === null ? undefined : Number(key);
    },
    indexOf: (tag) => index.get(tag) ?? -1,
    styles: SCOPE_OF.map(([, scope]) => styleOfScope(theme, scope)),
  };
  return styling;
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
 * Whether a name is given a function: `x = () => ...`, `x = function ...`, `key: () => ...`, or a
 * method's shorthand `key() {...}`. The grammar colours such a name as a function's.
 */
function namesFunction(name: SyntaxNode): boolean {
  const next = name.nextSibling;
  if (next?.name === "ParamList") return true;
  const value = next?.name === "Equals" || next?.name === ":" ? next.nextSibling : null;
  return value?.name === "ArrowFunction" || value?.name === "FunctionExpression";
}

/** What a variable definition is to the TypeScript grammar: a parameter, a function, a constant or a variable. */
function definitionTag(node: SyntaxNode, _code: string): Tag {
  // Destructured names sit in patterns: the declaration or parameter list is further up.
  let holder = node.parent;
  while (holder !== null && /Pattern$|^PatternProperty$/.test(holder.name)) holder = holder.parent;
  if (holder === null) return t.definition(t.variableName);
  if (holder.name === "ParamList") return parameter;
  // `catch (error: unknown)`, which Lezer leaves unparsed after the name: typed, the grammar takes it
  // for a parameter.
  if (holder.name === "CatchClause" && node.nextSibling?.name === "⚠") return parameter;
  if (holder.name !== "VariableDeclaration" && holder.name !== "ForOfSpec" && holder.name !== "ForInSpec") {
    return t.definition(t.variableName);
  }
  if (namesFunction(node)) return t.function(t.definition(t.variableName));
  const keyword = holder.firstChild?.name === "(" ? holder.firstChild.nextSibling : holder.firstChild;
  return keyword?.name === "const" ? constant : t.definition(t.variableName);
}

/**
 * The tag a node shows, from its own (`listed`, an entry of SCOPE_OF) and what the grammar would see
 * around it: the text of a name, what a definition defines.
 */
function refine(listed: Tag, node: SyntaxNodeRef, code: string): Tag {
  if (listed === t.definition(t.variableName)) return definitionTag(node.node, code);
  if (listed === t.definition(t.propertyName)) {
    return namesFunction(node.node) ? t.function(t.definition(t.propertyName)) : listed;
  }
  if (listed === field) {
    // `onClose?: () => void`: a property of a function type is a method, to the grammar.
    let next = node.node.nextSibling;
    if (next?.name === "Optional") next = next.nextSibling;
    const type = next?.name === "TypeAnnotation" ? next.firstChild?.nextSibling : null;
    return type?.name === "FunctionSignature" ? t.function(t.definition(t.propertyName)) : listed;
  }
  if (listed === t.variableName || listed === t.propertyName) {
    const text = code.slice(node.from, node.to);
    if (listed === t.variableName) {
      const named = NAMED.get(text);
      if (named !== undefined) return named;
      // `x instanceof Y`: the grammar takes Y for a class.
      if (node.node.prevSibling?.name === "instanceof") return t.className;
    } else {
      if (BUILTIN_PROPERTIES.has(text)) return builtin;
      // `obj.handler = () => ...`: a method, to the grammar.
      const member = node.node.parent;
      if (
        member?.name === "MemberExpression" &&
        member.parent?.name === "AssignmentExpression" &&
        namesFunction(member)
      ) {
        return t.function(t.propertyName);
      }
    }
    if (ALL_CAPS.test(text)) return constant;
    return listed;
  }
  if (listed === t.typeName) {
    const text = code.slice(node.from, node.to);
    if (PRIMITIVE_TYPES.has(text)) return primitiveType;
  }
  if (
    listed === t.function(t.definition(t.propertyName)) &&
    code.slice(node.from, node.to) === "constructor"
  ) {
    return t.definitionKeyword;
  }
  return listed;
}

interface Span {
  from: number;
  to: number;
  key: number;
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

/** What a fragment is parsed inside when that parses it better: a class body, for a read of its members. */
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
  if (
    CLASS_MEMBER_START.test(
      code.slice(start, code.indexOf("\n", start) === -1 ? undefined : code.indexOf("\n", start) + 1),
    )
  ) {
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
 * A regular expression literal's spans, coloured as the grammar takes it apart: anchors, alternation,
 * quantifiers and back-references as operators; character classes, `.` and class escapes (`\\d`, `\\n`,
 * `\\x1b`) as constants; other escapes (`\\.`, `\\/`) as escapes; group names as names; the flags.
 */
function regexpSpans(code: string, from: number, to: number, styling: Styling, spans: Span[]): void {
  const key = (tag: Tag) => styling.indexOf(tag);
  const push = (start: number, end: number, tag: Tag) => {
    if (end > start) spans.push({ from: start, to: end, key: key(tag) });
  };
  const close = code.lastIndexOf("/", to - 1);
  if (close <= from) {
    push(from, to, t.regexp);
    return;
  }
  push(from, from + 1, regexDelimiter);
  let at = from + 1;
  let inClass = false;
  while (at < close) {
    const char = code[at] as string;
    if (char === "\\") {
      const next = code[at + 1] ?? "";
      const numeric = /^\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|c[A-Za-z]|[pP]\{[^}]*\})/.exec(
        code.slice(at, Math.min(close, at + 12)),
      );
      if (numeric !== null) {
        push(at, at + numeric[0].length, regexClass);
        at += numeric[0].length;
      } else if (!inClass && /[bB]/.test(next)) {
        push(at, at + 2, regexOperator);
        at += 2;
      } else if (!inClass && /[1-9]/.test(next)) {
        const digits = /^[0-9]+/.exec(code.slice(at + 1, close))?.[0] ?? next;
        push(at, at + 1 + digits.length, regexOperator);
        at += 1 + digits.length;
      } else if (!inClass && next === "k" && code[at + 2] === "<") {
        const end = code.indexOf(">", at);
        const nameEnd = end === -1 || end > close ? close : end;
        push(at, at + 3, regexOperator);
        push(at + 3, nameEnd, regexName);
        push(nameEnd, Math.min(close, nameEnd + 1), regexOperator);
        at = Math.min(close, nameEnd + 1);
      } else {
        push(at, at + 2, /[dDwWsStrnvf0]/.test(next) ? regexClass : regexEscape);
        at += 2;
      }
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      push(at, at + 1, char === "^" && code[at - 1] === "[" ? regexOperator : regexClass);
      at += 1;
      continue;
    }
    if (char === "[") {
      inClass = true;
      push(at, at + 1, regexClass);
      at += 1;
      continue;
    }
    const quantifier = /^\{\d*,?\d*\}/.exec(code.slice(at, close));
    if (quantifier !== null && quantifier[0] !== "{}" && quantifier[0] !== "{,}") {
      push(at, at + quantifier[0].length, regexOperator);
      at += quantifier[0].length;
      continue;
    }
    const named = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(code.slice(at, close));
    if (named !== null) {
      push(at, at + 3, t.regexp);
      push(at + 3, at + 3 + (named[1]?.length ?? 0), regexName);
      push(at + 3 + (named[1]?.length ?? 0), at + named[0].length, t.regexp);
      at += named[0].length;
      continue;
    }
    // `?` after `(` opens a group kind (`(?:`, `(?=`): part of the group, not a quantifier.
    const operator = "^$|+*".includes(char) || (char === "?" && code[at - 1] !== "(");
    push(at, at + 1, char === "." ? regexClass : operator ? regexOperator : t.regexp);
    at += 1;
  }
  push(close, close + 1, regexDelimiter);
  push(close + 1, to, regexFlags);
}

/**
 * A JSDoc tag: an optional `{` (an inline `{@link X}`), the `@tag`, then perhaps a `{type}` (one level of
 * braces inside: `{{ a: string }}`) and a name (`x`, `opts.x`, `[x]`, `[x=1]`).
 */
const JSDOC_TAG =
  /(\{)?(@[A-Za-z]+)(?:(\s+)(\{(?:[^{}\n]|\{[^{}\n]*\})*\}))?(?:(\s+)(\[[^\]\n]*\]|[\w$.]+))?/g;

/** JSDoc tags whose next word (after any type) is a name the grammar colours apart. */
const NAMING_TAGS = new Set(["@param", "@arg", "@argument", "@property", "@prop", "@typedef", "@callback"]);

/**
 * A block comment's spans; a documentation comment (`/**`) is coloured as the grammar colours JSDoc:
 * its `@tags`, the `{types}` after them and the parameter names.
 */
function commentSpans(code: string, from: number, to: number, styling: Styling, spans: Span[]): void {
  const text = code.slice(from, to);
  if (!text.startsWith("/**")) {
    spans.push({ from, to, key: styling.indexOf(t.blockComment) });
    return;
  }
  const doc = styling.indexOf(t.docComment);
  let at = 0;
  const push = (start: number, end: number, key: number) => {
    if (start > at) spans.push({ from: from + at, to: from + start, key: doc });
    spans.push({ from: from + start, to: from + end, key });
    at = end;
  };
  // `@param {Type} name`, `@returns {Type}`, `{@link Name}`: the pieces the grammar picks out.
  for (const match of text.matchAll(JSDOC_TAG)) {
    const [, brace, tag = "", space1, type, space2, name] = match;
    let start = match.index;
    if (brace !== undefined) {
      push(start, start + 1, styling.indexOf(jsdocType));
      start += 1;
    }
    push(start, start + tag.length, styling.indexOf(jsdocTag));
    start += tag.length;
    if (type !== undefined) {
      start += space1?.length ?? 0;
      push(start, start + type.length, styling.indexOf(jsdocType));
      start += type.length;
    }
    if (name !== undefined && (NAMING_TAGS.has(tag) || brace !== undefined)) {
      start += space2?.length ?? 0;
      push(start, start + name.length, styling.indexOf(jsdocName));
    }
  }
  if (at < text.length) spans.push({ from: from + at, to, key: doc });
}

/**
 * Tokens of `code` as language `id` (one of `isParsedLanguage`), line by line as shiki gives them: each
 * token's text, and the colour and font style of the rule-index theme (theme-classes.ts), so that
 * `tokensToHtmlLines` turns them into the same classes it gives shiki's. Any text parses: what the
 * parser cannot make sense of (a fragment of a diff, a half-written file) is left in the default colour.
 */
export function parsedTokens(code: string, id: string): ThemedToken[][] {
  const styling = stylingOf();
  return toLines(code, styledSpans(code, id, styling), styling.styles);
}

/**
 * Cuts styled spans (and the unstyled text between them) into shiki-shaped tokens, line by line. Lines are
 * cut as shiki cuts them (`splitCodeLines`), and a span that crosses a line end (a block comment, a
 * template string) is cut there; line ends themselves are in no token.
 */
function toLines(code: string, spans: readonly Span[], styles: readonly Style[]): ThemedToken[][] {
  const lines: ThemedToken[][] = [];
  let first = 0;
  let start = 0;
  for (const text of splitCodeLines(code)) {
    const end = start + text.length;
    const tokens: ThemedToken[] = [];
    const push = (from: number, to: number, style: Style | undefined) => {
      if (to > from) {
        tokens.push({
          content: code.slice(from, to),
          offset: from,
          color: style?.color,
          fontStyle: style?.fontStyle ?? 0,
        });
      }
    };
    // Spans come in order and do not overlap: skip those that ended before this line.
    while (first < spans.length && (spans[first] as Span).to <= start) first += 1;
    let at = start;
    for (let next = first; next < spans.length; next += 1) {
      const { from, to, key } = spans[next] as Span;
      if (from >= end) break;
      push(at, Math.max(at, from), undefined);
      push(Math.max(at, from), Math.min(to, end), styles[key]);
      at = Math.min(to, end);
    }
    push(at, end, undefined);
    lines.push(tokens);
    // Past the line end: "\r\n" or "\n" (the last line has none).
    start = end + (code.startsWith("\r\n", end) ? 2 : 1);
  }
  return lines;
}

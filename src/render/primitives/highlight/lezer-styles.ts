import type { SyntaxNode, SyntaxNodeRef } from "@lezer/common";
import { styleTags, Tag, tags as t, tagHighlighter } from "@lezer/highlight";
import { type Style, stylesOfScopes } from "./styled-spans.js";

/**
 * How a Lezer parse of JavaScript or TypeScript is coloured (parsed-languages.ts): each construct stands
 * for the TextMate scope shiki's TypeScript grammar gives it, and the theme's own matcher (vscode-textmate's,
 * as shiki uses it) picks the rule, so the colours are the theme's, as in every other language on the
 * page. Lezer's style tags say most of it; `GRAMMAR_STYLES` and `refine` add what the grammar sees and the
 * tags do not (parameters, constants, functions assigned to names, built-ins).
 */

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
export const jsdocTag = Tag.define(t.docComment);
export const jsdocType = Tag.define(t.docComment);
export const jsdocName = Tag.define(t.docComment);
// The parts of a regular expression literal, which Lezer leaves one token and the grammar takes apart.
export const regexDelimiter = Tag.define(t.regexp);
export const regexOperator = Tag.define(t.regexp);
export const regexClass = Tag.define(t.regexp);
export const regexEscape = Tag.define(t.regexp);
export const regexName = Tag.define(t.regexp);
export const regexFlags = Tag.define(t.regexp);

/**
 * Each tag, with the scope the TypeScript grammar gives the same construct. A tag not listed takes its
 * parent's (`t.function(t.variableName)` falls back to `t.variableName`); brackets and separators are in
 * no scope with a colour of its own, in the grammar either.
 */
export const SCOPE_OF: readonly [Tag, string][] = [
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
  // In JSX Lezer marks the built-in (lower-case) elements `standard`; the grammar colours components apart.
  [t.tagName, "entity.name.tag.tsx support.class.component.tsx"],
  [t.standard(t.tagName), "entity.name.tag.tsx"],
  [t.attributeName, "entity.other.attribute-name.tsx"],
  [t.attributeValue, "string.quoted.double.tsx"],
  [t.angleBracket, "punctuation.definition.tag.begin.tsx"],
];

/** Where the TypeScript grammar sees what @lezer/javascript's own style rules do not say. */
export const GRAMMAR_STYLES = styleTags({
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

export interface Styling {
  /** The index into SCOPE_OF of the entry a node's tags select, or undefined when none applies. */
  keyOf: (tags: readonly Tag[]) => number | undefined;
  /** The index into SCOPE_OF of one listed tag. */
  indexOf: (tag: Tag) => number;
  /** The token colour and font style of each SCOPE_OF entry, as shiki's tokens carry them. */
  styles: Style[];
}

let styling: Styling | undefined;

/** The tag-to-colour mapping, built once from the theme. */
export function stylingOf(): Styling {
  if (styling !== undefined) return styling;
  const highlighter = tagHighlighter(SCOPE_OF.map(([tag], index) => ({ tag, class: String(index) })));
  const index = new Map(SCOPE_OF.map(([tag], at) => [tag, at]));
  styling = {
    keyOf: (tags) => {
      const key = highlighter.style(tags);
      return key === null ? undefined : Number(key);
    },
    indexOf: (tag) => index.get(tag) ?? -1,
    styles: stylesOfScopes(
      "source.ts",
      SCOPE_OF.map(([, scope]) => scope),
    ),
  };
  return styling;
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
function definitionTag(node: SyntaxNode): Tag {
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
export function refine(listed: Tag, node: SyntaxNodeRef, code: string): Tag {
  if (listed === t.definition(t.variableName)) return definitionTag(node.node);
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

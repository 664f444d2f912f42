import { type IRawTheme, Theme } from "@shikijs/vscode-textmate";
import type { ThemedToken } from "shiki/core";
import { themeClasses } from "./theme-classes.js";
import { splitCodeLines } from "./tokens-to-html.js";

// What the highlighters of our own (a Lezer parse for TypeScript and JavaScript, a scanner for shell)
// share: ranges of a block, each standing for a TextMate scope; the colour the theme gives that scope, by
// the theme's own matcher; and the ranges cut into shiki-shaped tokens, so the page cannot tell them
// from shiki's.

/** A styled range of a block: `key` is the index of the scope it shows in its highlighter's table. */
export interface Span {
  from: number;
  to: number;
  key: number;
}

/**
 * Appends `from`..`to` in style `key` to spans in order; a run that goes on from the last span in the same
 * style lengthens it instead: fewer, longer tokens, the same colours.
 */
export function appendSpan(spans: Span[], from: number, to: number, key: number): void {
  if (to <= from) return;
  const last = spans[spans.length - 1];
  if (last !== undefined && last.key === key && last.to === from) last.to = to;
  else spans.push({ from, to, key });
}

/** A token's colour (rule-index encoded, see theme-classes.ts) and font style, as shiki's tokens carry them. */
export interface Style {
  color: string | undefined;
  fontStyle: number;
}

let theme: Theme | undefined;

/**
 * The style the theme gives each scope path (`"string.quoted.double.shell constant.character.escape.shell"`,
 * innermost last) under a grammar's root scope, matched scope by scope from the root, each keeping what the
 * one before set and it does not: how vscode-textmate (shiki's engine) merges a token's attributes.
 */
export function stylesOfScopes(rootScope: string, scopePaths: readonly string[]): Style[] {
  theme ??= Theme.createFromRawTheme(themeClasses().ruleTheme as unknown as IRawTheme);
  const matcher = theme;
  const colorMap = matcher.getColorMap();
  return scopePaths.map((scopePath) => {
    let color: string | undefined;
    let fontStyle = 0;
    let path: { parent: typeof path; scopeName: string } | null = { parent: null, scopeName: rootScope };
    for (const scopeName of scopePath.split(" ")) {
      path = { parent: path, scopeName };
      // vscode-textmate's matcher reads only `scopeName` and `parent` of the path it is given.
      const style = matcher.match(path as Parameters<Theme["match"]>[0]);
      if (style === null) continue;
      if (style.foregroundId !== 0) color = colorMap[style.foregroundId];
      if (style.fontStyle !== -1) fontStyle = style.fontStyle;
    }
    return { color, fontStyle };
  });
}

/**
 * Cuts styled spans (and the unstyled text between them) into shiki-shaped tokens, line by line. Lines are
 * cut as shiki cuts them (`splitCodeLines`), and a span that crosses a line end (a block comment, a
 * template string) is cut there; line ends themselves are in no token.
 */
export function spansToTokens(
  code: string,
  spans: readonly Span[],
  styles: readonly Style[],
): ThemedToken[][] {
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

/**
 * Rendering primitives for the HTML (and Markdown) reports: each returns finished, escaped HTML for a
 * template's `{{{ }}}`. Deterministic (same input, same bytes), inert (no session text becomes
 * markup), and they never throw on odd input.
 */

export type { DiffHunk, DiffLine, DiffLineKind, FileDiff } from "../../diff/diff-model.js";
export { editToModel } from "../../diff/edit-to-model.js";
export { piNumberedDiffToModel } from "../../diff/pi-numbered-diff-to-model.js";
export { type TextEdit, textsToModel } from "../../diff/texts-to-model.js";
export { unifiedPatchToModel } from "../../diff/unified-patch-to-model.js";
export { ansiStylesheet } from "./ansi/ansi-stylesheet.js";
export { ansiToHtml } from "./ansi/ansi-to-html.js";
export { stripAnsi } from "./ansi/strip-ansi.js";
export { type DiffHtmlOptions, diffStylesheet, diffToHtml } from "./diff/diff-to-html.js";
export { escapeHtml } from "./escape.js";
export {
  createHighlightBudget,
  DEFAULT_HIGHLIGHT_BUDGET,
  HIGHLIGHT_PRIORITIES,
  HighlightBudget,
  type HighlightBudgetOptions,
  type HighlightPriority,
} from "./highlight/budget.js";
export { highlightCode, plainCodeBlock } from "./highlight/code-to-html.js";
export {
  clearHighlightCache,
  codeToLines,
  type HighlightedLines,
  type HighlightRequest,
  type HighlightStats,
  highlightStats,
} from "./highlight/code-to-lines.js";
export { languageFromPath, resolveLanguage, SHELL_LANGUAGE } from "./highlight/languages.js";
export { highlightStylesheet } from "./highlight/theme-classes.js";
export { type MarkdownOptions, markdownToHtml } from "./markdown/markdown-to-html.js";

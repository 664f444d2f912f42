import { expect, it } from "vitest";
import * as primitives from "../../src/render/primitives/index.js";

it("exports exactly the public API the report renderers build on", () => {
  expect(Object.keys(primitives).sort()).toEqual([
    "DEFAULT_HIGHLIGHT_BUDGET",
    "HIGHLIGHT_PRIORITIES",
    "HighlightBudget",
    "SHELL_LANGUAGE",
    "ansiStylesheet",
    "ansiToHtml",
    "clearHighlightCache",
    "codeToLines",
    "createHighlightBudget",
    "diffStylesheet",
    "diffToHtml",
    "editToModel",
    "escapeHtml",
    "highlightCode",
    "highlightStats",
    "highlightStylesheet",
    "languageFromPath",
    "markdownToHtml",
    "piNumberedDiffToModel",
    "plainCodeBlock",
    "resolveLanguage",
    "stripAnsi",
    "textsToModel",
    "unifiedPatchToModel",
  ]);
});

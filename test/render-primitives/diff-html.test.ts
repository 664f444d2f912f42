import { beforeEach, describe, expect, it } from "vitest";
import { toFileDiff } from "../../src/diff/diff-model.js";
import { diffToHtml } from "../../src/render/primitives/diff/diff-to-html.js";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import { clearHighlightCache, highlightStats } from "../../src/render/primitives/highlight/code-to-lines.js";

const DIFF = toFileDiff([
  {
    lines: [
      { kind: "gap", text: "" },
      { kind: "context", oldLine: 9, newLine: 9, text: "/* a comment" },
      { kind: "del", oldLine: 10, text: "   still <old> */ let a = 1;" },
      { kind: "add", newLine: 10, text: "   still <new> */ let a = 2;" },
    ],
  },
]);

beforeEach(() => clearHighlightCache());

describe("diffToHtml", () => {
  it("renders one row per line with numbers, sign and escaped plain code when the language is unknown", async () => {
    const html = await diffToHtml(DIFF, { language: undefined, budget: createHighlightBudget() });
    expect(html).toBe(
      [
        '<table class="diff shiki"><tbody><tr class="diff-gap"><td></td><td></td><td></td><td>⋯</td></tr>',
        '<tr class="diff-context"><td>9</td><td>9</td><td> </td><td>/* a comment</td></tr>',
        '<tr class="diff-del"><td>10</td><td></td><td>-</td><td>   still &lt;old&gt; */ let a = 1;</td></tr>',
        '<tr class="diff-add"><td></td><td>10</td><td>+</td><td>   still &lt;new&gt; */ let a = 2;</td></tr></tbody></table>',
      ].join("\n"),
    );
  });

  it("highlights each side as one text, so a comment opened on a context line colours the next line", async () => {
    const budget = createHighlightBudget();
    const html = await diffToHtml(DIFF, { language: "ts", budget });
    const codeOf = (kind: string) =>
      new RegExp(`<tr class="diff-${kind}">(?:<td>[^<]*</td>){3}<td>(.*?)</td></tr>`).exec(html)?.[1];
    // The comment runs on into the changed lines up to `*/` (the space after it joins the span).
    const comment = /^<span class="(hl-\d+)">\/\* a comment<\/span>$/.exec(codeOf("context") ?? "")?.[1];
    expect(comment).toBeDefined();
    expect(codeOf("del")).toMatch(new RegExp(`^<span class="${comment}">   still &lt;old&gt; \\*/ </span>`));
    expect(codeOf("add")).toMatch(new RegExp(`^<span class="${comment}">   still &lt;new&gt; \\*/ </span>`));
    expect(html).not.toContain("style=");
    expect(highlightStats().tokenized).toBe(2);
    expect(budget.spentBy("diff")).toBe("/* a comment\n   still <old> */ let a = 1;".length * 2);
  });

  it("shows both sides plain when the budget cannot pay for both", async () => {
    const oneSide = "/* a comment\n   still <old> */ let a = 1;".length;
    const budget = createHighlightBudget({ totalChars: oneSide + 1 });
    const html = await diffToHtml(DIFF, { language: "ts", budget });
    expect(html).not.toContain("<span");
    expect(budget.spent).toBe(0);
    expect(highlightStats().tokenized).toBe(0);
  });

  it("renders an empty diff as an empty table", async () => {
    expect(await diffToHtml(toFileDiff([]), { language: "ts", budget: createHighlightBudget() })).toBe(
      '<table class="diff shiki"><tbody></tbody></table>',
    );
  });
});

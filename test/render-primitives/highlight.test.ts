import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import {
  highlightCode,
  linesToBlock,
  plainCodeBlock,
} from "../../src/render/primitives/highlight/code-to-html.js";
import { clearHighlightCache, highlightStats } from "../../src/render/primitives/highlight/code-to-lines.js";
import { highlightStylesheet } from "../../src/render/primitives/highlight/theme-classes.js";
import { plainLines } from "../../src/render/primitives/highlight/tokens-to-html.js";

const TS = 'const greeting: string = "a<b>&c";\n// done';

beforeEach(() => clearHighlightCache());

describe("highlightCode", () => {
  it("colours tokens with classes the stylesheet defines, and never with style attributes", async () => {
    const html = await highlightCode(TS, {
      language: "ts",
      priority: "code-fence",
      budget: createHighlightBudget(),
    });
    expect(html.startsWith('<pre class="shiki"><code>')).toBe(true);
    expect(html.endsWith("</code></pre>")).toBe(true);
    expect(html).not.toContain("style=");
    // github-light: keywords #d73a49, strings #032f62, comments #6a737d; the keyword and comment colours
    // darkened to read at 4.5:1 on white and on a diff's red and green rows (contrast.ts): #d73a49 by 7%
    // (215, 58, 73) x 0.93 = (200, 54, 68), #6a737d by 4% (106, 115, 125) x 0.96 = (102, 110, 120).
    const css = highlightStylesheet();
    const classOf = (text: string) => new RegExp(`<span class="([^"]+)">${text}`).exec(html)?.[1];
    const colourOf = (className: string | undefined) =>
      new RegExp(`\\.${className}\\{color:(#[0-9a-f]+)`).exec(css)?.[1];
    expect(colourOf(classOf("const "))).toBe("#c83644");
    expect(colourOf(classOf("&quot;a&lt;b&gt;&amp;c&quot;"))).toBe("#032f62");
    expect(colourOf(classOf("// done"))).toBe("#666e78");
    // The text survives, escaped, line for line.
    expect(html.replace(/<[^>]+>/g, "")).toBe(
      "const greeting: string = &quot;a&lt;b&gt;&amp;c&quot;;\n// done",
    );
  });

  it("highlights identical blocks once: the second call is a cache hit and tokenizes nothing", async () => {
    const budget = createHighlightBudget();
    const first = await highlightCode(TS, { language: "typescript", priority: "code-fence", budget });
    expect(highlightStats()).toEqual({ tokenized: 1, tokenizedChars: TS.length, cacheHits: 0 });
    const second = await highlightCode(TS, { language: "ts", priority: "diff", budget });
    expect(second).toBe(first);
    expect(highlightStats()).toEqual({ tokenized: 1, tokenizedChars: TS.length, cacheHits: 1 });
  });

  it("gives the same bytes after the cache is emptied", async () => {
    const first = await highlightCode(TS, {
      language: "ts",
      priority: "code-fence",
      budget: createHighlightBudget(),
    });
    clearHighlightCache();
    const again = await highlightCode(TS, {
      language: "ts",
      priority: "code-fence",
      budget: createHighlightBudget(),
    });
    expect(highlightStats().tokenized).toBe(1);
    expect(again).toBe(first);
  });

  it("shows an unknown or missing language as escaped text in the same wrapper", async () => {
    const budget = createHighlightBudget();
    const code = "<script>alert(1)</script>\n{{x}}";
    const expected = '<pre class="shiki"><code>&lt;script&gt;alert(1)&lt;/script&gt;\n{{x}}</code></pre>';
    expect(await highlightCode(code, { language: "no-such-lang", priority: "code-fence", budget })).toBe(
      expected,
    );
    expect(await highlightCode(code, { language: undefined, priority: "code-fence", budget })).toBe(expected);
    expect(await highlightCode(code, { language: "constructor", priority: "code-fence", budget })).toBe(
      expected,
    );
    expect(plainCodeBlock(code)).toBe(expected);
    expect(highlightStats().tokenized).toBe(0);
    expect(budget.spent).toBe(0);
  });

  it("makes a plain block exactly as the block of its plain lines (which diffs and highlighting use)", () => {
    // Line ends of every kind, lone and together, among characters that need escaping.
    const piece = fc.constantFrom("\n", "\r", "\r\n", "\n\r", "<", ">", "&", '"', "'", "a", " ", "é", "😀");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const code = pieces.join("");
        expect(plainCodeBlock(code)).toBe(linesToBlock(plainLines(code)));
      }),
      { numRuns: 500 },
    );
  });

  it("falls back to escaped plain text once the budget is spent", async () => {
    const budget = createHighlightBudget({ totalChars: 30 });
    const first = "let a = 1; // <ok>"; // 18 characters: fits
    const second = "let b = 2; // <no>"; // 18 more would make 36 > 30
    const highlighted = await highlightCode(first, { language: "js", priority: "command", budget });
    const plain = await highlightCode(second, { language: "js", priority: "command", budget });
    expect(highlighted).toContain("<span class=");
    expect(plain).toBe('<pre class="shiki"><code>let b = 2; // &lt;no&gt;</code></pre>');
    expect(budget.spent).toBe(18);
  });

  it("keeps CRLF line ends out of the output and leaves over-long lines plain", async () => {
    const budget = createHighlightBudget();
    const html = await highlightCode("a = 1\r\nb = 2", {
      language: "python",
      priority: "code-fence",
      budget,
    });
    expect(html).not.toContain("\r");
    expect(html.replace(/<[^>]+>/g, "")).toBe("a = 1\nb = 2");
    const long = `x = "${"y".repeat(10_000)}"`;
    const longHtml = await highlightCode(long, { language: "python", priority: "code-fence", budget });
    expect(longHtml).toBe(`<pre class="shiki"><code>${long.replaceAll('"', "&quot;")}</code></pre>`);
  });
});

describe("highlightStylesheet", () => {
  it("gives light colours by default and dark ones under prefers-color-scheme: dark", () => {
    const [light, dark] = highlightStylesheet().split("@media (prefers-color-scheme: dark)");
    expect(light).toContain(".shiki{color:#24292e;background-color:#fff}");
    expect(dark).toContain(".shiki{color:#e1e4e8;background-color:#24292e}");
    // Keywords: github-light #d73a49 (darkened to #c83644, above), github-dark #f97583, under the same class.
    const keyword = /\.(hl-\d+)\{color:#c83644\}/.exec(light ?? "")?.[1];
    expect(dark).toContain(`.${keyword}{color:#f97583}`);
  });
});

describe("a language that embeds others lazily", () => {
  it("colours a block the same whatever the process highlighted before", async () => {
    // A markdown file with a Rust fence: in a highlighter shared with Rust, the fence would be
    // coloured only once something else had loaded Rust (nothing in this file highlights it before).
    const markdown = "# Notes\n\n```rust\nfn main() { let x: u8 = 1; }\n```\n";
    const budget = () => createHighlightBudget();
    const before = await highlightCode(markdown, {
      language: "markdown",
      priority: "diff",
      budget: budget(),
    });
    const rust = "fn g() -> u8 { 2 }";
    expect(await highlightCode(rust, { language: "rust", priority: "diff", budget: budget() })).toContain(
      "hl-",
    );
    clearHighlightCache();
    const after = await highlightCode(markdown, { language: "markdown", priority: "diff", budget: budget() });
    expect(highlightStats().tokenized).toBe(1);
    expect(after).toBe(before);
    // The heading is coloured: markdown itself is highlighted.
    expect(before).toMatch(/<span class="hl-[^"]+"># Notes/);
  });
});

describe("a language that injects into others", () => {
  it("does not change how a TypeScript block is coloured once it is loaded", async () => {
    // ts-tags injects CSS, HTML and SQL grammars into TypeScript's tagged templates: sharing a highlighter
    // with TypeScript, it would colour this css`` template in every TypeScript block highlighted after it.
    const ts = "const style = css`color: red; margin: 0 auto;`;";
    const budget = () => createHighlightBudget();
    const before = await highlightCode(ts, { language: "ts", priority: "diff", budget: budget() });
    const tagged = await highlightCode(ts, { language: "ts-tags", priority: "diff", budget: budget() });
    clearHighlightCache();
    const after = await highlightCode(ts, { language: "ts", priority: "diff", budget: budget() });
    expect(after).toBe(before);
    // ts-tags itself colours the template as CSS, so the comparison is between two different colourings.
    expect(tagged).not.toBe(before);
  });
});

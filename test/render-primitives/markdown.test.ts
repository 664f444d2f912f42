import { describe, expect, it } from "vitest";
import { createHighlightBudget } from "../../src/render/primitives/highlight/budget.js";
import { markdownToHtml } from "../../src/render/primitives/markdown/markdown-to-html.js";

const render = (markdown: string, idPrefix?: string) =>
  markdownToHtml(markdown, {
    budget: createHighlightBudget(),
    ...(idPrefix === undefined ? {} : { idPrefix }),
  });

describe("markdownToHtml: hostile input comes out inert", () => {
  it("shows a raw <script> block as text in a plain code block", async () => {
    expect(await render("<script>alert(1)</script>")).toBe(
      '<pre class="shiki"><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
    );
  });

  it("shows inline raw HTML (an onerror image) as text", async () => {
    expect(await render("Look <img src=x onerror=alert(1)> here")).toBe(
      "<p>Look &#x3C;img src=x onerror=alert(1)> here</p>",
    );
  });

  it("drops javascript: and data:text/html link targets, keeping the words", async () => {
    expect(await render("[x](javascript:alert(1))")).toBe("<p><a>x</a></p>");
    expect(await render("[d](data:text/html,<script>alert(1)</script>)")).toBe("<p><a>d</a></p>");
    expect(await render("[d](data:text/html;base64,PHNjcmlwdD4=)")).toBe("<p><a>d</a></p>");
  });

  it("turns a network image into a link (never fetched) and keeps a PNG data URI image", async () => {
    expect(await render("![](https://evil/x.png)")).toBe(
      '<p><a href="https://evil/x.png" rel="noopener noreferrer">https://evil/x.png</a></p>',
    );
    expect(await render("![pic](data:image/png;base64,iVBORw0KGgo=)")).toBe(
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="pic"></p>',
    );
    // SVG can carry script: not an allowed image type, and not an allowed link target either.
    expect(await render("![svg](data:image/svg+xml;base64,PHN2Zz4=)")).toBe("<p><a>svg</a></p>");
  });

  it("keeps closing tags and template syntax as text", async () => {
    expect(await render("a </details> b </textarea> {{x}} {{{y}}}")).toBe(
      "<p>a &#x3C;/details> b &#x3C;/textarea> {{x}} {{{y}}}</p>",
    );
  });
});

describe("markdownToHtml: GFM survives", () => {
  it("renders a table with its alignment", async () => {
    expect(await render("| a | b |\n|:--|--:|\n| 1 | 2 |")).toBe(
      [
        "<table>",
        "<thead>",
        "<tr>",
        '<th align="left">a</th>',
        '<th align="right">b</th>',
        "</tr>",
        "</thead>",
        "<tbody>",
        "<tr>",
        '<td align="left">1</td>',
        '<td align="right">2</td>',
        "</tr>",
        "</tbody>",
        "</table>",
      ].join("\n"),
    );
  });

  it("renders a task list with disabled checkboxes", async () => {
    expect(await render("- [x] done\n- [ ] todo")).toBe(
      [
        '<ul class="contains-task-list">',
        '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>',
        '<li class="task-list-item"><input type="checkbox" disabled> todo</li>',
        "</ul>",
      ].join("\n"),
    );
  });

  it("gives links rel=noopener noreferrer and no target", async () => {
    expect(await render("[e](https://example.com/a?b=1&c=2)")).toBe(
      '<p><a href="https://example.com/a?b=1&#x26;c=2" rel="noopener noreferrer">e</a></p>',
    );
  });

  it("highlights a code fence in its language and leaves an unknown one plain", async () => {
    const html = await render("```ts\nconst a = 1;\n```\n\n```nope\n<b>\n```");
    expect(html).toMatch(/^<pre class="shiki"><code><span class="hl-\d+">const <\/span>/);
    expect(html).toContain('<pre class="shiki"><code>&lt;b&gt;</code></pre>');
    expect(html).not.toContain("language-");
    expect(html).not.toContain("style=");
  });

  it("prefixes footnote ids and points their links at the prefixed ids", async () => {
    const html = await render("x[^n]\n\n[^n]: note", "m7-");
    expect(html).toContain(
      '<a href="#m7-fn-n" id="m7-fnref-n" data-footnote-ref aria-describedby="m7-footnote-label">',
    );
    expect(html).toContain('<li id="m7-fn-n">');
    expect(html).toContain('<a href="#m7-fnref-n" data-footnote-backref=""');
    // A label for screen readers at the message's top level (h4), kept through the sanitizer.
    expect(html).toContain('<h4 class="sr-only" id="m7-footnote-label">');
  });

  it("makes an empty header cell a plain cell: it heads no column", async () => {
    const html = await render("|   | cost |\n|---|---|\n| a | 1 |");
    expect(html).toContain("<thead>\n<tr>\n<td></td>\n<th>cost</th>\n</tr>\n</thead>");
  });

  it("places a message's headings under the entry's h3, one level below their parent, never skipping", async () => {
    const html = await render(
      "### Deep first\n\n# Top\n\n### Skips one\n\n## Back\n\n###### Deepest\n\n#### Four\n\n##### Five\n\n# Again",
    );
    const levels = [...html.matchAll(/<h(\d)>([^<]*)<\/h\d>/g)].map(([, level, text]) => `${text} h${level}`);
    // Worked out by hand: the first heading is the message's top (h4) whatever its `#`s; `###` under `#`
    // is its child (h5), as is `##` once `###` is closed; h6 is the floor, so `#####` under `####` stays h6.
    expect(levels).toEqual([
      "Deep first h4",
      "Top h4",
      "Skips one h5",
      "Back h5",
      "Deepest h6",
      "Four h6",
      "Five h6",
      "Again h4",
    ]);
  });

  it("spends the budget on fences in document order, so a spent budget leaves later fences plain", async () => {
    const budget = createHighlightBudget({ totalChars: 10 });
    const html = await markdownToHtml("```js\nlet a=1\n```\n\n```js\nlet b=2\n```", { budget });
    const [first, second] = html.split("\n");
    expect(first).toContain("<span");
    expect(second).toBe('<pre class="shiki"><code>let b=2</code></pre>');
  });

  it("renders a text met again on a page as the first time, and per page (budget)", async () => {
    const budget = createHighlightBudget({ totalChars: 10 });
    const a = "Run:\n\n```js\nlet a=1\n```"; // 7 characters of code: fits
    const b = "Then:\n\n```js\nlet b=2\n```"; // 7 more would make 14 > 10
    const firstA = await markdownToHtml(a, { budget });
    const firstB = await markdownToHtml(b, { budget });
    expect(firstA).toContain("<span");
    expect(firstB).toContain('<pre class="shiki"><code>let b=2</code></pre>');
    // Met again: the fence paid for is still highlighted, the refused one still plain.
    expect(await markdownToHtml(a, { budget })).toBe(firstA);
    expect(await markdownToHtml(b, { budget })).toBe(firstB);
    // Another report's budget gets its own answers: nothing spent there, so b is highlighted.
    expect(await markdownToHtml(b, { budget: createHighlightBudget({ totalChars: 10 }) })).toContain("<span");
    expect(await markdownToHtml(a, { budget: createHighlightBudget({ totalChars: 0 }) })).not.toContain(
      "<span",
    );
  });

  it("is deterministic and never throws on odd input", async () => {
    const text = "# T\n\n* a\n\n```py\nx = 1\n```\n\n> q <b>";
    expect(await render(text)).toBe(await render(text));
    expect(await render(undefined as unknown as string)).toBe("");
    const deep = `${"> ".repeat(5000)}deep`;
    expect(typeof (await render(deep))).toBe("string");
  });
});

/** Pins the escaping the Markdown report relies on, one construct at a time. */
import { describe, expect, it } from "vitest";
import { detailsOpen, sessionText, stringify, summaryText, text } from "../../src/render/markdown/mdast.js";
import { isSafeUrl, sessionMarkdown } from "../../src/render/markdown/session-markdown.js";
import { nodesOfType, parseMarkdown } from "./markdown-tree.js";

/** Session Markdown through the renderer and back, as GitHub would read it. */
const roundTrip = (markdown: string, offset = 0) =>
  parseMarkdown(stringify(sessionMarkdown(markdown, offset)));

describe("session Markdown is made inert", () => {
  it("turns raw HTML into a code block when it stands alone, into text inline", () => {
    expect(sessionMarkdown("<script>alert(1)</script>")).toEqual([
      { type: "code", lang: null, value: "<script>alert(1)</script>" },
    ]);
    const tree = roundTrip("a <b onclick=x>bold</b> and <!-- hidden -->");
    expect(nodesOfType(tree, "html")).toEqual([]);
    expect(
      nodesOfType(tree, "text")
        .map((node) => node.value)
        .join(""),
    ).toBe("a <b onclick=x>bold</b> and <!-- hidden -->");
  });

  it("shows links to anything but http(s)/mailto as the text that was written", () => {
    for (const written of [
      "[x](javascript:alert(1))",
      "[x](JavaScript:alert(1))",
      "[x](data:text/html,hi)",
      "<vbscript:run>",
    ]) {
      const tree = roundTrip(written);
      expect(nodesOfType(tree, "link")).toEqual([]);
      expect(
        nodesOfType(tree, "text")
          .map((node) => node.value)
          .join(""),
      ).toBe(written);
    }
    const kept = nodesOfType(roundTrip("[docs](https://example.com/a?b=1) and [here](#top)"), "link");
    expect(kept.map((link) => link.url)).toEqual(["https://example.com/a?b=1", "#top"]);
  });

  it("judges a scheme as a browser would: case, spaces and control characters do not hide it", () => {
    expect(isSafeUrl("java\tscript:alert(1)")).toBe(false);
    expect(isSafeUrl(" JAVASCRIPT:alert(1)")).toBe(false);
    expect(isSafeUrl("java\u0000script:x")).toBe(false);
    expect(isSafeUrl("data:image/svg+xml;base64,AAAA")).toBe(false);
    expect(isSafeUrl("HTTPS://example.com")).toBe(true);
    expect(isSafeUrl("mailto:a@example.com")).toBe(true);
    expect(isSafeUrl("src/main.ts")).toBe(true);
    expect(isSafeUrl("#section")).toBe(true);
  });

  it("resolves references in place, drops definitions, and never follows an unsafe one", () => {
    const tree = roundTrip("[good][1] and [bad][2]\n\n[1]: https://example.com\n[2]: javascript:alert(1)");
    expect(nodesOfType(tree, "definition")).toEqual([]);
    expect(nodesOfType(tree, "link").map((link) => link.url)).toEqual(["https://example.com"]);
    expect(
      nodesOfType(tree, "text")
        .map((node) => node.value)
        .join(""),
    ).toContain("[bad][2]");
  });

  it("turns images into links reading their alt text, so nothing is fetched", () => {
    const tree = roundTrip("![a cat](https://example.com/cat.png) ![x](javascript:alert(1))");
    expect(nodesOfType(tree, "image")).toEqual([]);
    expect(
      nodesOfType(tree, "link").map((link) => [
        link.url,
        nodesOfType({ type: "root", children: [link] } as never, "text")[0]?.value,
      ]),
    ).toEqual([["https://example.com/cat.png", "a cat"]]);
  });

  it("writes footnotes as plain text: their ids would collide across messages", () => {
    const tree = roundTrip("claim[^1]\n\n[^1]: source <b>here</b>");
    expect(nodesOfType(tree, "footnoteReference")).toEqual([]);
    expect(nodesOfType(tree, "footnoteDefinition")).toEqual([]);
    expect(
      nodesOfType(tree, "text")
        .map((node) => node.value)
        .join("|"),
    ).toBe("claim[^1]|[^1]:|source <b>here</b>");
  });

  it("moves headings below the report's own, and keeps code fences whole", () => {
    const tree = roundTrip("# Top\n\n#### Deep\n\n````md\n```\ninner\n```\n````", 3);
    expect(nodesOfType(tree, "heading").map((node) => node.depth)).toEqual([4, 6]);
    expect(nodesOfType(tree, "code").map((node) => [node.lang, node.value])).toEqual([
      ["md", "```\ninner\n```"],
    ]);
  });

  it("shows absurdly deep nesting as one code block instead of overflowing the stack", () => {
    const deep = `${"> ".repeat(5000)}x`;
    expect(sessionMarkdown(deep)).toEqual([{ type: "code", lang: null, value: deep }]);
    const nested = `${"- ".repeat(80)}x`;
    expect(stringify(sessionMarkdown(nested)).length).toBeGreaterThan(0);
  });
});

describe("text the renderer writes itself", () => {
  it("escapes what Markdown would read as syntax or HTML", () => {
    const value = "<img src=x onerror=alert(1)> *not em* [not](link) | `tick` &amp; # not a heading";
    const tree = parseMarkdown(stringify([{ type: "paragraph", children: [text(value)] }]));
    expect(nodesOfType(tree, "html")).toEqual([]);
    expect(
      nodesOfType(tree, "text")
        .map((node) => node.value)
        .join(""),
    ).toBe(value);
  });

  it("shows @mentions as code, keeping e-mail addresses and trailing punctuation as text", () => {
    expect(sessionText("ask @octocat, see @src/main.ts. mail me@example.com")).toEqual([
      { type: "text", value: "ask " },
      { type: "inlineCode", value: "@octocat" },
      { type: "text", value: ", see " },
      { type: "inlineCode", value: "@src/main.ts" },
      { type: "text", value: ". mail me@example.com" },
    ]);
  });

  it("mentions nobody after a backtick shown as text either (GitHub links @name after any non-word character)", () => {
    expect(sessionText("Bob`@octocat")).toEqual([
      { type: "text", value: "Bob`" },
      { type: "inlineCode", value: "@octocat" },
    ]);
    const tree = roundTrip("a stray ` then @octocat, and `code` `@octocat");
    const texts = nodesOfType(tree, "text").map((node) => node.value);
    expect(texts.filter((value) => /(^|\W)@\w/.test(value))).toEqual([]);
  });

  it("links no issue: #123, GH-45 and owner/repo#7 get a word joiner after the # or GH-", () => {
    const joined =
      "fixes #\u2060123, see GH-\u206045 and octo-org/octo-repo#\u20607; not # 5 or issue#x or fix-GH-1";
    expect(
      sessionText("fixes #123, see GH-45 and octo-org/octo-repo#7; not # 5 or issue#x or fix-GH-1"),
    ).toEqual([{ type: "text", value: joined }]);
    // Through remark and back, as GitHub reads it: no `#` is followed by a digit anywhere in the text.
    const texts = nodesOfType(roundTrip("# 12 heading\n\nclosed #12 and gh-3 (#4)"), "text").map(
      (n) => n.value,
    );
    expect(texts.join("|")).not.toMatch(/#\d|GH-\d/i);
    expect(texts.join("|").replaceAll("\u2060", "")).toContain("closed #12 and gh-3 (#4)");
  });

  it("keeps entities whole in <summary> while breaking references: &#39; is no issue", () => {
    expect(summaryText("it's #42 and `GH-7`")).toBe("it&#39;s #\u206042 and &#96;GH-\u20607&#96;");
  });

  it("puts escaped, one-line text in <summary>", () => {
    expect(summaryText(`a & b <i>"c"</i> 'd' \`e\`\n\tf @org/team`)).toBe(
      "a &amp; b &lt;i&gt;&quot;c&quot;&lt;/i&gt; &#39;d&#39; &#96;e&#96; f @\u2060org/team",
    );
    expect(detailsOpen("</summary><script>", true).value).toBe(
      "<details open>\n<summary>&lt;/summary&gt;&lt;script&gt;</summary>",
    );
  });
});

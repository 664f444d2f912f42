import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { entryAnchors } from "../../src/view/anchors.js";
import { textOf } from "../../src/view/content-view.js";
import { splitSkill } from "../../src/view/skill.js";
import { allSessionFiles } from "../helpers/all-sessions.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { visibleText, wordsOf } from "../helpers/html-text.js";

/** Attribute values as the templates escape them (handlebars' escaping). */
function attr(value: string): string {
  return value
    .replace(/[&<>"'`=]/g, (c) => `&#x${c.codePointAt(0)?.toString(16).toUpperCase()};`)
    .replace(/&#x26;/g, "&amp;")
    .replace(/&#x3C;/g, "&lt;")
    .replace(/&#x3E;/g, "&gt;")
    .replace(/&#x22;/g, "&quot;")
    .replace(/&#x27;/g, "&#x27;");
}

/** Ways a page could load something: every one must be absent. */
const LOADERS: [string, RegExp][] = [
  ["a script with src", /<script[^>]*\ssrc=/i],
  // The one link of the page's own is `rel="expect"` to an element of the page (render-blocking.test.ts).
  ["a link that loads", /<link\b(?![^>]*\brel="expect"\s[^>]*href="#)/i],
  ["an iframe, object or embed", /<(iframe|object|embed|frame)\b/i],
  ["an image not from a data URI", /<img[^>]*\ssrc="(?!data:image\/(png|jpeg|gif|webp);base64,)/i],
  ["srcset", /\ssrcset=/i],
  ["a base element", /<base\b/i],
  ["a meta refresh", /http-equiv="refresh"/i],
];

describe("every corpus and fixture file renders completely and loads nothing", () => {
  for (const file of allSessionFiles()) {
    it(basename(file), async () => {
      const analysis = analyzeAsRead(file);
      const html = await renderHtml(analysis, { sourcePath: file });

      // Every entry has its anchor, once.
      for (const anchor of entryAnchors(analysis.tree.entries)) {
        expect(html.split(`id="${anchor}"`).length - 1, anchor).toBe(1);
      }
      const text = visibleText(html);
      for (const { body } of analysis.session.entries) {
        if (body.type !== "message") continue;
        const message = body.message;
        // Every prompt a person typed is on the page (its words: markdown may restyle the rest).
        if (message.role === "user") {
          // Link targets are on the page as addresses (href), not as text.
          const typed = splitSkill(textOf(message.content)).typed.replace(/\]\([^)]*\)/g, "]");
          for (const word of wordsOf(typed)) expect(text).toContain(word);
        }
        // Every tool call, by its id.
        if (message.role === "assistant" && Array.isArray(message.content)) {
          for (const block of message.content) {
            if (block.type === "toolCall" && block.id !== undefined) {
              expect(html).toContain(`data-call-id="${attr(block.id)}"`);
            }
          }
        }
      }
      for (const [what, pattern] of LOADERS) expect(pattern.test(html), what).toBe(false);
      // Session text may mention url(...) as text; only the page's own stylesheet could load with it.
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("\n");
      expect(styles).not.toMatch(/url\(|@import/i);
      expect(html).not.toMatch(/\sstyle="/i);
      expect(html).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src &#x27;none&#x27;; img-src data:;/,
      );
    });
  }
});

describe("output is deterministic", () => {
  it("renders the same bytes twice, in one process", async () => {
    const file = allSessionFiles().find((path) => path.endsWith("every-tool.jsonl")) as string;
    const first = await renderHtml(analyzeAsRead(file), { sourcePath: file });
    const second = await renderHtml(analyzeAsRead(file), { sourcePath: file });
    expect(second).toBe(first);
  });
});

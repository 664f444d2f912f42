import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/render/primitives/escape.js";

describe("escapeHtml", () => {
  it("escapes the five characters that can end text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("returns text without them unchanged, including on repeated calls", () => {
    expect(escapeHtml("plain {{text}}")).toBe("plain {{text}}");
    expect(escapeHtml("<")).toBe("&lt;");
    expect(escapeHtml("<")).toBe("&lt;");
    expect(escapeHtml("")).toBe("");
  });
});

import fc from "fast-check";
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

  it("escapes each of the five wherever it stands, and nothing else (any text)", () => {
    // The five characters, their neighbours in code units (`%`, `;`, `=`, `?`, `(`) and text of any width.
    const piece = fc.oneof(
      fc.constantFrom("&", "<", ">", '"', "'", "%", ";", "=", "?", "(", "&amp;"),
      fc.string({ unit: "binary" }),
    );
    const entities: Record<string, string> = {
      "&": "&amp;",
      "<": "&lt;",
      ">": "&gt;",
      '"': "&quot;",
      "'": "&#39;",
    };
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join("");
        const byCharacter = [...text].map((character) => entities[character] ?? character).join("");
        expect(escapeHtml(text)).toBe(byCharacter);
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * An image a session stores as a reference (oh-my-pi's `blob:sha256:<hash>`, no bytes) is said to be a
 * reference to an image the file does not hold, in both reports: not "Image not embedded (57 bytes)".
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { imageReference } from "../../src/view/content-view.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { decodeEntities } from "../helpers/html-text.js";
import { FIXTURES } from "../helpers/paths.js";

const FILE = `${FIXTURES}sessions/image-reference.jsonl`;
/** The fixture's three references (fixtures/README.md): a prompt's webp, a read's png, a tracker's URL. */
const PROMPT_BLOB = "blob:sha256:caeb13f2616e8513977bb2cc4a28b70750c27d31813615c240c3de1541de319e";
const READ_BLOB = "blob:sha256:0f5e7a2b9c4d6e8f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e2f4a6b8c0d2e4f";
const URL_TOKEN = "token=abc123";

/** The page's text as read: tags dropped (inline ones join their words), entities decoded. */
const htmlText = (html: string): string => decodeEntities(html.replace(/<[^>]*>/g, ""));

describe("imageReference", () => {
  it("is null for any base64 data and for a data: URI (they hold the image)", () => {
    fc.assert(
      fc.property(fc.base64String(), (data) => {
        expect(imageReference(data)).toBeNull();
      }),
    );
    expect(imageReference("data:image/png;base64,iVBORw0KGgo=")).toBeNull();
  });

  it("is a content address whole, any other address by its scheme alone", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), (hash) => {
        expect(imageReference(`blob:sha256:${hash}`)).toBe(`blob:sha256:${hash}`);
      }),
    );
    expect(imageReference("https://example.com/a.png?token=x")).toBe("https:…");
    expect(imageReference("file:///home/alice/shot.png")).toBe("file:…");
  });
});

describe("an image stored as a reference", () => {
  const analysis = analyzeAsRead(FILE);

  it("in the page: a reference to an image the file does not hold, whatever its type", async () => {
    const text = htmlText(await renderHtml(analysis, { sourcePath: FILE }));
    for (const [type, reference] of [
      ["image/webp", PROMPT_BLOB],
      ["image/png", READ_BLOB],
      ["image/png", "https:…"],
    ])
      expect(text).toContain(
        `Image not in this file (${type}): the session holds only a reference to it, ${reference}, and the image is stored elsewhere.`,
      );
    // No size made up from the reference's characters, no "only PNG, JPEG, GIF and WebP" for a WebP.
    expect(text).not.toContain("Image not embedded");
    expect(text).not.toContain("57 bytes");
    expect(text).not.toContain(URL_TOKEN);
  });

  it("in the Markdown report: the same words", async () => {
    const { markdown } = await renderMarkdown(analysis, { sourcePath: FILE });
    expect(markdown).toContain(
      `_Image not in this file (image/webp): the session holds only a reference to it, \`${PROMPT_BLOB}\`, and the image is stored elsewhere._`,
    );
    expect(markdown).toContain(`\`${READ_BLOB}\``);
    expect(markdown).not.toContain("Image not written");
    expect(markdown).not.toContain(URL_TOKEN);
  });
});

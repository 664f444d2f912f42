import { describe, expect, it } from "vitest";
import { sessionDownload } from "../../src/render/html/session-download.js";

describe("the session file's data URI in the page", () => {
  it("is put where the link's marker is, whole, its padding escaped as the templates escape '='", () => {
    // Lengths 0-5 give base64 with no padding, one '=' and two; an emoji and an accent: multi-byte UTF-8.
    for (const text of ["", "a", "ab", "abc", "😀é\n", "{}\n{}\n"]) {
      const download = sessionDownload({ name: "s.jsonl", text, leftOut: 0 });
      const { href } = download.link;
      const page = download.place(['<a href="', `${href}" x="${href}`, '">', "</a>"]).join("");
      const uri = `data:application/x-ndjson;base64,${Buffer.from(text, "utf8").toString("base64").replaceAll("=", "&#x3D;")}`;
      expect(page).toBe(`<a href="${uri}" x="${uri}"></a>`);
      expect(download.link.size).toMatch(/^\d/);
    }
  });

  it("leaves a page that does not use the link as it is", () => {
    const download = sessionDownload({ name: "s.jsonl", text: "{}\n", leftOut: 0 });
    const parts = ["<p>", "no link", "</p>"];
    expect(download.place(parts)).toEqual(parts);
  });
});

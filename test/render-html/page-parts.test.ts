/**
 * The HTML page in pieces (renderHtmlParts), which large reports are written from: joined, the pieces
 * must be exactly the page rendered whole, whatever the templates do with the transcript.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderHtml, renderHtmlParts } from "../../src/index.js";
import { utf8OfParts } from "../../src/io/utf8-of-parts.js";
import { writeReportFile } from "../../src/output/write-output.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES, ROOT } from "../helpers/paths.js";

const SESSIONS = [
  `${FIXTURES}sessions/every-tool.jsonl`,
  // Folded branches and a separate root: nested transcripts inside the top-level one.
  `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
];

function templateDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-templates-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A template folder whose transcript.hbs is a copy of the shipped one: the page is rendered whole. */
function wholePageDir(): string {
  const dir = templateDir({});
  copyFileSync(`${ROOT}templates/partials/transcript.hbs`, join(dir, "transcript.hbs"));
  return dir;
}

describe("renderHtmlParts", () => {
  for (const session of SESSIONS) {
    it(`joins to exactly the page rendered whole: ${session.split("/").pop()}`, async () => {
      const analysis = analyzeAsRead(session);
      const parts = await renderHtmlParts(analysis, { sourcePath: "s.jsonl" });
      const whole = await renderHtmlParts(analysis, { sourcePath: "s.jsonl", templateDir: wholePageDir() });
      expect(whole).toHaveLength(1);
      // One piece per top-level transcript node, plus the page around them and the partial's suffix.
      expect(parts.length).toBeGreaterThan(4);
      expect(parts.join("")).toBe(whole[0]);
      expect(await renderHtml(analysis, { sourcePath: "s.jsonl" })).toBe(whole[0]);
    });
  }

  it("a page that shows the transcript twice gets all of it at both places", async () => {
    const analysis = analyzeAsRead(SESSIONS[1] as string);
    const dir = templateDir({
      "page.hbs": "<one>{{> transcript nodes=transcript}}</one><two>{{> transcript nodes=transcript}}</two>",
    });
    const html = (await renderHtmlParts(analysis, { templateDir: dir })).join("");
    const one = /<one>([\s\S]*)<\/one>/.exec(html)?.[1];
    const two = /<two>([\s\S]*)<\/two>/.exec(html)?.[1];
    expect(one).toBeDefined();
    expect(one).toBe(two);
    // Every top-level entry and fold, in full: the same as the shipped page's transcript section.
    const shipped = await renderHtml(analysis);
    expect(shipped).toContain(one);
    expect(one).toContain('<details class="fold fold-');
    expect(one).not.toContain("pi-report-transcript");
  });

  it("a transcript.hbs of the user's own is used, and the page is rendered whole", async () => {
    const analysis = analyzeAsRead(SESSIONS[0] as string);
    const dir = templateDir({
      "transcript.hbs": "{{#each nodes}}[{{#if entry}}E{{else}}F{{/if}}]{{/each}}",
    });
    const parts = await renderHtmlParts(analysis, { templateDir: dir });
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(/(\[E\]){3,}/);
  });
});

describe("writeReportFile with pieces", () => {
  it("writes their UTF-8 bytes one after another, characters of every width included", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-parts-"));
    const parts = ["<p>", "café ", "", "€ 😀", "\u0000", "end</p>\n"];
    await writeReportFile(join(dir, "out.html"), parts, undefined);
    expect(readFileSync(join(dir, "out.html")).equals(Buffer.from(parts.join(""), "utf8"))).toBe(true);
  });

  it("encodes any pieces as the joined string is encoded, lone surrogates included", () => {
    // Code units of every width (1-3 UTF-8 bytes), pairs (4 bytes for 2 units) and halves of pairs
    // (written as U+FFFD, 3 bytes): the worst case the buffers are sized for.
    const unit = fc.constantFrom("a", "é", "€", "😀", "\ud83d", "\ude00", "\u0000");
    const piece = fc.array(unit, { maxLength: 40 }).map((units) => units.join(""));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        expect(utf8OfParts(parts).equals(Buffer.from(parts.join(""), "utf8"))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("grows its buffer as often as pieces of wide characters need", () => {
    // Sized for the UTF-16 length and a twentieth: 1.4 M three-byte characters (4.2 MB) outgrow it at
    // once, after ASCII that fits; four-byte pairs outgrow it again.
    const parts = ["<p>", "x".repeat(5_000_000), "€".repeat(1_400_000), "😀".repeat(300_000), "</p>"];
    expect(utf8OfParts(parts).equals(Buffer.from(parts.join(""), "utf8"))).toBe(true);
  });
});

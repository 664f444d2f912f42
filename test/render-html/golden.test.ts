/**
 * Whole-output snapshots, reviewable as files in test/golden/html/. A change to the page shows up as a
 * diff of these files; update them with `npx vitest run -u` after reading that diff. The page's inlined
 * stylesheet and script are cut out of every-tool.html and pinned apart, by hash, in page-assets.txt: a
 * change of the assets alone changes that one small file (their sources are templates/assets/ and the
 * generated highlight, ANSI and diff stylesheets).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const GOLDEN = new URL("../golden/html/", import.meta.url).pathname;

function mainOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>") + "</main>".length);
}

/** What the page inlines: its one stylesheet and one script, as written between their tags. */
function assetsOf(html: string): { css: string; script: string } {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (css === undefined || script === undefined) throw new Error("the page inlines no stylesheet or script");
  return { css, script };
}

/** The page with its stylesheet, script and their hashes (in the CSP) left out. */
function withoutAssets(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, "<style>/* page-assets.txt */</style>")
    .replace(/<script>[\s\S]*?<\/script>/, "<script>/* page-assets.txt */</script>")
    .replace(/sha256-[A-Za-z0-9+/]+(?:&#x3D;)*/g, "sha256-(page-assets.txt)");
}

/** The CSP's form of a hash: base64 SHA-256, its `=` padding escaped as the page escapes attributes. */
function cspHash(text: string): string {
  return `sha256-${createHash("sha256").update(text).digest("base64").replaceAll("=", "&#x3D;")}`;
}

describe("golden HTML", () => {
  const everyTool = () =>
    renderHtml(analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`), { sourcePath: "every-tool.jsonl" });

  it("every-tool.jsonl: the whole page (every tool, block and card), assets aside", async () => {
    await expect(withoutAssets(await everyTool())).toMatchFileSnapshot(`${GOLDEN}every-tool.html`);
  });

  it("the page's stylesheet and script: pinned by hash, and the CSP allows exactly them", async () => {
    const html = await everyTool();
    const { css, script } = assetsOf(html);
    // The CSP names the hashes of what the page inlines, so the browser runs nothing else.
    expect(html).toContain(`style-src &#x27;${cspHash(css)}&#x27;`);
    expect(html).toContain(`script-src &#x27;${cspHash(script)}&#x27;`);
    const pinned = [
      `stylesheet ${cspHash(css)} ${Buffer.byteLength(css)} bytes`,
      `script ${cspHash(script)} ${Buffer.byteLength(script)} bytes`,
      "",
    ].join("\n");
    await expect(pinned).toMatchFileSnapshot(`${GOLDEN}page-assets.txt`);
  });

  const mains: [string, string][] = [
    ["pi-api__all-entry-types", `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`],
    ["subagents", `${FIXTURES}sessions/subagents.jsonl`],
    ["system-messages", `${FIXTURES}sessions/system-messages.jsonl`],
    ["context-edits", `${FIXTURES}sessions/context-edits.jsonl`],
    ["unknown-entries", `${FIXTURES}sessions/unknown-entries.jsonl`],
  ];
  for (const [name, file] of mains) {
    it(`${name}: the report's main column`, async () => {
      const html = await renderHtml(analyzeAsRead(file), { sourcePath: `${name}.jsonl` });
      await expect(mainOf(html)).toMatchFileSnapshot(`${GOLDEN}${name}.main.html`);
    });
  }
});

/**
 * Whole-output snapshots, reviewable as files in test/golden/html/. A change to the page shows up as a
 * diff of these files; update them with `npx vitest run -u` after reading that diff.
 */
import { describe, expect, it } from "vitest";
import { analyzeFile } from "../../src/index.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const GOLDEN = new URL("../golden/html/", import.meta.url).pathname;

function mainOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>") + "</main>".length);
}

describe("golden HTML", () => {
  it("every-tool.jsonl: the whole page (every tool, block and card)", async () => {
    const html = await renderHtml(analyzeFile(`${FIXTURES}sessions/every-tool.jsonl`), {
      sourcePath: "every-tool.jsonl",
    });
    await expect(html).toMatchFileSnapshot(`${GOLDEN}every-tool.html`);
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
      const html = await renderHtml(analyzeFile(file), { sourcePath: `${name}.jsonl` });
      await expect(mainOf(html)).toMatchFileSnapshot(`${GOLDEN}${name}.main.html`);
    });
  }
});

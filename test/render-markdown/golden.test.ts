/**
 * Whole reports as reviewable files in test/golden/md/: a change to the Markdown shows up as a diff of
 * what GitHub will render. Update them with `npx vitest run test/render-markdown -u`, and read the diff.
 */
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/render/markdown/render-markdown.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const GOLDEN: { file: string; summary: boolean }[] = [
  // Every entry type Pi writes, a branch, a compaction, an image (linked from the assets folder).
  { file: `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`, summary: true },
  // A real session: `!` commands, a compaction, an error turn.
  { file: `${CORPUS}real/getspecstory__real_world.jsonl`, summary: true },
  // Hostile text everywhere.
  { file: `${FIXTURES}sessions/markdown-attacks.jsonl`, summary: true },
  // Sub-agent runs with their own transcripts; context edits and the notes they leave.
  { file: `${FIXTURES}sessions/subagents.jsonl`, summary: false },
  { file: `${FIXTURES}sessions/context-edits.jsonl`, summary: false },
];

describe("golden Markdown reports", () => {
  for (const { file, summary } of GOLDEN) {
    const name = basename(file, ".jsonl");
    it(`${name}: the full transcript`, async () => {
      const { markdown } = await renderMarkdown(analyzeAsRead(file), {
        sourcePath: file,
        assetsDir: `${name}.md.assets`,
      });
      await expect(markdown).toMatchFileSnapshot(`../golden/md/${name}.md`);
    });
    if (summary) {
      it(`${name}: the short pull-request summary`, async () => {
        const { markdown } = await renderMarkdown(analyzeAsRead(file), {
          sourcePath: file,
          summary: "short",
        });
        await expect(markdown).toMatchFileSnapshot(`../golden/md/${name}.summary.md`);
      });
      it(`${name}: the full pull-request summary`, async () => {
        const { markdown } = await renderMarkdown(analyzeAsRead(file), { sourcePath: file, summary: "full" });
        await expect(markdown).toMatchFileSnapshot(`../golden/md/${name}.summary-full.md`);
      });
    }
  }
});

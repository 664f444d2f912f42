/**
 * The JSON report as the command writes it (`--format json`: the report's own strings redacted), as
 * reviewable files in test/golden/json/, for the fixtures of the HTML and Markdown goldens. Update them
 * with `npx vitest run -u test/render-json/golden.test.ts`, and read the diff.
 */
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze, OUTPUT_FORMATS, readSessionFile } from "../../src/index.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const GOLDEN = new URL("../golden/json/", import.meta.url).pathname;

const FILES = [
  `${FIXTURES}sessions/every-tool.jsonl`,
  `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
  `${CORPUS}real/getspecstory__real_world.jsonl`,
  `${FIXTURES}sessions/subagents.jsonl`,
  `${FIXTURES}sessions/system-messages.jsonl`,
  `${FIXTURES}sessions/context-edits.jsonl`,
  `${FIXTURES}sessions/unknown-entries.jsonl`,
  `${FIXTURES}sessions/markdown-attacks.jsonl`,
];

describe("golden JSON reports", () => {
  for (const file of FILES) {
    const name = basename(file, ".jsonl");
    it(`${name}: the report --format json writes`, async () => {
      const json = OUTPUT_FORMATS.json;
      const analysis = await analyze(readSessionFile(file), {
        sessionPath: file,
        redactionScope: json.redacts,
      });
      const { text } = await json.render({ analysis, sourcePath: `${name}.jsonl`, thinking: true });
      await expect(text).toMatchFileSnapshot(`${GOLDEN}${name}.json`);
    });
  }
});

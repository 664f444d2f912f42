/**
 * The table of output formats (src/render/formats.ts) is wired through: every extension a row names picks
 * that row's format for `-o`, every row renders through the command and the library, and its default
 * output is where the row says. A new row is tested here without a new test.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze, OUTPUT_FORMATS, REPORT_FORMATS, readSessionFile } from "../../src/index.js";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/paths.js";

const SESSION = `${FIXTURES}sessions/fork.jsonl`;

describe("the table of output formats", () => {
  it("names each extension for one format only, in lowercase with its dot", () => {
    const all = REPORT_FORMATS.flatMap((format) => [...OUTPUT_FORMATS[format].extensions]);
    expect(new Set(all).size).toBe(all.length);
    for (const extension of all) expect(extension).toMatch(/^\.[a-z0-9]+$/);
  });

  for (const format of REPORT_FORMATS) {
    const row = OUTPUT_FORMATS[format];
    for (const extension of row.extensions) {
      it(`-o report${extension.toUpperCase()} writes what --format ${format} writes`, async () => {
        const dir = mkdtempSync(join(tmpdir(), "pi-report-formats-"));
        const named = join(dir, `report${extension.toUpperCase()}`);
        const written = await runCli([SESSION, "-o", named], {}, dir);
        expect(written.code).toBe(0);
        const asked = await runCli([SESSION, "--format", format, "-o", "-"], {}, dir);
        expect(asked.code).toBe(0);
        expect(readFileSync(named, "utf8")).toBe(asked.stdout);
      });
    }

    it(`${format}: without -o goes where the row says`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "pi-report-formats-"));
      const result = await runCli([SESSION, "--format", format], {}, dir);
      expect(result.code).toBe(0);
      if (row.defaultOutput === "stdout") {
        expect(readdirSync(dir)).toEqual([]);
        expect(result.stdout).not.toBe("");
      } else {
        expect(readdirSync(dir)).toEqual([`fork${row.extensions[0]}`]);
        expect(result.stdout).toBe("");
      }
    });

    it(`${format}: the library renders the row as the command does`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "pi-report-formats-"));
      const command = await runCli([SESSION, "--format", format, "-o", "-"], {}, dir);
      const analysis = await analyze(readSessionFile(SESSION), {
        sessionPath: SESSION,
        redactionScope: row.redacts,
        sessionFile: row.offersSessionFile,
      });
      const { text } = await row.render({ analysis, sourcePath: SESSION, thinking: true });
      expect(typeof text === "string" ? text : text.join("")).toBe(command.stdout);
    });
  }
});

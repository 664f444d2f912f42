/**
 * The archive's own files act on no reader (issue 20, F13/F14): a session whose name and prompts hold
 * terminal escapes (OSC 52, OSC 0, CSI, a C1 CSI) and bidi overrides reaches index.html, archive.json,
 * costs.csv and the manifest with those characters shown or escaped, never as themselves.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE } from "../../src/archive/model/manifest.js";
import { FIXTURES } from "../helpers/paths.js";
import { archive, parseCsv } from "./helpers.js";

// ESC, BEL, the C1 controls and the bidi embeddings, overrides and isolates, as the red team's files hold
// them (a RegExp from text: the linter refuses control characters in a literal).
const ACTING_CHARACTER = String.raw`[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]`;
const ACTING = new RegExp(ACTING_CHARACTER);

let site = "";
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "pi-inert-sessions-"));
  const project = join(root, "--home-dev-app--");
  mkdirSync(project);
  for (const name of ["terminal-escapes.jsonl", "bidi.jsonl"]) {
    copyFileSync(`${FIXTURES}redteam/${name}`, join(project, `2025-06-01T10-00-00-000Z_${name}`));
  }
  site = mkdtempSync(join(tmpdir(), "pi-inert-site-"));
  await archive(root, site);
});

describe("the archive's own files, from sessions holding terminal escapes and bidi overrides", () => {
  it("hold no acting character, and show the escapes by name", () => {
    for (const file of ["index.html", "archive.json", "costs.csv", MANIFEST_FILE]) {
      const text = readFileSync(join(site, file), "utf8");
      expect(ACTING.test(text), file).toBe(false);
    }
    // The session names, as the index shows them: the escape spelled out, the override by its code point.
    const index = readFileSync(join(site, "index.html"), "utf8");
    expect(index).toContain("name\u27eaESC\u27eb]0;PWNED-TITLE\u27eaBEL\u27eb");
    expect(index).toContain("review invoice\u27eaU+202E\u27ebfdp.exe");
  });

  it("keep the same values for a JSON reader, and CSV rows intact", () => {
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as {
      sessions: { title: string }[];
    };
    const titles = json.sessions.map((session) => session.title).sort();
    expect(titles).toContain("review invoice\u202efdp.exe\u202c");
    const rows = parseCsv(readFileSync(join(site, "costs.csv"), "utf8"));
    const width = rows[0]?.length ?? 0;
    expect(width).toBeGreaterThan(1);
    for (const row of rows) expect(row).toHaveLength(width);
  });
});

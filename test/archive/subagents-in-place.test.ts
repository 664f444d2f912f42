/**
 * A sub-agent run's own session file (fixtures/subagent-files/) is listed under the session that ran it,
 * not as a row of its own, and its cost is counted once: in the parent's.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { FIXTURES } from "../helpers/paths.js";
import { archive, parseCsv } from "./helpers.js";

const OMP_PARENT = "oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent";
const PI_PARENT = "pi-subagents/2025-08-01T10-00-00-000Z_parent";

async function childSite() {
  const folder = mkdtempSync(join(tmpdir(), "pi-report-in-place-"));
  cpSync(`${FIXTURES}subagent-files/`, folder, { recursive: true });
  const site = mkdtempSync(join(tmpdir(), "pi-report-in-place-site-"));
  await archive(folder, site);
  return site;
}

/** The rows of the sessions table, each as its text. */
function sessionRows(html: string): string[] {
  const body = html.slice(html.indexOf('<table class="sessions'), html.indexOf("</table>"));
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((match) => match[1] ?? "");
}

describe("sub-agent runs' own files in the index", () => {
  it("lists each child file under its parent's row: 2 rows for 4 files", async () => {
    const html = readFileSync(join(await childSite(), "index.html"), "utf8");
    const rows = sessionRows(html);
    expect(rows).toHaveLength(2);
    const omp = rows.find((row) => row.includes(`${OMP_PARENT}.html`)) ?? "";
    const pi = rows.find((row) => row.includes(`${PI_PARENT}.html`)) ?? "";
    // Each parent's row holds its own child, and not the other's.
    expect(omp).toContain(`href="sessions/${OMP_PARENT}/0-Review.html"`);
    expect(omp).not.toContain("child-a");
    expect(pi).toContain(`href="sessions/${PI_PARENT}/run1/run-0/2025-08-01T10-00-05-000Z_child-a.html"`);
    expect(pi).not.toContain("0-Review");
    // The child's own figures, beside it, from the fixture's README: 0-Review 2000/200 + 1000/100 + 500
    // cache read = 3,800 tokens at $0.003 + $0.0016; child-a 1500/150 at $0.00225.
    expect(omp).toContain("$0.0046 (3.80k tokens), in this session's cost");
    expect(pi).toContain("$0.0023 (1.65k tokens), in this session's cost");
    expect(html).toMatch(/<dt>Sessions<\/dt><dd>2<\/dd>/);
    expect(html).toContain("2 sub-agent runs&#x27; own files are listed under the session that ran them");
  });

  it("counts a child's cost once: costs.csv's session rows add up to the parents' own totals", async () => {
    const site = await childSite();
    const [header, ...rows] = parseCsv(readFileSync(join(site, "costs.csv"), "utf8"));
    const column = (name: string) => (header ?? []).indexOf(name);
    const sessions = rows.filter((row) => row[0] === "session");
    const sum = (name: string) => sessions.reduce((total, row) => total + Number(row[column(name)]), 0);
    // pi-subagents parent: 4,150 tokens, $0.00975; oh-my-pi parent: 6,670 tokens, $0.01525 (both by hand
    // in test/subagents/child-files.test.ts). Counting the child files too would add 1,650 + 3,800.
    expect(sum("total_tokens")).toBe(4150 + 6670);
    expect(Math.round(sum("cost") * 1e6) / 1e6).toBe(0.025);
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.total.total.totalTokens).toBe(4150 + 6670);
    const children = json.sessions.filter((session) => session.subagentOf !== null);
    expect(children.map((child) => child.counted.total.totalTokens)).toEqual([0, 0]);
  });
});

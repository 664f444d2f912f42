/**
 * In the archive, a sub-agent run whose own session file is archived too links its page from the
 * parent's card (fixtures/subagent-files/, README there); a single report has no page to link.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { archive } from "../archive/helpers.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

const FILES = `${FIXTURES}subagent-files/`;
const OMP_PARENT = "oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent.jsonl";
const OMP_CHILD = "oh-my-pi/2025-08-02T10-00-00-000Z_omp-parent/0-Review.jsonl";
const PI_PARENT = "pi-subagents/2025-08-01T10-00-00-000Z_parent.jsonl";
const PI_CHILD =
  "pi-subagents/2025-08-01T10-00-00-000Z_parent/run1/run-0/2025-08-01T10-00-05-000Z_child-a.jsonl";

/** The links of a page's "session file" lines: their href and text. */
const sessionFileLinks = (html: string) =>
  [
    ...html.matchAll(/<p class="subagent-file">session file <a href="([^"]*)"><code>([^<]*)<\/code><\/a>/g),
  ].map(([, href, text]) => ({ href: href as string, text: text as string }));

async function archivedSite() {
  const folder = mkdtempSync(join(tmpdir(), "pi-report-child-pages-"));
  cpSync(FILES, folder, { recursive: true });
  const site = mkdtempSync(join(tmpdir(), "pi-report-child-pages-site-"));
  await archive(folder, site);
  const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as {
    sessions: { file: string; report: string }[];
  };
  const pageOf = (file: string) => {
    const report = json.sessions.find((session) => session.file === file)?.report;
    expect(report, file).toBeTypeOf("string");
    return join(site, ...(report as string).split("/"));
  };
  return { site, pageOf };
}

describe("the archive links a child's page from its parent's card", () => {
  it.each([
    [OMP_PARENT, OMP_CHILD, "2025-08-02T10-00-00-000Z_omp-parent/0-Review.jsonl"],
    [
      PI_PARENT,
      PI_CHILD,
      "2025-08-01T10-00-00-000Z_parent/run1/run-0/2025-08-01T10-00-05-000Z_child-a.jsonl",
    ],
  ])("%s links %s's page, named as before", async (parent, child, shown) => {
    const { pageOf } = await archivedSite();
    const parentPage = pageOf(parent);
    const links = sessionFileLinks(readFileSync(parentPage, "utf8"));
    // One run in each parent has its file in the archive (the other run's file is not there).
    expect(links).toHaveLength(1);
    const [link] = links as [{ href: string; text: string }];
    expect(link.text).toBe(shown);
    const target = resolve(dirname(parentPage), ...decodeURIComponent(link.href).split("/"));
    expect(target).toBe(pageOf(child));
    expect(existsSync(target)).toBe(true);
  });

  it("the child's own page links nothing (it ran no runs)", async () => {
    const { pageOf } = await archivedSite();
    expect(sessionFileLinks(readFileSync(pageOf(OMP_CHILD), "utf8"))).toEqual([]);
  });
});

describe("a single report names the child file without a link", () => {
  it("has no link on the card, the text as before", async () => {
    const path = `${FILES}${OMP_PARENT}`;
    const html = await renderHtml(analyzeAsRead(path), { sourcePath: path });
    expect(sessionFileLinks(html)).toEqual([]);
    expect(html).toContain(
      "session file <code>2025-08-02T10-00-00-000Z_omp-parent/0-Review.jsonl</code></p>",
    );
  });
});

describe("a parent's page follows its child's page name", () => {
  it("is left alone by a run that changes nothing, rendered again when the child's page was named otherwise", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-child-rename-"));
    cpSync(FILES, folder, { recursive: true });
    const site = mkdtempSync(join(tmpdir(), "pi-report-child-rename-site-"));
    await archive(folder, site);
    expect((await archive(folder, site)).rendered).toBe(0);
    // As an earlier run would have left it had the child's page been named `old.html` then.
    const manifestFile = join(site, "pi-report-manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      records: { file: string; childPages?: Record<string, string> }[];
    };
    const record = manifest.records.find((r) => r.file === OMP_PARENT);
    const childPath = join(folder, ...OMP_CHILD.split("/"));
    expect(record?.childPages).toHaveProperty([childPath]);
    (record as { childPages: Record<string, string> }).childPages[childPath] = "old.html";
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const rerun = await archive(folder, site);
    expect(rerun.rendered).toBe(1);
  });
});

describe("a child file without a page in the site is not linked", () => {
  it("not while the filters leave it out; linked once they let it in", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-child-filtered-"));
    cpSync(FILES, folder, { recursive: true });
    // 0-Review ran in another folder: `--project /app` leaves it out of the site.
    const child = join(folder, ...OMP_CHILD.split("/"));
    writeFileSync(
      child,
      readFileSync(child, "utf8").replace('"cwd":"/home/alice/app"', '"cwd":"/home/alice/other"'),
    );
    const site = mkdtempSync(join(tmpdir(), "pi-report-child-filtered-site-"));
    const parentPage = () => {
      const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as {
        sessions: { file: string; report: string | null }[];
      };
      const report = json.sessions.find((session) => session.file === OMP_PARENT)?.report as string;
      return readFileSync(join(site, ...report.split("/")), "utf8");
    };
    await archive(folder, site, { project: "/app" });
    expect(sessionFileLinks(parentPage())).toEqual([]);
    // The same run again leaves every page as it was.
    expect((await archive(folder, site, { project: "/app" })).rendered).toBe(0);
    // Without the filter the child gets its page (1) and the parent links it (1).
    expect((await archive(folder, site)).rendered).toBe(2);
    expect(sessionFileLinks(parentPage())).toHaveLength(1);
  });
});

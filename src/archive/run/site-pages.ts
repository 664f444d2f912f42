import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { showControlCharacters } from "../../render/primitives/control-characters.js";
import type { ArchiveModel } from "../model/archive-model.js";
import { MANIFEST_FILE, type Manifest } from "../model/manifest.js";
import { renderIndexPages } from "../pages/index-html.js";
import { isReportPath } from "../site/site-paths.js";

// What a site of sessions and a merged site write alike: the index's pages, and what an earlier run
// left that this one no longer lists.

/** The files a site writes at its top: in a folder this tool did not make a site of, they are someone's. */
export const SITE_FILES = ["index.html", "archive.json", "costs.csv"];

/**
 * Refuses to write the site over files of the same names that no earlier run of it wrote: a folder with a
 * manifest (even one of another version, or damaged) is a site this tool made, and is built again.
 */
export function refuseForeignFiles(output: string, options: { output: string }): void {
  if (existsSync(join(output, MANIFEST_FILE))) return;
  const there = SITE_FILES.filter((name) => existsSync(join(output, name)));
  if (there.length === 0) return;
  throw new UsageError(
    `-o ${options.output}: already holds ${there.join(", ")}, not from a site this tool made; give the site a new or empty folder.`,
  );
}

/** Writes the index's pages (index.html, index-2.html, …): the names of those after the first. */
export async function writeIndexPages(
  staging: { write(relative: string, content: string): Promise<void> },
  model: ArchiveModel,
  search: Parameters<typeof renderIndexPages>[1],
): Promise<string[]> {
  const pages = renderIndexPages(model, search);
  for (const page of pages) await staging.write(page.name, showControlCharacters(page.html));
  return pages.map((page) => page.name).filter((name) => name !== "index.html");
}

/** Pages of the index an earlier run wrote that this one does not (the site has fewer sessions now). */
export function stalePages(output: string, pages: readonly string[]): string[] {
  const now = new Set(pages);
  return readdirSync(output).filter((name) => /^index-[0-9]+\.html$/.test(name) && !now.has(name));
}

/** Reports an earlier run wrote that the site no longer lists (a session gone or filtered out), absolute. */
export function staleReports(output: string, earlier: Manifest | null, model: ArchiveModel): string[] {
  const listed = new Set(model.sessions.map((session) => session.report));
  const stale: string[] = [];
  for (const { outcome } of earlier?.records ?? []) {
    if (outcome?.kind !== "session" || typeof outcome.report !== "string" || listed.has(outcome.report))
      continue;
    if (isReportPath(output, outcome.report)) stale.push(outcome.report);
  }
  return stale;
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import type { ArchiveModel } from "../model/archive-model.js";
import { MANIFEST_FILE, type Manifest } from "../model/manifest.js";
import { isReportPath } from "../site/site-paths.js";

// What a site of sessions and a merged site refuse and remove alike: files of the same names that are
// someone else's, and the pages an earlier run wrote that this one no longer lists.

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

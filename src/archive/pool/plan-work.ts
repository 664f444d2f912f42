import { existsSync } from "node:fs";
import type { RedactionSettings } from "../../redact/redact-session.js";
import type { FoundFile } from "../../sessions/discover.js";
import { type ArchiveFilters, matchesFilters } from "../../sessions/filters.js";
import type { ManifestRecord } from "../model/manifest.js";
import { reportPathOf, siteFile } from "../site/site-paths.js";
import { childPageLinks, sameLinks } from "./child-pages.js";
import type { SessionTask } from "./process-session.js";

/** What a run has to do: the records that stand as they are, and the files to hand to the workers. */
export interface WorkPlan {
  /** Files whose record stands: same size and mtime, and no report missing. */
  kept: ManifestRecord[];
  /** The rest, largest file first. */
  tasks: SessionTask[];
}

/**
 * Whether the site should show this record's session and has no report for it yet at `report` (one
 * written under another name, by a run that named pages otherwise, is made again).
 */
function needsReport(
  record: ManifestRecord,
  filters: ArchiveFilters,
  output: string,
  report: string,
  render: boolean,
): boolean {
  const { outcome } = record;
  if (!render || outcome.kind !== "session" || !matchesFilters(outcome.digest, filters)) return false;
  // A page written before the search existed has no searchable text kept: it is read again.
  return (
    outcome.report !== report ||
    outcome.searchDocs === undefined ||
    !existsSync(siteFile(output, outcome.report))
  );
}

/**
 * Decides, file by file, what can be taken from the previous run. A file whose size and mtime match is not
 * read at all; one whose stat changed (touched or written) is read and rendered again, alone. A report the
 * site needs but lacks (deleted, or its session newly inside the filters) is always rendered.
 * `reportPaths` names each file's page (`SiteRedaction.reportPaths`); reports are written into the run's
 * staging folder, `staged` (site-relative path -> absolute). A page that links its sub-agent runs' pages
 * is rendered again when one of them is named otherwise (`childPageLinks`).
 */
export function planWork(
  found: readonly FoundFile[],
  previous: ReadonlyMap<string, ManifestRecord>,
  {
    filters,
    redaction,
    render = true,
  }: { filters: ArchiveFilters; redaction: RedactionSettings; render?: boolean },
  output: string,
  reportPaths: ReadonlyMap<string, string>,
  staged: (relative: string) => string,
): WorkPlan {
  const kept: ManifestRecord[] = [];
  const tasks: (SessionTask & { size: number })[] = [];
  const standing = new Map<string, ManifestRecord>();
  for (const file of found) {
    const record = previous.get(file.file);
    const report = reportPaths.get(file.file) ?? reportPathOf(file.file);
    if (
      record !== undefined &&
      !needsReport(record, filters, output, report, render) &&
      record.size === file.size &&
      record.mtimeMs === file.mtimeMs
    )
      standing.set(file.file, record);
  }
  const pageless = new Set(
    [...standing].flatMap(([file, { outcome }]) =>
      outcome.kind !== "session" || outcome.report === null || !matchesFilters(outcome.digest, filters)
        ? [file]
        : [],
    ),
  );
  // Without pages (--costs-only), no page links another.
  const links = render ? childPageLinks(found, reportPaths, reportPathOf, pageless) : new Map();
  for (const file of found) {
    const record = standing.get(file.file);
    const report = reportPaths.get(file.file) ?? reportPathOf(file.file);
    const childPages = links.get(file.file) ?? {};
    if (record !== undefined && sameLinks(record.childPages ?? {}, childPages)) {
      kept.push({ ...record, path: file.path });
      continue;
    }
    tasks.push({
      path: file.path,
      file: file.file,
      report,
      reportFile: staged(report),
      childPages,
      filters,
      render,
      redaction,
      size: file.size,
    });
  }
  // Largest first: the long sessions start early and the short ones fill in behind them, so no thread is
  // left finishing one big report alone at the end (the records are put back in file order afterwards).
  tasks.sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1));
  return { kept, tasks: tasks.map(({ size: _, ...task }) => task) };
}

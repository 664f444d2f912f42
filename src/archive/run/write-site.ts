import { escapeControlCharactersInJson } from "../../render/primitives/control-characters.js";
import type { ArchiveFilters } from "../../sessions/filters.js";
import { archiveJsonChunks, buildArchiveJson } from "../model/archive-json.js";
import { type ArchiveModel, buildArchiveModel } from "../model/archive-model.js";
import { buildCostsCsv } from "../model/costs-csv.js";
import { MANIFEST_FILE, type Manifest, type ManifestRecord, manifestChunks } from "../model/manifest.js";
import { type SiteRedaction, shownWithUsage, withoutSessionText } from "../model/site-redaction.js";
import { stalePages, writeIndexPages } from "../pages/write-index-pages.js";
import { SEARCH_LIBRARY } from "../search/search-index.js";
import { type SearchText, siteSearchShards, staleSearchFiles, writeSearch } from "../search/site-search.js";
import type { SiteStaging } from "../site/site-staging.js";
import { SITE_FILES, staleReports } from "./site-files.js";

/** What the site is made of, once every session has its record. */
export interface SiteContent extends SearchText {
  /** The folder archived (absolute), as the manifest names it. */
  folder: string;
  /** Every file's record, in byte order of `file`, and the pages this run wrote (site-relative). */
  records: readonly ManifestRecord[];
  reports: readonly string[];
  /** The manifest the earlier run left, if any. */
  earlier: Manifest | null;
  filters: ArchiveFilters;
  machine: string;
  costsOnly: boolean;
  site: SiteRedaction;
  /** Worker threads the run may use: with none, the search shards are built in this one too. */
  threads: number;
}

/** Each part changed by `change`, as it is written (the parts are never all in memory). */
function* mapParts(parts: Iterable<string>, change: (part: string) => string): Generator<string> {
  for (const part of parts) yield change(part);
}

/**
 * The run's last phase: the model of the archive, the search shards that changed, the index's pages,
 * archive.json, costs.csv and the manifest, staged, then everything put in place at once (the manifest
 * last). The model as shown, for the run's summary.
 */
export async function writeSite(staging: SiteStaging, content: SiteContent): Promise<ArchiveModel> {
  const { records, earlier, output, costsOnly } = content;
  // Shown as the pages are: the files' names, cwds and titles redacted.
  const built = buildArchiveModel(records, content.filters, content.machine);
  const model = await shownWithUsage(content.site, costsOnly ? withoutSessionText(built) : built);
  const search = costsOnly ? [] : siteSearchShards(built, model, records, earlier, content);
  const searchFiles = await writeSearch(staging, search, content, content.threads <= 0);
  const pages = await writeIndexPages(
    staging,
    model,
    search.length === 0 ? null : { library: SEARCH_LIBRARY, shards: search.map((s) => s.path) },
  );
  // Terminal controls and bidi overrides from the sessions are shown, as in the pages (costs.csv's
  // cells do so themselves: its line ends are CRLF).
  await staging.write(
    "archive.json",
    mapParts(archiveJsonChunks(buildArchiveJson(model, costsOnly)), escapeControlCharactersInJson),
  );
  await staging.write("costs.csv", buildCostsCsv(model));
  await staging.write(
    MANIFEST_FILE,
    mapParts(
      manifestChunks(
        content.folder,
        content.settings,
        records,
        Object.fromEntries(search.map((shard) => [shard.path, shard.fingerprint])),
      ),
      escapeControlCharactersInJson,
    ),
  );
  staging.commit(
    [...content.reports, ...SITE_FILES, ...pages, ...searchFiles],
    [
      ...staleReports(output, earlier, model),
      ...staleSearchFiles(output, earlier, search),
      ...stalePages(output, pages),
    ],
    MANIFEST_FILE,
  );
  return model;
}

import { resolve } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { createRedactor } from "../../redact/create-redactor.js";
import { DEFAULT_REDACTION, type RedactionSettings } from "../../redact/redact-session.js";
import { escapeControlCharactersInJson } from "../../render/primitives/control-characters.js";
import { parseFilters } from "../../sessions/filters.js";
import { archiveJsonParts, buildArchiveJson } from "../model/archive-json.js";
import { buildArchiveModel } from "../model/archive-model.js";
import { buildCostsCsv } from "../model/costs-csv.js";
import { MANIFEST_FILE, manifestText, readManifest } from "../model/manifest.js";
import { mergedRecords, readMergeInput } from "../model/merge-archives.js";
import { shownWithUsage, siteRedaction } from "../model/site-redaction.js";
import { stalePages, writeIndexPages } from "../pages/write-index-pages.js";
import { inSiteTransaction } from "../site/site-transaction.js";
import type { ArchiveSummary } from "./run-archive.js";
import { refuseForeignFiles, SITE_FILES, staleReports } from "./site-files.js";

/** What `pi-report archive --merge` was asked to do. */
export interface MergeOptions {
  /** Sites' folders or their archive.json files, as given (relative to `cwd`). */
  inputs: string[];
  output: string;
  since?: string;
  until?: string;
  project?: string;
  cwd?: string;
  redaction?: RedactionSettings;
}

/** What a merge did: an archive's summary, and how many archives and machines went into it. */
export interface MergeSummary extends ArchiveSummary {
  archives: number;
  machines: number;
}

/**
 * `pi-report archive --merge`: one site (index.html, archive.json, costs.csv; no pages) from several
 * machines' archive.json, every session and entry counted once across them (`mergedRecords`), with
 * totals by machine besides day, month, project and model. Written as a site is: under its lock, all
 * at once. The archives are read, never written.
 *
 * @throws {UsageError} for an input that is no archive.json of this version, or `-o` one of the inputs.
 */
export async function runMerge(options: MergeOptions): Promise<MergeSummary> {
  const cwd = options.cwd ?? process.cwd();
  const output = resolve(cwd, options.output);
  const filters = parseFilters(options);
  const redaction = options.redaction ?? DEFAULT_REDACTION;
  if (redaction.enabled) await createRedactor({ patterns: redaction.patterns, secrets: false });
  if (options.inputs.length === 0) throw new UsageError("--merge: give the archives to merge.");
  const inputs = options.inputs.map((given) => readMergeInput(given, cwd));
  for (const input of inputs) {
    if (resolve(input.path, "..") === output) {
      throw new UsageError(
        `-o ${options.output}: is the site of --merge ${input.given}; give the merged site its own folder.`,
      );
    }
  }
  const settings = JSON.stringify({ redaction, merge: true });
  return inSiteTransaction(output, options.output, async (staging) => {
    const earlier = readManifest(output);
    refuseForeignFiles(output, options);
    const records = mergedRecords(inputs);
    // Each archive was redacted on its machine, or not (--no-redact): this run's settings apply to all of it.
    const site = await siteRedaction(redaction, { untrusted: true });
    const model = await shownWithUsage(site, buildArchiveModel(records, filters, null));
    const pages = await writeIndexPages(staging, model, null);
    await staging.write(
      "archive.json",
      archiveJsonParts(buildArchiveJson(model, false)).map(escapeControlCharactersInJson),
    );
    await staging.write("costs.csv", buildCostsCsv(model));
    // Records of no file: a later run over a sessions folder reads everything again.
    const folder = `merge of ${inputs.map((input) => input.path).join(", ")}`;
    await staging.write(MANIFEST_FILE, escapeControlCharactersInJson(manifestText(folder, settings, [])));
    // A site this folder held before (pages of sessions) is replaced whole.
    staging.commit(
      [...SITE_FILES, ...pages],
      [...staleReports(output, earlier, model), ...stalePages(output, pages)],
      MANIFEST_FILE,
    );
    return {
      folder,
      output,
      archives: inputs.length,
      machines: model.machines.length,
      sessions: model.sessions.length,
      rendered: 0,
      unchanged: 0,
      skipped: model.skipped.length,
      failed: model.failed.length,
      filteredOut: model.filteredOut,
      deduplicatedEntries: model.deduplicated.entries,
      deduplicatedCost: model.deduplicated.usage.cost,
      total: model.total.total,
      changes: null,
    };
  });
}

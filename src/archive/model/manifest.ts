import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SessionDigest } from "../../sessions/session-digest.js";
import { TOOL_VERSION } from "../../version.js";

/** The manifest's file name in the site folder. */
export const MANIFEST_FILE = "pi-report-manifest.json";
/**
 * Version of the manifest's shape; a manifest of another version is ignored (everything is redone).
 * 2: a session's searchable text moved out of its record, to the site's `pi-report-search/`. 3: that
 * text is keyed by a hash of the file's name (`searchKey`), and a `--costs-only` site keeps no titles.
 */
export const MANIFEST_VERSION = 3;

/** What the archive made of one file. */
export type FileOutcome =
  | {
      kind: "session";
      digest: SessionDigest;
      report: string | null;
      error: string | null;
      /**
       * How many pieces of searchable text its page has (`searchDocs`): the text itself is kept beside the
       * manifest, by shard (search-text.ts), and read only for a shard rebuilt.
       */
      searchDocs?: number;
    }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; error: string };

/** One input file: its name in the archive, absolute path, and what became of it. */
export interface FileRecord {
  file: string;
  path: string;
  outcome: FileOutcome;
  /** The machine whose archive it comes from, when archives are merged (else the run's own). */
  machine?: string;
}

/** A file as the manifest remembers it: the stat and hash it was read with, and the outcome. */
export interface ManifestRecord extends FileRecord {
  size: number | null;
  mtimeMs: number | null;
  hash: string | null;
  /** The links to sub-agent runs' pages its page was rendered with (`SessionTask.childPages`). */
  childPages?: Record<string, string>;
}

/**
 * The archive's memory between runs, in the site folder. A file whose size and mtime match its record
 * is neither read nor rendered again; one whose stat changed is hashed, and only new bytes are redone.
 */
export interface Manifest {
  manifestVersion: typeof MANIFEST_VERSION;
  /** The tool version that wrote the reports: another version renders everything again. */
  generator: string;
  /** The folder archived (absolute): records of another folder are not reused. */
  folder: string;
  /** The settings that shape every report (redaction): other settings render everything again. */
  settings: string;
  /** By `file`, in byte order. */
  records: ManifestRecord[];
  /** The search shards in the site, by path, with the fingerprint of what each was built from. */
  searchShards?: Record<string, string>;
}

/**
 * The manifest left in `output` by an earlier run, or null when there is none or it cannot be used
 * (damaged, or of another manifest version): the archive is then built from scratch, never refused.
 */
export function readManifest(output: string): Manifest | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(output, MANIFEST_FILE), "utf8"));
  } catch {
    return null;
  }
  const manifest = parsed as Partial<Manifest> | null;
  if (
    manifest === null ||
    typeof manifest !== "object" ||
    manifest.manifestVersion !== MANIFEST_VERSION ||
    typeof manifest.generator !== "string" ||
    typeof manifest.folder !== "string" ||
    !Array.isArray(manifest.records)
  ) {
    return null;
  }
  // A record that does not have the shape this version writes is dropped: its file is simply redone.
  return { ...(manifest as Manifest), records: manifest.records.filter(isRecord) };
}

function isRecord(value: unknown): value is ManifestRecord {
  const record = value as Partial<ManifestRecord> | null;
  if (typeof record !== "object" || record === null || typeof record.file !== "string") return false;
  const outcome = record.outcome as Partial<FileOutcome> | undefined;
  if (outcome?.kind === "skipped" || outcome?.kind === "failed") return true;
  if (outcome?.kind !== "session") return false;
  const digest = (outcome as { digest?: Partial<SessionDigest> }).digest;
  return (
    Array.isArray(digest?.entryKeys) &&
    Array.isArray(digest?.usage) &&
    Array.isArray(digest?.problems) &&
    Array.isArray(digest?.childFiles)
  );
}

/** Whether an earlier run's records may stand for this run: same tool version, folder and settings. */
export function reusable(manifest: Manifest | null, folder: string, settings: string): manifest is Manifest {
  return (
    manifest !== null &&
    manifest.generator === TOOL_VERSION &&
    manifest.folder === folder &&
    manifest.settings === settings
  );
}

/** The manifest's text: written last, so that an interrupted run leaves the previous one whole. */
export function manifestText(
  folder: string,
  settings: string,
  records: ManifestRecord[],
  searchShards: Record<string, string> = {},
): string {
  return manifestParts(folder, settings, records, searchShards).join("");
}

/**
 * The manifest's text in parts, a record a part: 10,000 records are ~90 MB of JSON, which as one string
 * (and its escaped copy) took several hundred MB more at the end of a run than the parts do.
 */
export function manifestParts(
  folder: string,
  settings: string,
  records: readonly ManifestRecord[],
  searchShards: Record<string, string> = {},
): string[] {
  return [...manifestChunks(folder, settings, records, searchShards)];
}

/** `manifestParts` one by one, each made when it is written: the text is never whole in memory. */
export function* manifestChunks(
  folder: string,
  settings: string,
  records: readonly ManifestRecord[],
  searchShards: Record<string, string> = {},
): Generator<string> {
  const head: Omit<Manifest, "records" | "searchShards"> = {
    manifestVersion: MANIFEST_VERSION,
    generator: TOOL_VERSION,
    folder,
    settings,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"records":[`;
  for (const [index, record] of records.entries()) yield `${index === 0 ? "" : ","}${JSON.stringify(record)}`;
  yield `],"searchShards":${JSON.stringify(searchShards)}}\n`;
}

import { homedir } from "node:os";
import type { RawSession } from "../read/raw-session.js";
import { createRedactor, type RedactOptions, type Redactor } from "./create-redactor.js";
import { homeDirsFrom } from "./home-dirs.js";
import { redactJson } from "./redact-json.js";
import { type RemoteRedactor, splitRedactor } from "./split-redactor.js";

/** What the user asked for: redaction on (the default) with extra `--redact` patterns, or off. */
export interface RedactionSettings {
  enabled: boolean;
  /** `--redact <regex>` sources, in order. */
  patterns: readonly string[];
}

/** What redaction did to one session: replacements by kind (`home-directory` among them). */
export interface RedactionSummary {
  enabled: boolean;
  counts: Record<string, number>;
}

export const DEFAULT_REDACTION: Readonly<RedactionSettings> = Object.freeze({
  enabled: true,
  // Frozen, as the object is: a caller's change must not change every later report's redaction.
  patterns: Object.freeze([]),
});

/** Another thread that can take a share of a large session (`startReportThread` gives one). */
export interface RedactionHelper {
  redactor(options: RedactOptions): RemoteRedactor;
}

/**
 * Keys whose values are structure, not content: ids and links (redacting one would break the tree),
 * timestamps, types and roles, provider and model names, signatures. Everything else is redacted.
 */
const STRUCTURE_KEYS: ReadonlySet<string> = new Set([
  "type",
  "role",
  "id",
  "parentId",
  "targetId",
  "fromId",
  "firstKeptEntryId",
  "firstKeptEntryIndex",
  "toolCallId",
  "timestamp",
  "version",
  "provider",
  "model",
  "modelId",
  "responseModel",
  "api",
  "stopReason",
  "thinkingSignature",
  "textSignature",
  "mimeType",
]);

/**
 * Keys whose values are whatever a tool, an extension or a prompt put there: tool call `arguments`, a
 * result's or entry's `details`, a custom entry's `data`, a system message's `sections` and tool
 * declarations. Keys under them are never structure: an `id` or `api` there is content like any other.
 */
const CONTENT_KEYS: ReadonlySet<string> = new Set(["arguments", "details", "data", "sections", "tools"]);

/** Keys of the JSON report that hold ids, kinds and names of its own: never session text to redact. */
const REPORT_KEYS: ReadonlySet<string> = new Set([
  ...STRUCTURE_KEYS,
  "schemaVersion",
  "generator",
  "inputVersion",
  "startedAt",
  "endedAt",
  "leafId",
  "roots",
  "tipId",
  "entryId",
  "fromEntryId",
  "compactionId",
  "edited",
  "kind",
  "thinkingLevel",
  "redaction",
]);

/** An image block is kept whole: its base64 can look like anything, and redacting it would corrupt it. */
function isImageBlock(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "image";
}

const redactors = new Map<string, Promise<Redactor>>();

/** One redactor per settings and homes, built once per process (secretlint's preset loads once). */
function redactorFor(settings: RedactionSettings, homeDirs: string[]): Promise<Redactor> {
  const key = JSON.stringify([settings.patterns, homeDirs]);
  let redactor = redactors.get(key);
  if (redactor === undefined) {
    redactor = createRedactor({ patterns: settings.patterns, homeDirs });
    redactors.set(key, redactor);
  }
  return redactor;
}

/**
 * Redacts every string a session holds before anything else sees it: prompts, replies, thinking, tool
 * arguments and outputs, `details` (sub-agent transcripts included), extension entries, paths in the
 * header. Secrets become `[redacted: kind]`, the user's home directory `~` (the home of this machine and
 * the one the session's cwd names). Ids, links, timestamps and images are kept as they are.
 * The strings are replaced in the records themselves (they were parsed for this run alone); the header is
 * too. The result carries what was replaced, by kind. With a `helper` thread, 40% of a large session's
 * distinct text is redacted there meanwhile; the result is the same.
 *
 * @throws {RedactPatternError} for a `--redact` pattern that does not compile or matches nothing but "".
 */
export async function redactRawSession(
  raw: RawSession,
  settings: RedactionSettings,
  helper?: RedactionHelper,
): Promise<RawSession> {
  if (!settings.enabled) return { ...raw, redactions: { enabled: false, counts: {} } };
  const cwd = typeof raw.header.cwd === "string" ? raw.header.cwd : null;
  const homeDirs = homeDirsFrom(cwd, homedir());
  const local = await redactorFor(settings, homeDirs);
  const redactor =
    helper === undefined
      ? local
      : splitRedactor(local, helper.redactor({ patterns: settings.patterns, homeDirs }));
  const { value, counts } = await redactJson(
    { header: raw.header, records: raw.records.map((record) => record.value) },
    redactor,
    // In place: the records were parsed for this run alone, and a copy would hold a large session twice.
    { skipKeys: STRUCTURE_KEYS, contentKeys: CONTENT_KEYS, skipValue: isImageBlock, inPlace: true },
  );
  const redacted = value as { header: Record<string, unknown>; records: Record<string, unknown>[] };
  return {
    ...raw,
    header: redacted.header,
    records: raw.records.map((record, index) => ({
      ...record,
      value: redacted.records[index] ?? record.value,
    })),
    redactions: { enabled: true, counts },
  };
}

/**
 * Redacts a finished report object (the JSON report): every string in it except its own ids and kinds,
 * with the homes the session's cwd names. The JSON report carries no message content, so this costs
 * nothing beside reading the session, where redacting every string of the session first would cost more
 * than reading it. Returns the redacted copy and what was replaced, by kind.
 */
export async function redactReport<T>(
  report: T,
  cwd: string | null,
  settings: RedactionSettings,
): Promise<{ report: T; redactions: RedactionSummary }> {
  if (!settings.enabled) return { report, redactions: { enabled: false, counts: {} } };
  const redactor = await redactorFor(settings, homeDirsFrom(cwd, homedir()));
  const { value, counts } = await redactJson(report, redactor, { skipKeys: REPORT_KEYS });
  return { report: value as T, redactions: { enabled: true, counts } };
}

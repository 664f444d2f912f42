import { homedir } from "node:os";
import type { RawSession } from "../read/raw-session.js";
import type { RedactOptions } from "./create-redactor.js";
import { homeDirsFrom } from "./home-dirs.js";
import { isImageData } from "./image-data.js";
import { keptKeys, type RedactedAs } from "./kept-keys.js";
import { redactJson } from "./redact-json.js";
import { cachedRedactor } from "./redactor-cache.js";
import { type RemoteRedactor, splitRedactor } from "./split-redactor.js";

/** What the user asked for: redaction on (the default) with extra `--redact` patterns, or off. */
export interface RedactionSettings {
  enabled: boolean;
  /** `--redact <regex>` sources, in order. */
  patterns: readonly string[];
}

/** What redaction did to one session (or one report): replacements by kind (`home-directory` among them). */
export interface RedactionSummary {
  enabled: boolean;
  counts: Record<string, number>;
}

/** The summary of a session left as it was (`--no-redact`). */
export const NOT_REDACTED: Readonly<RedactionSummary> = Object.freeze({
  enabled: false,
  counts: Object.freeze({}),
});

export const DEFAULT_REDACTION: Readonly<RedactionSettings> = Object.freeze({
  enabled: true,
  // Frozen, as the object is: a caller's change must not change every later report's redaction.
  patterns: Object.freeze([]),
});

/** Another thread that can take a share of a large session (`startReportThread` gives one). */
export interface RedactionHelper {
  redactor(options: RedactOptions): RemoteRedactor;
}

/** A session with every string redacted, and what was replaced. */
export interface RedactedSession {
  raw: RawSession;
  summary: RedactionSummary;
}

/**
 * Keys whose values are whatever a tool, an extension or a prompt put there: tool call `arguments`, a
 * result's or entry's `details`, a custom entry's `data`, a system message's `sections` and tool
 * declarations. Keys under them are never structure: an `id` or `api` there is content like any other.
 */
const CONTENT_KEYS: ReadonlySet<string> = new Set(["arguments", "details", "data", "sections", "tools"]);

/**
 * Redacts every string a session holds before anything else sees it: prompts, replies, thinking, tool
 * arguments and outputs, `details` (sub-agent transcripts included), extension entries, paths in the
 * header. Secrets become `[redacted: kind]`, the user's home directory `~` (the home of this machine and
 * the one the session's cwd names). Ids, links, timestamps and images' pictures are kept as they are.
 * The strings are replaced in the records themselves (they were parsed for this run alone); the header is
 * too. Returns the session and what was replaced, by kind. With a `helper` thread, 40% of a large
 * session's distinct text is redacted there meanwhile; the result is the same.
 *
 * @throws {RedactPatternError} for a `--redact` pattern that does not compile or matches nothing but "".
 */
export async function redactRawSession(
  raw: RawSession,
  settings: RedactionSettings,
  helper?: RedactionHelper,
): Promise<RedactedSession> {
  if (!settings.enabled) return { raw, summary: NOT_REDACTED };
  const cwd = typeof raw.header.cwd === "string" ? raw.header.cwd : null;
  const homeDirs = homeDirsFrom(cwd, homedir());
  const local = await cachedRedactor({ patterns: settings.patterns, homeDirs });
  const redactor =
    helper === undefined
      ? local
      : splitRedactor(local, helper.redactor({ patterns: settings.patterns, homeDirs }));
  const { value, counts } = await redactJson(
    { header: raw.header, records: raw.records.map((record) => record.value) },
    redactor,
    // In place: the records were parsed for this run alone, and a copy would hold a large session twice.
    { ...keptKeys("session"), contentKeys: CONTENT_KEYS, skipField: isImageData, inPlace: true },
  );
  const redacted = value as { header: Record<string, unknown>; records: Record<string, unknown>[] };
  return {
    raw: {
      ...raw,
      header: redacted.header,
      records: raw.records.map((record, index) => ({
        ...record,
        value: redacted.records[index] ?? record.value,
      })),
    },
    summary: { enabled: true, counts },
  };
}

/**
 * Redacts a finished output instead of the session it was made from (the JSON report, which holds no
 * message text): every string in it except under the keys kept-keys.ts keeps for `scope` (its own ids and
 * kinds), with the homes the session's cwd names. Where the output holds little of the session, this costs
 * far less than redacting every string of the session first. Returns the redacted copy and what was
 * replaced, by kind.
 */
export async function redactOutput<T>(
  output: T,
  cwd: string | null,
  settings: RedactionSettings,
  scope: RedactedAs,
): Promise<{ output: T; summary: RedactionSummary }> {
  if (!settings.enabled) return { output, summary: NOT_REDACTED };
  const redactor = await cachedRedactor({
    patterns: settings.patterns,
    homeDirs: homeDirsFrom(cwd, homedir()),
  });
  const { value, counts } = await redactJson(output, redactor, keptKeys(scope));
  return { output: value as T, summary: { enabled: true, counts } };
}

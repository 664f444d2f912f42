// Every key whose value redaction never touches, with why, in one table: a safety review reads this file.
// (Beside it, REDACTED_IN_DIGEST: what the archive does not redact twice.)
// Three things are redacted as JSON: the session before anything reads it (`session`), the JSON report's own
// strings when the session was left as it was (`report`), and the archive's model of the site (`site`). What
// is not listed here is redacted in all three.

/** What is redacted as JSON, and so what a kept key applies to. */
export type RedactedAs = "session" | "report" | "site";

/** A key never redacted, and why. */
interface KeptKey {
  why: string;
  in: readonly RedactedAs[];
  /**
   * Kept only when the value is one of these (a role, a type, a level); any other value is content, as a
   * role `reviewer ghp_…` is (G14).
   */
  values?: ReadonlySet<string>;
  /**
   * Kept only when the value has the shape Pi writes there (an id, a time, a version number); any other
   * value (an object, JSON text of a value nested too deep, a line of prose) is scanned like any text, since
   * a problem sentence or a header may show it. Without it the whole value is kept: this tool's own fields.
   */
  shape?: (value: unknown) => boolean;
}

const ALL: readonly RedactedAs[] = ["session", "report", "site"];
const SESSION_AND_REPORT: readonly RedactedAs[] = ["session", "report"];

const set = (words: string): ReadonlySet<string> => new Set(words.split(" "));

/** Entry types (FORMAT.md §3), the header's, and content blocks' (§4). */
const TYPES = set(
  "session message model_change thinking_level_change compaction branch_summary context_edit usage custom " +
    "custom_message label session_info text thinking image toolCall",
);

/** Stored message roles (§4; `hookMessage` before v3), and the roles of built context the report lists. */
const ROLES = set(
  "user assistant toolResult bashExecution custom system hookMessage branchSummary compactionSummary",
);

/** Thinking levels (§3). */
const THINKING_LEVELS = set("off minimal low medium high xhigh");

/** Why a reply stopped (§4, §10). */
const STOP_REASONS = set("stop length toolUse error aborted deferred");

const LINK = "a link of the tree: redacting it would break the tree";

/** An id as files write them (8 hex digits, a UUID, `call_…|fc_…`): one word, no quotes or brackets. */
const ID = (value: unknown): boolean =>
  (typeof value === "string" && value.length <= 512 && !/[\s"'`<>[\]{}]/.test(value)) ||
  (typeof value === "number" && Number.isFinite(value));
/** A time: an ISO string or epoch milliseconds. */
const TIME = (value: unknown): boolean =>
  (typeof value === "string" && /^[0-9][0-9T:.Z+ -]{0,39}$/.test(value)) ||
  (typeof value === "number" && Number.isFinite(value));
/** A format version: a small number. */
const VERSION = (value: unknown): boolean =>
  (typeof value === "number" && Number.isFinite(value)) ||
  (typeof value === "string" && /^\d{1,6}$/.test(value));
/** A provider's or model's name: one line, no quotes or brackets. */
const NAME = (value: unknown): boolean =>
  typeof value === "string" && value.length <= 256 && !/[\n\r"'`<>[\]{}]/.test(value);
/** An opaque signature: any string (base64 that looks like anything), never an object. */
const OPAQUE = (value: unknown): boolean => typeof value === "string";
/** A MIME type. */
const MIME = (value: unknown): boolean =>
  typeof value === "string" && /^[\w.+-]{1,64}\/[\w.+-]{1,64}$/.test(value);

/** The table. */
const KEPT_KEYS: Readonly<Record<string, KeptKey>> = {
  type: { why: "says how an entry or block is read", in: SESSION_AND_REPORT, values: TYPES },
  role: { why: "says how a message is read and shown", in: SESSION_AND_REPORT, values: ROLES },
  thinkingLevel: { why: "a setting, shown as it is", in: SESSION_AND_REPORT, values: THINKING_LEVELS },
  stopReason: { why: "why a reply ended, shown as it is", in: SESSION_AND_REPORT, values: STOP_REASONS },
  id: { why: LINK, in: ALL, shape: ID },
  parentId: { why: LINK, in: SESSION_AND_REPORT, shape: ID },
  targetId: { why: LINK, in: SESSION_AND_REPORT, shape: ID },
  fromId: { why: LINK, in: SESSION_AND_REPORT, shape: ID },
  firstKeptEntryId: { why: LINK, in: SESSION_AND_REPORT, shape: ID },
  firstKeptEntryIndex: { why: LINK, in: SESSION_AND_REPORT, shape: ID },
  toolCallId: { why: "pairs a tool's result with its call", in: SESSION_AND_REPORT, shape: ID },
  leafId: { why: LINK, in: ["report"], shape: ID },
  roots: { why: LINK, in: ["report"] },
  tipId: { why: LINK, in: ["report"], shape: ID },
  entryId: { why: LINK, in: ["report"], shape: ID },
  fromEntryId: { why: LINK, in: ["report"], shape: ID },
  compactionId: { why: LINK, in: ["report"], shape: ID },
  timestamp: { why: "a time, which orders entries and days", in: SESSION_AND_REPORT, shape: TIME },
  startedAt: { why: "a time this tool formats, never text", in: ALL, shape: TIME },
  endedAt: { why: "a time this tool formats, never text", in: ALL, shape: TIME },
  headerTimestamp: { why: "a header's time, which dates a session", in: ["site"], shape: TIME },
  since: { why: "a date the user gave on the command line", in: ["site"] },
  until: { why: "a date the user gave on the command line", in: ["site"] },
  day: { why: "a date this tool groups usage by", in: ["site"] },
  month: { why: "a month this tool groups usage by", in: ["site"] },
  version: { why: "the file format's version", in: SESSION_AND_REPORT, shape: VERSION },
  inputVersion: { why: "the file format's version", in: ["report"], shape: VERSION },
  schemaVersion: { why: "the report format's version", in: ["report"], shape: VERSION },
  generator: { why: "this tool's name and version", in: ["report"] },
  provider: {
    why: "which provider answered: costs are looked up by it (documented exemption)",
    in: ALL,
    shape: NAME,
  },
  model: {
    why: "which model answered: costs are looked up by it (documented exemption)",
    in: ALL,
    shape: NAME,
  },
  models: { why: "the models that answered (documented exemption)", in: ["site"] },
  modelId: { why: "which model was chosen (documented exemption)", in: SESSION_AND_REPORT, shape: NAME },
  responseModel: {
    why: "which model a router sent the reply to (documented exemption)",
    in: SESSION_AND_REPORT,
    shape: NAME,
  },
  api: { why: "the provider's API kind, which costs are looked up by", in: SESSION_AND_REPORT, shape: NAME },
  thinkingSignature: {
    why: "a provider's opaque signature of thinking: base64 that looks like anything",
    in: SESSION_AND_REPORT,
    shape: OPAQUE,
  },
  textSignature: {
    why: "a provider's opaque signature of text: base64 that looks like anything",
    in: SESSION_AND_REPORT,
    shape: OPAQUE,
  },
  mimeType: { why: "an image's type, which decides how it is shown", in: SESSION_AND_REPORT, shape: MIME },
  edited: { why: "this report's own word for how context changed", in: ["report"] },
  kind: { why: "this tool's own name for a problem or a usage piece", in: ["report", "site"] },
  redaction: { why: "what redaction replaced, by kind: this tool's own counts", in: ["report"] },
  report: { why: "a page's path, made of redacted names already", in: ["site"] },
  usage: { why: "a session's usage piece by piece: ids, times, days, models and figures", in: ["site"] },
};

/**
 * What the archive's model (`site`) takes from a session redacted already, and so does not redact twice:
 * a session's digest is made from the session as its page shows it (`redactRawSession` ran first, with the
 * session's own homes besides). By the model's list and key. Not for sessions merged from other machines'
 * archive.json (`--merge`), which were redacted there with their own settings, or not at all: those are
 * redacted whole.
 */
export const REDACTED_IN_DIGEST: Readonly<Record<string, { keys: ReadonlySet<string>; why: string }>> = {
  sessions: {
    keys: set("cwd title parentSession"),
    why: "a session's folder, title and parent, taken from its digest of the redacted session",
  },
  projects: {
    keys: set("project"),
    why: "a session's folder, taken from its digest of the redacted session",
  },
};

/** What `redactJson` is told to keep for one of the three. */
export interface KeptKeys {
  /** Keys whose whole value is kept. */
  skipKeys: ReadonlySet<string>;
  /** Keys whose value is kept only when this says so of it (a known role, an id-shaped id). */
  keptWhen: ReadonlyMap<string, (value: unknown) => boolean>;
}

/** The keys never redacted in what is redacted as `scope`. */
export function keptKeys(scope: RedactedAs): KeptKeys {
  const skipKeys = new Set<string>();
  const keptWhen = new Map<string, (value: unknown) => boolean>();
  for (const [key, kept] of Object.entries(KEPT_KEYS)) {
    if (!kept.in.includes(scope)) continue;
    const { values, shape } = kept;
    if (values !== undefined) keptWhen.set(key, (value) => typeof value === "string" && values.has(value));
    else if (shape !== undefined) keptWhen.set(key, shape);
    else skipKeys.add(key);
  }
  return { skipKeys, keptWhen };
}

/** Every kept key and why, for a review or a test. */
export function keptKeyReasons(): {
  key: string;
  why: string;
  in: readonly RedactedAs[];
  values: string[] | null;
}[] {
  return Object.entries(KEPT_KEYS).map(([key, kept]) => ({
    key,
    why: kept.why,
    in: kept.in,
    values: kept.values === undefined ? null : [...kept.values],
  }));
}

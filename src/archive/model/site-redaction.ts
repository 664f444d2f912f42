import { homedir } from "node:os";
import { posix } from "node:path";
import type { Redactor } from "../../redact/create-redactor.js";
import { createRedactor } from "../../redact/create-redactor.js";
import { homeDirsFrom } from "../../redact/home-dirs.js";
import { keptKeys, REDACTED_IN_DIGEST } from "../../redact/kept-keys.js";
import { type JsonPath, redactJson } from "../../redact/redact-json.js";
import type { RedactionSettings } from "../../redact/redact-session.js";
import { reportPaths } from "../site/site-paths.js";
import type { ArchiveModel } from "./archive-model.js";

/** How the site names and lists its sessions: redacted like its pages, or (`--no-redact`) as they are. */
export interface SiteRedaction {
  /** Each session file's page, by its name below the folder: unique, and the same on every run. */
  reportPaths(files: readonly string[]): Promise<Map<string, string>>;
  /** The model as index.html, archive.json and costs.csv show it. */
  shown(model: ArchiveModel): Promise<ArchiveModel>;
}

/** Whether a value of the model was redacted already, in its session's digest (`REDACTED_IN_DIGEST`). */
function redactedInDigest(path: JsonPath): boolean {
  const [list, , key] = path;
  return (
    path.length === 3 &&
    typeof list === "string" &&
    typeof key === "string" &&
    Object.hasOwn(REDACTED_IN_DIGEST, list) &&
    REDACTED_IN_DIGEST[list]?.keys.has(key) === true
  );
}

/** A redactor that answers strings it has redacted before from memory (the files, named then listed). */
function remembering(redactor: Redactor): Redactor {
  const known = new Map<string, string>();
  return {
    secrets: redactor.secrets,
    async redact(strings) {
      const fresh = [...new Set(strings.filter((text) => !known.has(text)))];
      const { strings: redacted } = await redactor.redact(fresh);
      for (const [index, text] of fresh.entries()) known.set(text, redacted[index] ?? text);
      // Counts are not shown anywhere for the site's own files: each page says what it redacted.
      return { strings: strings.map((text) => known.get(text) ?? text), counts: {} };
    },
  };
}

/**
 * The site's redaction. Session files are named after Pi's folders, which spell the user's home
 * (`--home-alice-app--/…`), and a file's name may hold a secret its cwd held: the pages' paths, and
 * what index.html, archive.json and costs.csv list, go through a redactor of the run's settings, with
 * this machine's home and every home by its shape. `untrusted`: the sessions come from other machines'
 * archive.json (`--merge`), whose cwds, titles, parents and projects were redacted there with that
 * machine's settings, or not at all (`--no-redact`): they are redacted again here, with this run's.
 */
export async function siteRedaction(
  settings: RedactionSettings,
  { untrusted = false }: { untrusted?: boolean } = {},
): Promise<SiteRedaction> {
  if (!settings.enabled) {
    return {
      reportPaths: async (files) => reportPaths(files, new Map()),
      shown: async (model) => model,
    };
  }
  const redactor = remembering(
    await createRedactor({ patterns: settings.patterns, homeDirs: homeDirsFrom(null, homedir()) }),
  );
  return {
    async reportPaths(files) {
      const { strings } = await redactor.redact(files);
      return reportPaths(files, new Map(files.map((file, index) => [file, strings[index] ?? file])));
    },
    async shown(model) {
      const { value } = await redactJson(model, redactor, {
        ...keptKeys("site"),
        ...(untrusted ? {} : { skipWhen: redactedInDigest }),
      });
      return value as ArchiveModel;
    },
  };
}

/**
 * The model as the site shows it. The sessions' usage piece by piece holds nothing to redact and is most
 * of the model at 10,000 sessions: it is set aside rather than copied by the redaction, and put back.
 */
export async function shownWithUsage(site: SiteRedaction, model: ArchiveModel): Promise<ArchiveModel> {
  const usage = model.sessions.map((session) => session.usage);
  const shown = await site.shown({
    ...model,
    sessions: model.sessions.map((session) => ({ ...session, usage: [] })),
  });
  // The redaction keeps the sessions' order.
  return {
    ...shown,
    sessions: shown.sessions.map((session, index) => ({ ...session, usage: usage[index] ?? [] })),
  };
}

/**
 * The model of a site without transcripts (`--costs-only`): a title taken from a prompt or a name is
 * session text, so every session is named by its file; costs, days, models and projects stay.
 */
export function withoutSessionText(model: ArchiveModel): ArchiveModel {
  return {
    ...model,
    sessions: model.sessions.map((session) => ({
      ...session,
      title: posix.basename(session.file),
      titleFrom: "file",
    })),
  };
}

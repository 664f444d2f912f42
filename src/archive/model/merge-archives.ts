import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "../../output/usage-error.js";
import { digestUsageOf, type EntryUsage } from "../../sessions/entry-usage.js";
import { ARCHIVE_SCHEMA_VERSION, type ArchiveJson } from "./archive-json.js";
import { checkMergeInput, type MergeInputJson } from "./archive-json-schema.js";
import type { FileRecord } from "./manifest.js";

/** One archive to merge: as the user named it, where its archive.json is, and what it holds (checked). */
export interface MergeInput {
  given: string;
  path: string;
  json: MergeInputJson;
}

/**
 * Reads the archive.json of a site folder, or an archive.json itself.
 *
 * @throws {UsageError} when it is missing, is no archive.json, or one of an older version (which carries
 *   no usage entry by entry, so copies could not be told apart).
 */
export function readMergeInput(given: string, cwd: string): MergeInput {
  let path = resolve(cwd, given);
  try {
    if (statSync(path).isDirectory()) path = join(path, "archive.json");
  } catch {
    throw new UsageError(
      `--merge ${given}: no such file or folder; give a site's folder or its archive.json.`,
    );
  }
  let json: Partial<ArchiveJson> | null;
  try {
    json = JSON.parse(readFileSync(path, "utf8")) as Partial<ArchiveJson> | null;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? "not JSON";
    throw new UsageError(`--merge ${given}: ${path} cannot be read (${why}); give a site's archive.json.`);
  }
  if (json?.generator?.name !== "pi-session-report" || !Array.isArray(json.sessions)) {
    throw new UsageError(`--merge ${given}: ${path} is not an archive.json of pi-report archive.`);
  }
  if (json.schemaVersion !== ARCHIVE_SCHEMA_VERSION) {
    throw new UsageError(
      `--merge ${given}: archive.json of schema version ${String(json.schemaVersion)}, which carries no usage entry by entry; archive that machine again with this version (version ${ARCHIVE_SCHEMA_VERSION}).`,
    );
  }
  // Another machine's file: every field merged is checked, the first that is not as this tool writes it named.
  const checked = checkMergeInput(json);
  if ("wrong" in checked) {
    throw new UsageError(
      `--merge ${given}: ${path}: ${checked.wrong}; this file was damaged or changed: archive that machine again.`,
    );
  }
  return { given, path, json: checked.ok };
}

/** A session of one input, with where it came from. */
interface Held {
  input: number;
  machine: string | null;
  session: MergeInputJson["sessions"][number];
}

/** The session's name in the merge: unique per input, ending in the file's own name (forks find it so). */
const virtualPath = (held: Held): string => `/merged/${held.input}/${held.session.file}`;

/**
 * The copy of a session that stands for all: the one holding most usage, then the first given; with the
 * pieces of the others' entries it lacks (a copy continued on another machine).
 */
function unionOfCopies(copies: readonly Held[]): { held: Held; usage: EntryUsage[] } {
  const held = copies.reduce((best, copy) =>
    copy.session.usage.length > best.session.usage.length ? copy : best,
  );
  const usage = [...held.session.usage];
  const entries = new Set(usage.map((piece) => piece.entry));
  for (const copy of copies) {
    if (copy === held) continue;
    for (const piece of copy.session.usage) {
      if (piece.entry !== null && !entries.has(piece.entry)) usage.push(piece);
    }
    for (const piece of copy.session.usage) entries.add(piece.entry);
  }
  return { held, usage };
}

/**
 * The records of several machines' archives, as one archive's: a session on several machines (the same
 * session id: a copied or synced folder) is one, and every entry is counted once by the archive model,
 * which tells a fork's copies from their original across machines as within one (`entryOwners`). A
 * sub-agent run's own file stays counted by the session that ran it. Pages are not carried over.
 */
export function mergedRecords(inputs: readonly MergeInput[]): FileRecord[] {
  const byId = new Map<string, Held[]>();
  const alone: Held[][] = [];
  inputs.forEach(({ json }, input) => {
    for (const session of json.sessions) {
      const held = { input, machine: session.machine ?? json.machine ?? null, session };
      if (session.id === null) alone.push([held]);
      else byId.set(session.id, [...(byId.get(session.id) ?? []), held]);
    }
  });
  const groups = [...byId.values(), ...alone].map(unionOfCopies);
  // Where each input's file now lives: a sub-agent run names its runner by file within its own archive.
  const standsFor = new Map<string, string>();
  for (const { held } of groups) standsFor.set(virtualPath(held), virtualPath(held));
  for (const group of byId.values()) {
    const { held } = unionOfCopies(group);
    for (const copy of group) standsFor.set(virtualPath(copy), virtualPath(held));
  }
  const childFiles = new Map<string, string[]>();
  for (const group of [...byId.values(), ...alone]) {
    for (const copy of group) {
      if (copy.session.subagentOf === null) continue;
      const runner = standsFor.get(`/merged/${copy.input}/${copy.session.subagentOf}`);
      const child = standsFor.get(virtualPath(copy));
      if (runner === undefined || child === undefined) continue;
      childFiles.set(runner, [...new Set([...(childFiles.get(runner) ?? []), child])]);
    }
  }
  const records: FileRecord[] = groups.map(({ held, usage }) => {
    const { session } = held;
    const path = virtualPath(held);
    return {
      file: session.file,
      path,
      ...(held.machine === null ? {} : { machine: held.machine }),
      outcome: {
        kind: "session",
        report: null,
        error: session.error,
        digest: {
          id: session.id,
          cwd: session.cwd,
          parentSession: session.parentSession,
          headerTimestamp: session.headerTimestamp,
          title: session.title,
          titleFrom: session.titleFrom,
          startedAt: session.startedAt,
          endedAt: session.endedAt,
          models: session.models,
          entryCount: session.entryCount,
          problems: session.problems,
          ...digestUsageOf(usage),
          childFiles: childFiles.get(path) ?? [],
        },
      },
    };
  });
  inputs.forEach(({ json }) => {
    const machine = json.machine === null ? {} : { machine: json.machine };
    for (const { file, error } of json.failed ?? [])
      records.push({ file, path: file, ...machine, outcome: { kind: "failed", error } });
    for (const { file, reason } of json.skipped ?? [])
      records.push({ file, path: file, ...machine, outcome: { kind: "skipped", reason } });
  });
  // File order, as one archive's: the last tie-break of who counts a shared entry.
  return records.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

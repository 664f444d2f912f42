import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The real corpus, copied verbatim from ../shared/corpus. Only ever read. */
export const CORPUS_DIR = fileURLToPath(new URL("../../fixtures/corpus/", import.meta.url));

/** The largest real file, benchmarked as it is (v1, so Pi's export would rewrite it: always hand peers a copy). */
export const LARGEST_REAL_FILE = join(CORPUS_DIR, "real/pi-mono__before-compaction.jsonl");

/**
 * Every session file of the corpus of 1 MB (10^6 bytes) or more, sorted: the files the time-to-a-readable-report
 * target of issue 26 holds for.
 * @returns {string[]}
 */
export function largeCorpusFiles() {
  return readdirSync(CORPUS_DIR, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => join(CORPUS_DIR, name))
    .filter((path) => statSync(path).size >= 1e6)
    .sort();
}

// Only files that are v3 already (ids and parents), so re-identifying them needs no migration. The v1 pi-mono
// files come in through Pi's own migration (pi-migrated/). agentsview is left out: it is a hand-made edge case.
const SOURCES = [
  "pi-migrated/pi-mono__before-compaction.jsonl",
  "pi-migrated/pi-mono__compact.jsonl",
  "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
  "pi-migrated/pi-mono__large-session.jsonl",
  "real/kimchi-dev__session.jsonl",
  "pi-migrated/pi-mono__session.jsonl",
  "pi-migrated/pi-api__all-entry-types.jsonl",
  "real/pi-demo__branch.jsonl",
  "real/getspecstory__real_world.jsonl",
  "real/switchboard__pi-session.jsonl",
];

/**
 * @typedef {{ name: string, header: Record<string, unknown>, lines: string[] }} Source
 * `lines` are the entry lines that parse as one JSON object with an id; damaged lines are left out, since the
 * bench measures speed on a clean file (the corpus tests cover damage).
 */

/** @returns {Source[]} */
export function loadSources() {
  return SOURCES.map((name) => {
    const [headerLine = "", ...rest] = readFileSync(join(CORPUS_DIR, name), "utf8").split("\n");
    const lines = rest.filter((line) => {
      try {
        const entry = JSON.parse(line);
        return typeof entry === "object" && entry !== null && typeof entry.id === "string";
      } catch {
        return false;
      }
    });
    return { name, header: JSON.parse(headerLine), lines };
  });
}

/**
 * Parses `lines` into fresh entries with new ids (and new tool-call ids), every reference rewritten to match.
 * An entry whose parent is not among `lines` becomes a root (`parentId: null`).
 * @param {string[]} lines
 * @param {() => string} newId
 * @returns {any[]}
 */
export function reidentify(lines, newId) {
  const entries = lines.map((line) => JSON.parse(line));
  const ids = new Map(entries.map((entry) => [entry.id, newId()]));
  const toolIds = new Map();
  /** @param {string} id */
  const toolId = (id) => {
    if (!toolIds.has(id)) toolIds.set(id, `call_${newId()}${newId()}`);
    return toolIds.get(id);
  };
  for (const entry of entries) {
    entry.id = ids.get(entry.id);
    entry.parentId = ids.get(entry.parentId) ?? null;
    for (const key of ["firstKeptEntryId", "targetId", "fromId"]) {
      if (ids.has(entry[key])) entry[key] = ids.get(entry[key]);
    }
    const message = entry.message;
    if (typeof message?.toolCallId === "string") message.toolCallId = toolId(message.toolCallId);
    if (Array.isArray(message?.content)) {
      for (const block of message.content) {
        if (block?.type === "toolCall" && typeof block.id === "string") block.id = toolId(block.id);
      }
    }
  }
  return entries;
}

/**
 * Shifts every timestamp so the first entry happens at `startMs`, keeping the gaps between entries.
 * Returns the time of the last entry.
 * @param {any[]} entries
 * @param {number} startMs
 */
export function retime(entries, startMs) {
  const first = Date.parse(entries[0]?.timestamp);
  const shift = Number.isNaN(first) ? 0 : startMs - first;
  let last = startMs;
  for (const entry of entries) {
    const at = Date.parse(entry.timestamp);
    if (!Number.isNaN(at)) {
      entry.timestamp = new Date(at + shift).toISOString();
      last = Math.max(last, at + shift);
    }
    if (typeof entry.message?.timestamp === "number") entry.message.timestamp += shift;
  }
  return last;
}

/**
 * Pi's session folder name for a working directory: the leading separator dropped, `/`, `\` and `:` turned into `-`.
 * @param {string} cwd
 */
export function sessionFolderName(cwd) {
  return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}

/**
 * Pi's session file name: `<header timestamp with : and . as ->_<session id>.jsonl`.
 * @param {{ timestamp: string, id: string }} header
 */
export function sessionFileName(header) {
  return `${header.timestamp.replace(/[:.]/g, "-")}_${header.id}.jsonl`;
}

/** @param {object} header @param {any[]} entries */
export function toJsonl(header, entries) {
  return `${[header, ...entries].map((value) => JSON.stringify(value)).join("\n")}\n`;
}

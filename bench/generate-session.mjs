// The ~20 MB bench session: the real corpus re-identified and chained into one v3 session, with branches, plus a
// fork of it in a second file. Deterministic: the same bytes on every run.
//   node bench/generate-session.mjs [out-dir]     (default bench/.work/data)
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadSources, reidentify, retime, toJsonl } from "./lib/corpus.mjs";
import { createIdSource, createRandom } from "./lib/random.mjs";

const TARGET_BYTES = 20 * 1024 * 1024;
const START_MS = Date.parse("2026-01-05T09:00:00.000Z");
const PAUSE_MS = 20 * 60 * 1000;
const CWD = "/home/user/work/pi-session-report";
// Every BRANCH_EVERY-th copy continues from the middle of the one before, as after `/tree`: the rest of that copy
// becomes an abandoned branch, summarised by a branch_summary entry.
const BRANCH_EVERY = 4;

/**
 * Writes `bench-session.jsonl` (~20 MB) and `bench-session-fork.jsonl` (its `/clone` at a quarter, continued)
 * into `outDir`.
 * @param {string} outDir
 * @returns {{ session: string, fork: string, entries: number, branches: number }}
 */
export function generateBenchSession(outDir) {
  const random = createRandom(20_260_105);
  const newId = createIdSource(random);
  const sources = loadSources();
  const iso = (/** @type {number} */ ms) => new Date(ms).toISOString();

  /** @type {any[]} */
  const entries = [];
  let bytes = 0;
  let clock = START_MS;
  let branches = 0;
  /** @type {any[]} */
  let previous = [];
  for (let copy = 0; bytes < TARGET_BYTES; copy++) {
    const source = /** @type {import("./lib/corpus.mjs").Source} */ (sources[copy % sources.length]);
    const part = reidentify(source.lines, newId);
    const startedAt = clock;
    clock = retime(part, clock) + PAUSE_MS;

    let attachTo = entries.at(-1)?.id ?? null;
    if (copy % BRANCH_EVERY === BRANCH_EVERY - 1 && previous.length > 2) {
      const summary = {
        type: "branch_summary",
        id: newId(),
        parentId: previous[Math.floor(previous.length * 0.6)].id,
        timestamp: iso(startedAt - 1000),
        fromId: previous.at(-1).id,
        summary: `Left the branch that ended at ${previous.at(-1).id} and went back to try another approach.`,
      };
      entries.push(summary);
      attachTo = summary.id;
      branches++;
    }
    for (const entry of part) {
      if (entry.parentId === null) entry.parentId = attachTo;
      entries.push(entry);
    }
    bytes += Buffer.byteLength(source.lines.join("\n"));
    previous = part;
  }

  mkdirSync(outDir, { recursive: true });
  const session = resolve(outDir, "bench-session.jsonl");
  const header = {
    type: "session",
    version: 3,
    id: random.uuid(),
    timestamp: iso(START_MS - 1000),
    cwd: CWD,
  };
  writeFileSync(session, toJsonl(header, entries));

  // `/clone` keeps ids and timestamps of the path it copies; then the fork goes on with its own turns.
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const path = [];
  for (let at = entries[Math.floor(entries.length / 4)]; at; at = byId.get(at.parentId)) path.unshift(at);
  let forkClock = clock + 24 * 3600 * 1000;
  const forkHeader = { type: "session", version: 3, id: random.uuid(), timestamp: iso(forkClock), cwd: CWD };
  const forkEntries = [...path];
  for (const source of sources.slice(-3)) {
    const part = reidentify(source.lines, newId);
    forkClock = retime(part, forkClock) + PAUSE_MS;
    for (const entry of part) {
      if (entry.parentId === null) entry.parentId = forkEntries.at(-1).id;
      forkEntries.push(entry);
    }
  }
  const fork = resolve(outDir, "bench-session-fork.jsonl");
  writeFileSync(fork, toJsonl({ ...forkHeader, parentSession: session }, forkEntries));
  return { session, fork, entries: entries.length, branches };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outDir = process.argv[2] ?? fileURLToPath(new URL(".work/data", import.meta.url));
  console.log(generateBenchSession(outDir));
}

// An archive of generated sessions laid out like Pi's sessions folder: `<root>/--<cwd>--/<timestamp>_<uuid>.jsonl`,
// several projects, some forks (a few of them in another project's folder). Each session is a slice of a real
// corpus file, re-identified and re-timed. Deterministic: the same bytes on every run (forks name their parent
// by absolute path, as Pi does, so the bytes depend on where the checkout lives).
//   node bench/generate-archive.mjs [root] [count]     (default bench/.work/archive/sessions 1000)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  loadSources,
  reidentify,
  retime,
  sessionFileName,
  sessionFolderName,
  toJsonl,
} from "./lib/corpus.mjs";
import { createIdSource, createRandom } from "./lib/random.mjs";

// Weighted like a real user's: a few projects hold most sessions.
const PROJECTS = [
  { cwd: "/home/dev/work/api", weight: 8 },
  { cwd: "/home/dev/work/web", weight: 6 },
  { cwd: "/Users/alice/code/pi-mono", weight: 5 },
  { cwd: "/home/dev/oss/shiki", weight: 3 },
  { cwd: "C:\\work\\tools", weight: 2 },
  { cwd: "/srv/app", weight: 2 },
  { cwd: "/home/dev/notes", weight: 1 },
  { cwd: "/home/dev/work/infra with spaces", weight: 1 },
];
const START_MS = Date.parse("2025-06-01T08:00:00.000Z");
const FORK_RATE = 0.06;

/**
 * Writes `count` sessions under `root` (emptied first).
 * @param {string} root
 * @param {number} [count]
 * @returns {{ root: string, sessions: number, forks: number, bytes: number }}
 */
export function generateArchive(root, count = 1000) {
  const random = createRandom(1000);
  const newId = createIdSource(random);
  const sources = loadSources();
  /** @type {string[]} */
  const weighted = PROJECTS.flatMap(({ cwd, weight }) => Array(weight).fill(cwd));
  rmSync(root, { recursive: true, force: true });

  /** @type {{ path: string, cwd: string }[]} */
  const written = [];
  let clock = START_MS;
  let forks = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    clock += random.int(5, 12 * 60) * 60 * 1000;
    // A fork starts with a copy of part of an earlier session (ids and timestamps kept), then goes its own way;
    // most stay in their project's folder, some land in another.
    const parent = i > 20 && random.next() < FORK_RATE ? random.pick(written) : undefined;
    const cwd = parent && random.next() < 0.75 ? parent.cwd : random.pick(weighted);
    const header = {
      type: "session",
      version: 3,
      id: random.uuid(),
      timestamp: new Date(clock).toISOString(),
      cwd,
    };
    const parentLines = parent ? readFileSync(parent.path, "utf8").trimEnd().split("\n").slice(1) : [];
    const kept = parentLines.slice(0, random.int(1, parentLines.length)).map((line) => JSON.parse(line));

    const source = random.pick(sources);
    // Session lengths are spread log-uniformly: many short sessions, a few long ones.
    const length = Math.min(source.lines.length, Math.round(3 * 100 ** random.next()));
    const from = random.int(0, source.lines.length - length);
    const fresh = reidentify(source.lines.slice(from, from + length), newId);
    const lastAt = Date.parse(kept.at(-1)?.timestamp ?? "");
    clock = retime(fresh, Math.max(clock, Number.isNaN(lastAt) ? 0 : lastAt + 60_000));
    let previous = kept.at(-1)?.id ?? null;
    for (const entry of fresh) {
      // A slice can cut a parent away; keep one tree by hanging such entries on the entry before.
      if (entry.parentId === null) entry.parentId = previous;
      previous = entry.id;
    }

    const folder = join(root, sessionFolderName(cwd));
    const path = join(folder, sessionFileName(header));
    const text = toJsonl(parent ? { ...header, parentSession: parent.path } : header, [...kept, ...fresh]);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, text);
    written.push({ path, cwd });
    if (parent) forks++;
    bytes += Buffer.byteLength(text);
  }
  return { root, sessions: count, forks, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL(".work/archive/sessions", import.meta.url)));
  console.log(generateArchive(root, Number(process.argv[3] ?? 1000)));
}

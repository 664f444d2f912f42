import { existsSync, readFileSync } from "node:fs";
import type { RawSession } from "../../src/read/raw-session.js";
import { FIXTURES } from "./paths.js";

/** Pi 1.6's footer for a file, as Pi's own code computed it (scripts/pi16/pi-figures.mjs). */
export interface Pi16Footer {
  cost: number | null;
  shown: string | null;
  tokens: number | null;
  error?: string;
}

/** One tip of the session tree and the context Pi 1.6 builds for it. */
export interface Pi16Tip {
  tipId: string;
  tokens: number | null;
  entries: number;
  context: [role: string, entryId: string][];
  contextCount: number;
  model: { provider: string; modelId: string } | null;
  thinkingLevel: string;
}

/** One line of fixtures/corpus/pi-1.6/pi-1.6.0-figures.jsonl, and the corpus file it describes. */
export interface Pi16Figures {
  file: string;
  /** The file it describes, relative to fixtures/. */
  path: string;
  inputVersion: number;
  entriesKept: number;
  leafId: string;
  roots: number;
  activeBranchEntries: number;
  contextRoles: Record<string, number>;
  footer: Pi16Footer;
  /** Pi's /session cost by model (`getUsageCostBreakdown`): tokens null where their sum is NaN. */
  costByModel: { key: string; cost: number; tokens: number | null }[];
  branches: Pi16Tip[];
}

/** Each golden, and the folders (under fixtures/) of the files it describes. */
const GOLDENS = [
  {
    golden: "corpus/pi-1.6/pi-1.6.0-figures.jsonl",
    folders: ["corpus/real", "corpus/pi-migrated", "corpus/pi-1.6"],
  },
  { golden: "pi16/pi-1.6.0-figures.jsonl", folders: ["pi16"] },
];

/** The file's header version as stored (v1 files have none). */
function storedVersion(path: string): number {
  const header = JSON.parse(readFileSync(path, "utf8").split("\n", 1)[0] ?? "{}") as { version?: number };
  return header.version ?? 1;
}

/**
 * Pi 1.6's figures for every corpus file and every file Pi 1.6 wrote for this project (fixtures/pi16/).
 * A golden names files without their folder; a v1 file and its migration share a name, and are told apart
 * by the version Pi read (`inputVersion`).
 */
export function readPi16Figures(): Pi16Figures[] {
  return GOLDENS.flatMap(({ golden, folders }) =>
    readFileSync(`${FIXTURES}${golden}`, "utf8")
      .trim()
      .split("\n")
      .map((line) => {
        const figures = JSON.parse(line) as Omit<Pi16Figures, "path">;
        const folder = folders.find((name) => {
          const path = `${FIXTURES}${name}/${figures.file}`;
          return existsSync(path) && storedVersion(path) === figures.inputVersion;
        });
        if (folder === undefined) throw new Error(`no file for ${figures.file} v${figures.inputVersion}`);
        return { ...figures, path: `${folder}/${figures.file}` };
      }),
  );
}

/**
 * The session as Pi reads it: entries from lines its `JSON.parse` per line fails on (those we repaired or
 * could not read) removed, so figures can be compared where we deliberately recover more.
 */
export function asPiReadsIt(raw: RawSession): RawSession {
  const dropped = new Set(
    raw.problems
      .filter((problem) => problem.kind === "repaired" || problem.kind === "unreadable")
      .map((problem) => problem.line ?? -1),
  );
  return { ...raw, records: raw.records.filter((record) => !dropped.has(record.line)) };
}

/**
 * The JSON report agrees with what Pi 0.73.1's own code computes for every corpus file
 * (fixtures/corpus/pi-0.73.1-golden.jsonl). On damaged files Pi silently drops lines we recover, so
 * there the comparison is made without the recovered entries, and the difference is checked to be
 * exactly those entries, each named in `problems`. Kept as history: what Pi shows (`usage.pi`) is held to
 * Pi 1.6's footer in test/pi16/footer.test.ts, which counts more than 0.73's did.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type AnalyzeOptions, analyzeSession, readSessionFile, type SessionAnalysis } from "../src/index.js";
import type { RawSession } from "../src/read/raw-session.js";
import type { Totals } from "../src/usage/totals.js";
import { CORPUS } from "./helpers/paths.js";

interface GoldenUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cost: number;
  assistantMessages: number;
}
interface Golden {
  file: string;
  inputVersion: number;
  entriesKept: number;
  leafId: string;
  roots: number;
  activeBranchEntries: number;
  contextMessages: number;
  contextRoles: Record<string, number>;
  model: { provider: string; modelId: string } | null;
  thinkingLevel: string;
  sessionName: string | null;
  assistantUsageAllEntries: GoldenUsage;
  assistantUsageActiveBranch: GoldenUsage;
}

const goldens: Golden[] = readFileSync(`${CORPUS}pi-0.73.1-golden.jsonl`, "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Golden);

/** Lines on which we recovered entries that Pi's `JSON.parse` per line drops. */
function recoveredLines(raw: RawSession): Set<number> {
  return new Set(
    raw.problems
      .filter((problem) => problem.kind === "repaired" || problem.kind === "unreadable")
      .map((p) => p.line ?? -1),
  );
}

/** The session as Pi reads it: entries from lines it cannot parse removed. */
function asPiReadsIt(raw: RawSession): RawSession {
  const dropped = recoveredLines(raw);
  return { ...raw, records: raw.records.filter((record) => !dropped.has(record.line)) };
}

function assistantUsage(totals: Totals): GoldenUsage {
  return {
    input: totals.input,
    output: totals.output,
    cacheRead: totals.cacheRead,
    cacheWrite: totals.cacheWrite,
    cost: totals.cost,
    assistantMessages: totals.turns,
  };
}

function expectUsage(actual: GoldenUsage, expected: GoldenUsage): void {
  const { cost, ...counts } = actual;
  const { cost: expectedCost, ...expectedCounts } = expected;
  expect(counts).toEqual(expectedCounts);
  expect(cost).toBeCloseTo(expectedCost, 6);
}

function expectMatchesPi(analysis: SessionAnalysis, golden: Golden): void {
  const active = analysis.activeBranch;
  if (active === undefined) throw new Error("no active branch");
  expect(analysis.session.entries.length).toBe(golden.entriesKept);
  if (golden.inputVersion >= 2) expect(analysis.session.entries[analysis.tree.leaf]?.id).toBe(golden.leafId);
  expect(analysis.tree.roots.length).toBe(golden.roots);
  expect(active.path.length).toBe(golden.activeBranchEntries);
  expect(active.context.messages.length).toBe(golden.contextMessages);
  const roles: Record<string, number> = {};
  for (const message of active.context.messages) roles[message.role] = (roles[message.role] ?? 0) + 1;
  expect(roles).toEqual(golden.contextRoles);
  expect(active.context.model).toEqual(golden.model);
  expect(active.context.thinkingLevel).toBe(golden.thinkingLevel);
  expect(analysis.tree.name).toBe(golden.sessionName);
  expectUsage(assistantUsage(analysis.usage.bySource.assistant), golden.assistantUsageAllEntries);
  expectUsage(assistantUsage(active.usage.bySource.assistant), golden.assistantUsageActiveBranch);
}

describe("agreement with Pi 0.73.1 on the real corpus", () => {
  it("has a golden record for every corpus file", () => {
    expect(goldens.map((golden) => golden.file).sort()).toEqual(
      [
        "pi-migrated/pi-api__all-entry-types.jsonl",
        "pi-migrated/pi-mono__before-compaction.jsonl",
        "pi-migrated/pi-mono__compact.jsonl",
        "pi-migrated/pi-mono__large-session.jsonl",
        "pi-migrated/pi-mono__session.jsonl",
        "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
        "real/agentsview__session.jsonl",
        "real/getspecstory__real_world.jsonl",
        "real/kimchi-dev__session.jsonl",
        "real/pi-demo__branch.jsonl",
        "real/pi-demo__fork-with-parentSession.jsonl",
        "real/pi-mono__before-compaction.jsonl",
        "real/pi-mono__compact.jsonl",
        "real/pi-mono__large-session.jsonl",
        "real/pi-mono__session.jsonl",
        "real/switchboard__pi-session.jsonl",
      ].sort(),
    );
  });

  for (const golden of goldens) {
    it(`matches Pi on ${golden.file}`, () => {
      const raw = readSessionFile(`${CORPUS}${golden.file}`);
      expectMatchesPi(analyzeSession(asPiReadsIt(raw), {} as AnalyzeOptions), golden);
    });
  }
});

describe("damaged corpus files differ from Pi exactly by what we recover", () => {
  // Worked out by reading the files: which lines are damaged, and how many entries each still holds.
  const damaged = [
    { file: "real/pi-mono__session.jsonl", line: 440, kind: "repaired", recovered: 2 },
    { file: "real/pi-mono__compact.jsonl", line: 1013, kind: "repaired", recovered: 2 },
    {
      file: "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
      line: 31,
      // A bad escape (`\*`) a redaction left in a tool result: read with the backslash kept as text.
      kind: "repaired",
      recovered: 1,
    },
    { file: "real/agentsview__session.jsonl", line: 10, kind: "unreadable", recovered: 0 },
  ] as const;

  for (const { file, line, kind, recovered } of damaged) {
    it(`${file}: line ${line} is reported, ${recovered} entries recovered`, () => {
      const raw = readSessionFile(`${CORPUS}${file}`);
      const damage = raw.problems.filter(
        (problem) => problem.kind === "repaired" || problem.kind === "unreadable",
      );
      expect(damage.map((problem) => [problem.line, problem.kind])).toEqual([[line, kind]]);
      const golden = goldens.find((g) => g.file === file) as Golden;
      const full = analyzeSession(raw);
      expect(full.session.entries.length).toBe(golden.entriesKept + recovered);
      expect(full.session.entries.filter((entry) => entry.line === line)).toHaveLength(recovered);
      expect(full.problems.some((problem) => problem.line === line && problem.kind === kind)).toBe(true);
    });
  }

  it("pi-mono__compact.jsonl: the recovered compaction on line 1013 becomes the latest, as Pi would have used", () => {
    const analysis = analyzeSession(readSessionFile(`${CORPUS}real/pi-mono__compact.jsonl`));
    const active = analysis.activeBranch;
    // Line 1013 holds a reply and a compaction whose firstKeptEntryIndex (1013) is the compaction itself,
    // so nothing before it is kept: the context is its summary alone.
    expect(active?.path.length).toBe(1011 + 2);
    expect(active?.context.messages.map((message) => message.role)).toEqual(["compactionSummary"]);
    // The recovered reply is one more assistant turn: usage 1 / 23 / 130604 / 512, cost 0.069082.
    const golden = goldens.find((g) => g.file === "real/pi-mono__compact.jsonl") as Golden;
    const assistant = analysis.usage.bySource.assistant;
    expect(assistant.turns).toBe(golden.assistantUsageAllEntries.assistantMessages + 1);
    expect(assistant.input).toBe(golden.assistantUsageAllEntries.input + 1);
    expect(assistant.output).toBe(golden.assistantUsageAllEntries.output + 23);
    expect(assistant.cacheRead).toBe(golden.assistantUsageAllEntries.cacheRead + 130604);
    expect(assistant.cacheWrite).toBe(golden.assistantUsageAllEntries.cacheWrite + 512);
    expect(assistant.cost).toBeCloseTo(golden.assistantUsageAllEntries.cost + 0.069082, 6);
  });
});

/**
 * Bounded work on sub-agent files (issue 31, G4): each child file is read once per session however many
 * runs at however many levels name it, at most MAX_CHILD_FILES are read, and a loop is cut and said.
 * Every session here has replies of 15 tokens each (10 in, 5 out), so the figures follow by hand.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { MAX_CHILD_FILES } from "../../src/subagents/child-file-reads.js";
import { archive } from "../archive/helpers.js";
import { analyzeAsRead } from "../helpers/analyze.js";

// Counts every read of a session file, by path, while reading it as before.
const reads = vi.hoisted(() => new Map<string, number>());
vi.mock("../../src/read/read-session-file.js", async (original) => {
  const real = await original<typeof import("../../src/read/read-session-file.js")>();
  return {
    ...real,
    readSessionFile: (path: string) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return real.readSessionFile(path);
    },
  };
});

const REPLY_TOKENS = 15;
type Line = Record<string, unknown>;

/** A session: a prompt, then (when `results` is given) one sub-agent call with those results, then "done". */
function session(id: string, results?: Line[]): string {
  const lines: Line[] = [
    { type: "session", version: 3, id, timestamp: "2025-06-01T10:00:00.000Z", cwd: "/srv" },
  ];
  let parentId: string | null = null;
  const add = (entry: Line) => {
    const line = { id: `e${lines.length}`, parentId, timestamp: "2025-06-01T10:00:01.000Z", ...entry };
    lines.push(line);
    parentId = line.id as string;
  };
  const reply = (content: Line[]) =>
    add({
      type: "message",
      message: {
        role: "assistant",
        content,
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { total: 0.01 } },
        stopReason: "stop",
        timestamp: 1,
      },
    });
  add({ type: "message", message: { role: "user", content: "go", timestamp: 1 } });
  if (results !== undefined) {
    reply([{ type: "toolCall", id: "c", name: "subagent", arguments: {} }]);
    add({
      type: "message",
      message: {
        role: "toolResult",
        toolCallId: "c",
        toolName: "subagent",
        content: [{ type: "text", text: "done" }],
        details: { mode: "parallel", results },
        isError: false,
        timestamp: 1,
      },
    });
  }
  reply([{ type: "text", text: "done" }]);
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

/** A run that records no usage of its own: what it cost is its session file's. */
const run = (sessionFile: string): Line => ({
  agent: "a",
  task: "t",
  exitCode: 0,
  sessionFile,
  messages: [],
});

/**
 * `p.jsonl` whose `fanOut` runs all name `p/c1.jsonl`, whose `fanOut` runs all name `p/c1/c2.jsonl`, …,
 * `depth` levels (round three's fanout.py). Returns the parent's path.
 */
function fanOut(fanOut: number, depth: number): string {
  const root = mkdtempSync(join(tmpdir(), "pi-report-fanout-"));
  let folder = root;
  let name = "p";
  for (let level = 0; level <= depth; level += 1) {
    const child = `c${level + 1}`;
    const results =
      level < depth ? Array.from({ length: fanOut }, () => run(`${name}/${child}.jsonl`)) : undefined;
    writeFileSync(join(folder, `${name}.jsonl`), session(name, results));
    folder = join(folder, name);
    mkdirSync(folder);
    name = child;
  }
  return join(root, "p.jsonl");
}

/** By hand: a leaf file holds one reply; a file with runs two replies plus `fanOut` times its child's. */
function fanOutTokens(fanOut: number, depth: number): number {
  let child = REPLY_TOKENS;
  for (let level = depth - 1; level >= 1; level -= 1) child = 2 * REPLY_TOKENS + fanOut * child;
  return fanOut * child;
}

const subagentTokens = (path: string) => analyzeAsRead(path).usage.bySource.subagent.totalTokens;

describe("a child file that many runs name is read once per session", () => {
  it("ten runs naming one file, three levels down: each file read once, 18,300 tokens", () => {
    const parent = fanOut(10, 3);
    reads.clear();
    // c3: 15; c2: 30 + 10 × 15 = 180; c1: 30 + 10 × 180 = 1,830; the parent's ten runs: 18,300.
    expect(fanOutTokens(10, 3)).toBe(18_300);
    expect(subagentTokens(parent)).toBe(18_300);
    const counts = [...reads.entries()].filter(([path]) => path !== parent).map(([, count]) => count);
    expect(counts).toEqual([1, 1, 1]);
  });

  it("eight levels of ten (hours before): a report in seconds, every level counted", () => {
    const parent = fanOut(10, 8);
    reads.clear();
    expect(subagentTokens(parent)).toBe(fanOutTokens(10, 8));
    expect(reads.size).toBe(1 + 8);
  }, 20_000);

  it("the archive, whose every session reads the files below it: within seconds", async () => {
    const parent = fanOut(10, 6);
    const site = mkdtempSync(join(tmpdir(), "pi-report-fanout-site-"));
    await archive(join(parent, ".."), site);
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8"));
    // Seven sessions; the child files' own usage is counted in the parent's report only.
    expect(json.counts.sessions).toBe(7);
    expect(json.total.total.totalTokens).toBe(2 * REPLY_TOKENS + fanOutTokens(10, 6));
  }, 20_000);
});

describe("the files read for one session are bounded", () => {
  it(`reads at most ${MAX_CHILD_FILES} files, and says how many more were not read`, () => {
    const root = mkdtempSync(join(tmpdir(), "pi-report-many-children-"));
    const extra = 3;
    const names = Array.from({ length: MAX_CHILD_FILES + extra }, (_, index) => `c${index}`);
    mkdirSync(join(root, "p"));
    for (const name of names) writeFileSync(join(root, "p", `${name}.jsonl`), session(name));
    writeFileSync(
      join(root, "p.jsonl"),
      session(
        "p",
        names.map((name) => run(`p/${name}.jsonl`)),
      ),
    );
    reads.clear();
    const analysis = analyzeAsRead(join(root, "p.jsonl"));
    expect(reads.size).toBe(1 + MAX_CHILD_FILES);
    expect(analysis.usage.bySource.subagent.totalTokens).toBe(MAX_CHILD_FILES * REPLY_TOKENS);
    expect(analysis.problems).toContainEqual({
      line: null,
      kind: "unreadable",
      code: "subagent-files-over-limit",
      detail: { limit: MAX_CHILD_FILES, files: extra },
    });
  }, 60_000);

  it("a loop through a linked folder is cut: the parent is not read again below itself", () => {
    // root/p.jsonl -> root/p/c.jsonl, whose own folder root/p/c is a link back to root: c's run names
    // c/p.jsonl, which is root/p.jsonl again.
    const root = mkdtempSync(join(tmpdir(), "pi-report-child-loop-"));
    mkdirSync(join(root, "p"));
    symlinkSync(root, join(root, "p", "c"));
    writeFileSync(join(root, "p", "c.jsonl"), session("c", [run("c/p.jsonl")]));
    writeFileSync(join(root, "p.jsonl"), session("p", [run("p/c.jsonl")]));
    const analysis = analyzeAsRead(join(root, "p.jsonl"));
    // c's own two replies; the parent's own are counted once, as the parent's.
    expect(analysis.usage.bySource.subagent.totalTokens).toBe(2 * REPLY_TOKENS);
    expect(analysis.problems).toContainEqual({
      line: null,
      kind: "structure",
      code: "subagent-file-loop",
      detail: { runs: 1 },
    });
  });
});

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { projectFolderName } from "../../src/sessions/find-session.js";

/**
 * A git repository with commits at set times and a Pi sessions folder beside it, written by hand for
 * the `pi-report pr` tests. Every figure the tests expect is worked out from the lines below.
 *
 * Commits: `main` at 2026-05-01 10:00 UTC (the merge base), then on `feature` 12:00 and 14:00: the
 * window is 10:00-14:00.
 *
 * Sessions (all in the repository unless said):
 * - `old`: 2026-04-30 09:00-09:30, $1.00: before the window, not counted.
 * - `plan`: 09:50-10:20 (overlaps the start): replies $0.30 (1000+200) and $0.10 (400+40): $0.40, 1,640 tokens.
 * - `impl`: 11:00-12:30: replies $0.50 (2000+300), $0.05 (100+10), $0.15 (300+30); an edit of
 *   `<top>/src/parser.ts`; a failed `npm test` (with a GitHub token in it); a sub-agent run recording
 *   $0.25 (900+100). Its own: $0.70, 2,740 tokens; with the run $0.95, 3,740 tokens.
 * - `impl`'s run's own file (below `impl`'s): 11:05-11:06, the same $0.25: counted in `impl` only.
 * - `fork` of `impl` made at 13:00: copies impl's 7 entries (same ids and times), then a reply of
 *   $0.20 (500+50) at 13:10. Counts $0.20, 550 tokens; 7 entries copied.
 * - `pkg`: cwd `<top>/pkg` (a folder below the top-level), 12:40-12:45: $0.05 (100+10), writes `lib.ts`.
 * - `sibling`: cwd `<top>-pkg`, another repository whose Pi folder has the same name as `pkg`'s: $5.00.
 * - `late`: 15:00-15:30, $2.00: after the last commit.
 * Branch total: $0.40 + $0.95 + $0.20 + $0.05 = $1.60; 1,640 + 3,740 + 550 + 110 = 6,040 tokens.
 */
export interface PrWorld {
  /** The repository's top-level (real path, as git names it). */
  top: string;
  agentDir: string;
  /** Session ids by role. */
  ids: Record<"plan" | "impl" | "fork" | "pkg" | "late", string>;
  /** The environment pi-report reads sessions with (PI_CODING_AGENT_DIR). */
  env: Record<string, string>;
}

export const GITHUB_TOKEN_IN_COMMAND = `ghp_${"A1b2C3d4E5f6G7h8I9j0".repeat(2).slice(0, 36)}`;

export type Line = Record<string, unknown>;
const SONNET = { provider: "anthropic", model: "claude-sonnet-4-5" };

export const header = (id: string, timestamp: string, cwd: string, parentSession?: string): Line => ({
  type: "session",
  version: 3,
  id,
  timestamp,
  cwd,
  ...(parentSession === undefined ? {} : { parentSession }),
});

export const at = (time: string) => `2026-05-01T${time}.000Z`;

export const user = (id: string, parentId: string | null, timestamp: string, text: string): Line => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: { role: "user", content: text, timestamp: Date.parse(timestamp) },
});

const usage = (input: number, output: number, cost: number) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
});

export const reply = (
  id: string,
  parentId: string,
  timestamp: string,
  [input, output, cost]: [number, number, number],
  content: unknown[] = [{ type: "text", text: `reply ${id}` }],
): Line => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: {
    role: "assistant",
    content,
    api: "anthropic-messages",
    ...SONNET,
    usage: usage(input, output, cost),
    stopReason: content.some((part) => (part as { type: string }).type === "toolCall") ? "toolUse" : "stop",
    timestamp: Date.parse(timestamp),
  },
});

export const toolResult = (
  id: string,
  parentId: string,
  timestamp: string,
  call: [string, string],
  text: string,
  isError = false,
  details?: unknown,
): Line => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: {
    role: "toolResult",
    toolCallId: call[0],
    toolName: call[1],
    content: [{ type: "text", text }],
    isError,
    ...(details === undefined ? {} : { details }),
    timestamp: Date.parse(timestamp),
  },
});

export const jsonl = (lines: readonly Line[]): string =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join("");

function git(cwd: string, args: string[], time?: string): void {
  const env =
    time === undefined ? process.env : { ...process.env, GIT_AUTHOR_DATE: time, GIT_COMMITTER_DATE: time };
  execFileSync("git", args, { cwd, env, stdio: "ignore" });
}

/** A repository with a commit at each time, on `main` then `feature` (see above), in `top` (made). */
export function makeRepository(
  top = realpathSync(mkdtempSync(join(tmpdir(), "pi-report-pr-repo-"))),
): string {
  mkdirSync(top, { recursive: true });
  git(top, ["init", "-q", "-b", "main"]);
  git(top, ["config", "user.email", "dev@example.com"]);
  git(top, ["config", "user.name", "Dev"]);
  git(top, ["config", "commit.gpgsign", "false"]);
  const commit = (message: string, time: string) => {
    writeFileSync(join(top, "log.txt"), `${message}\n`, { flag: "a" });
    git(top, ["add", "log.txt"]);
    git(top, ["commit", "-q", "-m", message], time);
  };
  commit("base", at("10:00:00"));
  git(top, ["checkout", "-q", "-b", "feature"]);
  commit("parser", at("12:00:00"));
  commit("tests", at("14:00:00"));
  return top;
}

/** Writes the repository and the sessions folder described above. */
export function makePrWorld(): PrWorld {
  const top = makeRepository();
  const agentDir = mkdtempSync(join(tmpdir(), "pi-report-pr-agent-"));
  const file = (cwd: string, name: string, lines: readonly Line[]): string => {
    const path = join(agentDir, "sessions", projectFolderName(cwd), name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, jsonl(lines));
    return path;
  };

  file(top, "2026-04-30T09-00-00-000Z_old.jsonl", [
    header("old-0000", "2026-04-30T09:00:00.000Z", top),
    user("o1", null, "2026-04-30T09:00:00.000Z", "an older task"),
    reply("o2", "o1", "2026-04-30T09:30:00.000Z", [1000, 100, 1]),
  ]);
  file(top, "2026-05-01T09-50-00-000Z_plan.jsonl", [
    header("plan-1111", at("09:50:00"), top),
    user("p1", null, at("09:50:00"), "plan the parser"),
    reply("p2", "p1", at("09:55:00"), [1000, 200, 0.3]),
    user("p3", "p2", at("10:15:00"), "and the tests"),
    reply("p4", "p3", at("10:20:00"), [400, 40, 0.1]),
  ]);
  const implName = "2026-05-01T11-00-00-000Z_impl.jsonl";
  const implDir = join(agentDir, "sessions", projectFolderName(top));
  const childPath = join(
    implDir,
    basename(implName, ".jsonl"),
    "run1",
    "run-0",
    "2026-05-01T11-05-00-000Z_child.jsonl",
  );
  const impl = [
    user("c1", null, at("11:00:00"), "implement the parser"),
    reply(
      "c2",
      "c1",
      at("11:01:00"),
      [2000, 300, 0.5],
      [
        {
          type: "toolCall",
          id: "k-edit",
          name: "edit",
          arguments: { path: `${top}/src/parser.ts`, oldText: "old\n", newText: "new\nnewer\n" },
        },
        {
          type: "toolCall",
          id: "k-bash",
          name: "bash",
          arguments: { command: `GH_TOKEN=${GITHUB_TOKEN_IN_COMMAND} npm test` },
        },
      ],
    ),
    toolResult(
      "c3",
      "c2",
      at("11:01:10"),
      ["k-edit", "edit"],
      "Successfully replaced text in src/parser.ts.",
    ),
    toolResult(
      "c4",
      "c3",
      at("11:01:20"),
      ["k-bash", "bash"],
      "1 test failed\n\nCommand exited with code 1",
      true,
    ),
    reply(
      "c5",
      "c4",
      at("11:02:00"),
      [100, 10, 0.05],
      [
        {
          type: "toolCall",
          id: "k-sub",
          name: "subagent",
          arguments: { agent: "scout", task: "find the grammar" },
        },
      ],
    ),
    toolResult("c6", "c5", at("11:30:00"), ["k-sub", "subagent"], "found it", false, {
      mode: "single",
      results: [
        {
          agent: "scout",
          task: "find the grammar",
          exitCode: 0,
          model: "claude-haiku-4-5",
          sessionFile: childPath,
          usage: {
            input: 900,
            output: 100,
            cacheRead: 0,
            cacheWrite: 0,
            cost: 0.25,
            contextTokens: 1000,
            turns: 1,
          },
          messages: [],
        },
      ],
    }),
    reply("c7", "c6", at("12:30:00"), [300, 30, 0.15]),
  ];
  const implPath = file(top, implName, [header("impl-2222", at("11:00:00"), top), ...impl]);
  mkdirSync(dirname(childPath), { recursive: true });
  writeFileSync(
    childPath,
    jsonl([
      header("child-3333", at("11:05:00"), top),
      user("s1", null, at("11:05:00"), "find the grammar"),
      reply("s2", "s1", at("11:06:00"), [900, 100, 0.25]),
    ]),
  );
  file(top, "2026-05-01T13-00-00-000Z_fork.jsonl", [
    header("fork-4444", at("13:00:00"), top, implPath),
    ...impl,
    user("d1", "c7", at("13:00:05"), "try a hand-written lexer instead"),
    reply("d2", "d1", at("13:10:00"), [500, 50, 0.2]),
  ]);
  file(`${top}/pkg`, "2026-05-01T12-40-00-000Z_pkg.jsonl", [
    header("pkg-5555", at("12:40:00"), `${top}/pkg`),
    user("g1", null, at("12:40:00"), "add the package's entry point"),
    reply(
      "g2",
      "g1",
      at("12:44:00"),
      [100, 10, 0.05],
      [
        {
          type: "toolCall",
          id: "k-write",
          name: "write",
          arguments: { path: "lib.ts", content: "export {};\n" },
        },
      ],
    ),
    toolResult("g3", "g2", at("12:45:00"), ["k-write", "write"], "Wrote lib.ts"),
  ]);
  file(`${top}-pkg`, "2026-05-01T12-00-00-000Z_sibling.jsonl", [
    header("sibling-6666", at("12:00:00"), `${top}-pkg`),
    user("x1", null, at("12:00:00"), "another repository's work"),
    reply("x2", "x1", at("12:10:00"), [5000, 500, 5]),
  ]);
  file(top, "2026-05-01T15-00-00-000Z_late.jsonl", [
    header("late-7777", at("15:00:00"), top),
    user("l1", null, at("15:00:00"), "the next branch's work"),
    reply("l2", "l1", at("15:30:00"), [3000, 300, 2]),
  ]);
  return {
    top,
    agentDir,
    ids: { plan: "plan-1111", impl: "impl-2222", fork: "fork-4444", pkg: "pkg-5555", late: "late-7777" },
    env: { PI_CODING_AGENT_DIR: agentDir, HOME: process.env.HOME ?? "/root" },
  };
}

/**
 * A sessions folder holding one session of `cwd` whose two replies record 1.7e308 dollars each: past
 * Number.MAX_VALUE (1.797e308) together, so its total is Infinity, which JSON writes as null (G12).
 */
export function writeInfiniteCostSessions(cwd: string): string {
  const folder = mkdtempSync(join(tmpdir(), "pi-report-infinite-"));
  const usage = { input: 10, output: 5, cost: { total: 1.7e308 } };
  const costly = (id: string, parentId: string, time: string): Line => ({
    type: "message",
    id,
    parentId,
    timestamp: time,
    message: { role: "assistant", content: [], provider: "p", model: "m", usage, stopReason: "stop" },
  });
  writeFileSync(
    join(folder, "infinite.jsonl"),
    jsonl([
      header("inf", at("10:00:00"), cwd),
      user("u", null, at("10:00:01"), "a"),
      costly("a", "u", at("10:00:02")),
      costly("b", "a", at("10:00:03")),
    ]),
  );
  return folder;
}

/**
 * `pi-report pr` as a user reads it on a repository in their home folder (redacted to `~`), with sessions
 * on a local model that nobody priced, two or more of them titled "hi":
 * - changed files are named from the repository's top-level, whichever folder a session ran in;
 * - sessions that share a title are told apart by their start, then by the start of their id;
 * - an unpriced total is said once ("3.40M unpriced tokens"), not "unpriced (3.40M tokens) and 3.40M tokens".
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fromTop } from "../../src/pr/pr-sessions.js";
import { projectFolderName } from "../../src/sessions/find-session.js";
import { runCli } from "../helpers/cli.js";
import { at, header, jsonl, type Line, makeRepository, reply, toolResult, user } from "./pr-world.js";

/** A reply of a local model that records no cost: its tokens are unpriced. */
const local = (id: string, parent: string, time: string, tokens: [number, number], content?: unknown[]) => {
  const line = reply(id, parent, time, [...tokens, 0], content);
  Object.assign(line.message as object, { provider: "ollama", model: "qwen3-coder" });
  return line;
};
const call = (id: string, name: string, args: Record<string, unknown>) => ({
  type: "toolCall",
  id,
  name,
  arguments: args,
});

let home: string;
let top: string;
let env: Record<string, string>;
let comment: string;

/**
 * The repository `~/work/app` (commits at 10:00 on main, 12:00 and 14:00 on feature) and three sessions:
 * - `0199aaaa-1111-…` "hi", 11:00-11:20 in `sub/`: 1,000,000 + 200,000 tokens, then 10; writes
 *   `<top>/sub/inline-agent/README.md` (absolute), `notes.md` (relative), edits `../docs/guide.md`,
 *   writes `<top>/lib/util.ts` (outside its folder, inside the repository) and `<home>/scratch.txt` (outside);
 * - `0199aaaa-3f00-…` "hi", 12:30:10-12:40 at the top-level: 2,000,000 + 100,000 tokens; writes `src/a.ts`;
 * - `0199aaaa-4e00-…` "hi", 12:30:40-12:35 at the top-level: 90,000 + 10,000 tokens.
 * Total: 3,400,010 tokens (3.40M), none priced.
 */
function writeWorld(): void {
  home = join(realpathSync(mkdtempSync(join(tmpdir(), "pi-report-pr-home-"))), "alice");
  top = makeRepository(join(home, "work", "app"));
  const agentDir = mkdtempSync(join(tmpdir(), "pi-report-pr-rows-agent-"));
  const file = (cwd: string, name: string, lines: readonly Line[]) => {
    const path = join(agentDir, "sessions", projectFolderName(cwd), name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, jsonl(lines));
  };
  const sub = join(top, "sub");
  file(sub, "2026-05-01T11-00-00-000Z_0199aaaa-1111.jsonl", [
    header("0199aaaa-1111-7000-8000-000000000001", at("11:00:00"), sub),
    user("h1", null, at("11:00:00"), "hi"),
    local(
      "h2",
      "h1",
      at("11:10:00"),
      [1_000_000, 200_000],
      [
        call("w1", "write", { path: `${sub}/inline-agent/README.md`, content: "# Inline agent\n" }),
        call("w2", "write", { path: "notes.md", content: "notes\n" }),
        call("e1", "edit", { path: "../docs/guide.md", oldText: "old\n", newText: "new\n" }),
        call("w3", "write", { path: `${top}/lib/util.ts`, content: "export {};\n" }),
        call("w4", "write", { path: `${home}/scratch.txt`, content: "scratch\n" }),
      ],
    ),
    toolResult("r1", "h2", at("11:10:01"), ["w1", "write"], "Wrote the file"),
    toolResult("r2", "r1", at("11:10:02"), ["w2", "write"], "Wrote the file"),
    toolResult("r3", "r2", at("11:10:03"), ["e1", "edit"], "Successfully replaced text"),
    toolResult("r4", "r3", at("11:10:04"), ["w3", "write"], "Wrote the file"),
    toolResult("r5", "r4", at("11:10:05"), ["w4", "write"], "Wrote the file"),
    local("h3", "r5", at("11:20:00"), [10, 0]),
  ]);
  file(top, "2026-05-01T12-30-10-000Z_0199aaaa-3f00.jsonl", [
    header("0199aaaa-3f00-7000-8000-000000000002", at("12:30:10"), top),
    user("k1", null, at("12:30:10"), "hi"),
    local(
      "k2",
      "k1",
      at("12:35:00"),
      [2_000_000, 100_000],
      [call("w5", "write", { path: "src/a.ts", content: "export const a = 1;\n" })],
    ),
    toolResult("k3", "k2", at("12:40:00"), ["w5", "write"], "Wrote the file"),
  ]);
  file(top, "2026-05-01T12-30-40-000Z_0199aaaa-4e00.jsonl", [
    header("0199aaaa-4e00-7000-8000-000000000003", at("12:30:40"), top),
    user("m1", null, at("12:30:40"), "hi"),
    local("m2", "m1", at("12:35:00"), [90_000, 10_000]),
  ]);
  env = { PI_CODING_AGENT_DIR: agentDir, HOME: home, PATH: "/usr/bin:/bin" };
}

/** The sessions table's rows, as cells. */
function tableRows(markdown: string): string[][] {
  const section = markdown.slice(0, markdown.indexOf("\n### "));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Session ") && !line.startsWith("| -"))
    .map((line) =>
      line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
}

beforeAll(async () => {
  writeWorld();
  // The home redaction replaces is the user's: os.homedir() reads HOME.
  vi.stubEnv("HOME", home);
  const { code, stdout, stderr } = await runCli(["pr", "--dry-run", "--no-links"], env, top);
  expect(stderr).toContain("3 session(s)");
  expect(code).toBe(0);
  comment = stdout;
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("pi-report pr in a repository inside the home folder", () => {
  it("names every changed file from the repository's top-level, whichever folder the session ran in", () => {
    const files = comment
      .slice(comment.indexOf("### Files changed"))
      .split("\n")
      .flatMap((line) => /^\| `([^`]+)`/.exec(line)?.[1] ?? []);
    expect(files).toEqual([
      "docs/guide.md",
      "lib/util.ts",
      "src/a.ts",
      "sub/inline-agent/README.md",
      "sub/notes.md",
      "~/scratch.txt",
    ]);
    expect(comment).not.toContain(home);
  });

  it("tells sessions titled alike apart: by start, then by the shortest distinct start of the id", () => {
    expect(tableRows(comment).map((cells) => cells[0])).toEqual([
      "hi (2026-05-01 11:00 UTC)",
      "hi (2026-05-01 12:30 UTC, 0199aaaa-3)",
      "hi (2026-05-01 12:30 UTC, 0199aaaa-4)",
    ]);
  });

  it("says an unpriced total once, and a row's cost as unpriced beside its tokens", () => {
    expect(comment).toContain("**3.40M unpriced tokens** over 3 sessions, 2 commits since");
    expect(comment).not.toContain("unpriced (");
    expect(tableRows(comment).map((cells) => cells.slice(2, 4))).toEqual([
      ["unpriced", "1.20M"],
      ["unpriced", "2.10M"],
      ["unpriced", "100k"],
    ]);
  });
});

describe("fromTop", () => {
  const repo = "/srv/alice/app";
  it("places a path shown relative to the session's folder, or under its redacted spelling", () => {
    const cases: [string, string, string, string][] = [
      // shown, cwd, shown cwd, expected
      ["inline-agent/README.md", `${repo}/sub`, "~/app/sub", "sub/inline-agent/README.md"],
      ["../docs/guide.md", `${repo}/sub`, "~/app/sub", "docs/guide.md"],
      ["~/app/lib/util.ts", `${repo}/sub`, "~/app/sub", "lib/util.ts"],
      ["~/elsewhere/x.ts", `${repo}/sub`, "~/app/sub", "~/elsewhere/x.ts"],
      [`${repo}/sub/a.ts`, `${repo}/sub`, `${repo}/sub`, "sub/a.ts"],
      ["/etc/hosts", `${repo}/sub`, `${repo}/sub`, "/etc/hosts"],
      ["../../outside.txt", `${repo}/sub`, "~/app/sub", "../../outside.txt"],
      ["src/a.ts", repo, "~/app", "src/a.ts"],
      ["src/a.ts", "/srv/other", "/srv/other", "src/a.ts"],
    ];
    for (const [shown, cwd, shownCwd, expected] of cases)
      expect(fromTop(shown, cwd, shownCwd, repo), shown).toBe(expected);
  });
});

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PR_COMMENT_MARKER } from "../../src/pr/pr-comment.js";
import { runCli } from "../helpers/cli.js";
import { fakeGh } from "../helpers/fake-gh.js";
import { GITHUB_TOKEN_IN_COMMAND, makePrWorld, writeInfiniteCostSessions } from "./pr-world.js";

/** A folder for PATH holding links to these commands only (where this machine has them). */
function pathWithOnly(...commands: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-path-"));
  for (const command of commands)
    symlinkSync(execFileSync("which", [command], { encoding: "utf8" }).trim(), join(dir, command));
  return dir;
}

/** `pi-report <argv>` in-process in `cwd` with `env` only (PATH included: that is where gh is found). */
const runIn = (cwd: string, argv: string[], env: Record<string, string>) => runCli(argv, env, cwd);

/** The sessions table's rows, as cells, by their first cell (the title). */
function tableRows(markdown: string): Map<string, string[]> {
  const section = markdown.slice(0, markdown.indexOf("\n### ") >>> 0);
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !/^\| (Session|File) /.test(line) && !line.startsWith("| -"))
    .map((line) =>
      line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
  return new Map(rows.map((cells) => [cells[0] as string, cells]));
}

const world = makePrWorld();
/** A PATH with git and nothing else: gh may be installed in /usr/bin (CI installs it for the share tests). */
const noGh = { PATH: pathWithOnly("git") };

describe("pi-report pr --dry-run: the branch's sessions, each piece of usage counted once", () => {
  it("totals $1.60 and 6,040 tokens over 4 sessions (worked out in pr-world.ts)", async () => {
    const totals = join(mkdtempSync(join(tmpdir(), "pi-report-pr-totals-")), "totals.json");
    const { code, stdout, stderr } = await runIn(
      world.top,
      ["pr", "--dry-run", "--no-links", "--totals", totals],
      { ...world.env, ...noGh },
    );
    expect(stderr).toContain("4 session(s)");
    expect(code).toBe(0);
    const written = JSON.parse(readFileSync(totals, "utf8"));
    expect(written.sessions).toBe(4);
    expect(written.cost).toBeCloseTo(1.6, 9);
    expect(written.totalTokens).toBe(6040);
    expect(written.subagentCost).toBeCloseTo(0.25, 9);
    expect(stdout.startsWith(`${PR_COMMENT_MARKER}\n`)).toBe(true);
    expect(stdout).toContain("**$1.60** and 6.04k tokens over 4 sessions, 2 commits since");
    expect(stdout).toContain("(main)");
    // Sub-agent file and fork copies: said, not added.
    expect(stdout).toContain("1 sub-agent run's own file counted in the session that ran it");
    expect(stdout).toContain("7 entries copied by /fork or /clone counted once, in the original");
  });

  it("--totals fails closed on a total that is no finite number: exit 2, nothing written (G12)", async () => {
    const sessions = writeInfiniteCostSessions(world.top);
    const totals = join(sessions, "totals.json");
    const { code, stdout, stderr } = await runIn(
      world.top,
      ["pr", "--dry-run", "--any-time", "--no-links", "--sessions-dir", sessions, "--totals", totals],
      { ...world.env, ...noGh },
    );
    expect({ code, stdout, last: stderr.split("\n").at(-2) }).toEqual({
      code: 2,
      stdout: "",
      last: "pi-report: --totals: the sessions' cost adds up to Infinity, not a number a cost threshold can be checked against; a session records an impossible figure (its report shows which).",
    });
    expect(existsSync(totals)).toBe(false);
  });

  it("lists each session once with its own cost, tokens and duration", async () => {
    const { stdout } = await runIn(world.top, ["pr", "--dry-run", "--no-links"], { ...world.env, ...noGh });
    const rows = tableRows(stdout);
    expect([...rows.keys()]).toEqual([
      "plan the parser",
      "implement the parser",
      "add the package's entry point",
      "implement the parser (fork)",
    ]);
    // title | model | cost | tokens | duration
    expect(rows.get("plan the parser")?.slice(2)).toEqual(["$0.400", "1.64k", "30m 00s"]);
    expect(rows.get("implement the parser")?.slice(2)).toEqual(["$0.950", "3.74k", "1h 30m"]);
    expect(rows.get("implement the parser (fork)")?.slice(2)).toEqual(["$0.200", "550", "10m 00s"]);
    expect(rows.get("add the package's entry point")?.slice(2)).toEqual(["$0.050", "110", "5m 00s"]);
    expect(rows.get("plan the parser")?.[1]).toBe("`anthropic/claude-sonnet-4-5`");
    for (const absent of [
      "an older task",
      "another repository's work",
      "the next branch's work",
      "find the grammar",
    ])
      expect(stdout).not.toContain(absent);
  });

  it("names the changed files from the top-level (a session in pkg/ wrote pkg/lib.ts) and the failures", async () => {
    const { stdout } = await runIn(world.top, ["pr", "--dry-run", "--no-links"], { ...world.env, ...noGh });
    expect(stdout).toContain("### Files changed: 2");
    // The fork copied impl's edit: counted once (1 edit, not 2).
    expect(stdout).toMatch(/\| `pkg\/lib\.ts` +\| 1 write +\| \+1 −0 \|/);
    expect(stdout).toMatch(/\| `src\/parser\.ts` +\| 1 edit +\| \+2 −1 \|/);
    expect(stdout).toContain("### Failures: 1");
    expect(stdout).toContain("npm test` · **failed**");
  });

  it("redacts by default: the token in the failed command is not in the comment; --no-redact keeps it", async () => {
    const redacted = await runIn(world.top, ["pr", "--dry-run", "--no-links"], { ...world.env, ...noGh });
    expect(redacted.stdout).not.toContain(GITHUB_TOKEN_IN_COMMAND);
    expect(redacted.stdout).toContain("[redacted");
    expect(redacted.stdout).toContain("Secrets and home directories redacted.");
    const raw = await runIn(world.top, ["pr", "--dry-run", "--no-links", "--no-redact"], {
      ...world.env,
      ...noGh,
    });
    expect(raw.stdout).toContain(GITHUB_TOKEN_IN_COMMAND);
    expect(raw.stdout).toContain("Nothing was redacted (--no-redact).");
  });

  it("--since picks an open-ended window instead: only the session after the last commit", async () => {
    const { stdout } = await runIn(
      world.top,
      ["pr", "--dry-run", "--no-links", "--since", "2026-05-01T14:30Z"],
      {
        ...world.env,
        ...noGh,
      },
    );
    expect([...tableRows(stdout).keys()]).toEqual(["the next branch's work"]);
    expect(stdout).toContain("**$2.00** and 3.30k tokens over 1 session, since 2026-05-01 14:30 UTC.");
  });

  it("--base names the branch to compare with; one git does not know is a one-line error", async () => {
    const ok = await runIn(world.top, ["pr", "--dry-run", "--no-links", "--base", "main"], {
      ...world.env,
      ...noGh,
    });
    expect(ok.stdout).toContain("**$1.60**");
    const bad = await runIn(world.top, ["pr", "--dry-run", "--base", "nope"], { ...world.env, ...noGh });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      "pi-report: --base nope: git finds no common ancestor with HEAD; give a branch or commit it knows.\n",
    );
  });

  it("links a session to the report `pi-report share` made of it (a gist whose description names it)", async () => {
    const gh = fakeGh({
      gists: [
        { id: "aaa", description: "my notes", html_url: "https://gist.github.com/me/aaa" },
        {
          id: "bbb",
          description: "pi-report: implement (the parser) (session impl-2222)",
          html_url: "https://gist.github.com/me/bbb",
          created_at: "2026-11-30T10:00:00Z",
          public: false,
        },
      ],
    });
    const { stdout } = await runIn(world.top, ["pr", "--dry-run"], { ...world.env, ...gh.env });
    expect(stdout).toContain("| [implement the parser](https://pi.dev/session/#bbb) |");
    expect(stdout).not.toContain("#aaa");
    expect(gh.calls().map((call) => call.args.slice(0, 2))).toEqual([["api", "gists"]]);
  });

  it("a gh not logged in leaves the links out, saying so in the words every command uses", async () => {
    const gh = fakeGh({ loggedIn: false });
    const { code, stdout, stderr } = await runIn(world.top, ["pr", "--dry-run"], { ...world.env, ...gh.env });
    expect(code).toBe(0);
    expect(stdout).not.toContain("https://pi.dev/session/");
    expect(stderr).toContain(
      "pi-report: shared reports not linked (gh is not logged in to GitHub: run `gh auth login` (or set GH_TOKEN))\n",
    );
  });
});

describe("pi-report pr: posted once, then updated in place", () => {
  it("creates the comment, then edits that one on the next run (found past the first page of 30)", async () => {
    const others = Array.from({ length: 35 }, (_, k) => ({
      id: k + 1,
      body: `review ${k}`,
      user: { login: "rev" },
    }));
    const gh = fakeGh({ comments: others });
    const first = await runIn(world.top, ["pr"], { ...world.env, ...gh.env });
    expect(first.stderr).toContain(
      "pi-report: created the comment on https://github.com/acme/app/pull/7: https://github.com/acme/app/pull/7#issuecomment-1001",
    );
    expect(first.code).toBe(0);
    expect(gh.state().comments).toHaveLength(36);
    const posted = gh.state().comments[35];
    expect(posted?.body.startsWith(PR_COMMENT_MARKER)).toBe(true);
    expect(posted?.body).toContain("**$1.60**");

    const second = await runIn(world.top, ["pr"], { ...world.env, ...gh.env });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain("pi-report: updated the comment on https://github.com/acme/app/pull/7");
    expect(gh.state().comments).toHaveLength(36);
    const writes = gh.calls().filter((call) => call.args.includes("-X"));
    expect(writes.map((call) => call.args.slice(0, 4))).toEqual([
      ["api", "-X", "POST", "repos/acme/app/issues/7/comments"],
      ["api", "-X", "PATCH", "repos/acme/app/issues/comments/1001"],
    ]);
    expect(JSON.parse(writes[1]?.stdin ?? "{}").body).toBe(posted?.body);
  });

  // G1: GitHub hides the marker, so mallory's "<!-- pi-report:pr -->\nLGTM" reads "LGTM" and is hers.
  const spoof = { id: 555, body: `${PR_COMMENT_MARKER}\nLGTM`, user: { login: "mallory" } };

  it("never edits a comment that starts with the marker but another account wrote: posts its own", async () => {
    const gh = fakeGh({ comments: [spoof] });
    const { code, stderr } = await runIn(world.top, ["pr", "--no-links"], { ...world.env, ...gh.env });
    expect({ code, stderr: stderr.split("\n").at(-2) }).toEqual({
      code: 0,
      stderr:
        "pi-report: created the comment on https://github.com/acme/app/pull/7: https://github.com/acme/app/pull/7#issuecomment-1001",
    });
    const [hers, ours] = gh.state().comments;
    expect(hers).toEqual(spoof);
    expect(ours?.user.login).toBe("me");
    expect(ours?.body).toContain("**$1.60**");
    expect(gh.calls().some((call) => call.args.join(" ") === "api user --jq .login")).toBe(true);
  });

  it("edits the comment the same account wrote, even when another's with the marker comes first", async () => {
    const earlier = { id: 600, body: `${PR_COMMENT_MARKER}\nold numbers`, user: { login: "me" } };
    const gh = fakeGh({ comments: [spoof, earlier] });
    const { code } = await runIn(world.top, ["pr", "--no-links"], { ...world.env, ...gh.env });
    expect(code).toBe(0);
    const [hers, ours, ...more] = gh.state().comments;
    expect(hers).toEqual(spoof);
    expect(ours?.id).toBe(600);
    expect(ours?.body).toContain("**$1.60**");
    expect(more).toEqual([]);
  });

  it("with a token that may not read /user (Actions' GITHUB_TOKEN), takes the Actions bot's comment only", async () => {
    const bot = "github-actions[bot]";
    const earlier = { id: 600, body: `${PR_COMMENT_MARKER}\nold numbers`, user: { login: bot } };
    const gh = fakeGh({ login: bot, userForbidden: true, comments: [spoof, earlier] });
    const env = { ...world.env, ...gh.env, GITHUB_ACTIONS: "true" };
    expect((await runIn(world.top, ["pr", "--no-links"], env)).code).toBe(0);
    expect(gh.state().comments.map((comment) => [comment.id, comment.body.includes("**$1.60**")])).toEqual([
      [555, false],
      [600, true],
    ]);
  });

  it("--pr comments on that pull request", async () => {
    const gh = fakeGh({ pr: 12 });
    const { code } = await runIn(world.top, ["pr", "--pr", "12", "--no-links"], { ...world.env, ...gh.env });
    expect(code).toBe(0);
    expect(gh.calls()[0]?.args).toEqual(["pr", "view", "12", "--json", "number,url"]);
  });
});

describe("pi-report pr: errors are one line that says what to do", () => {
  const cases: [string, () => Record<string, string>, string][] = [
    [
      "gh is not installed",
      () => noGh,
      "pi-report: gh (GitHub CLI) is not installed or not on PATH: install it (https://cli.github.com/; Debian/Ubuntu: apt-get install gh; macOS: brew install gh), then run `gh auth login`, or use --dry-run.\n",
    ],
    [
      "gh is not logged in",
      () => fakeGh({ loggedIn: false }).env,
      "pi-report: gh is not logged in to GitHub: run `gh auth login` (or set GH_TOKEN), or use --dry-run.\n",
    ],
    [
      "the branch has no pull request",
      () => fakeGh({ pr: null }).env,
      "pi-report: no pull request for this branch: open one (gh pr create), give --pr <number>, or use --dry-run.\n",
    ],
  ];
  for (const [what, env, said] of cases) {
    it(what, async () => {
      const { code, stdout, stderr } = await runIn(world.top, ["pr"], { ...world.env, ...env() });
      expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: "", stderr: said });
    });
  }

  it("not in a git repository", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-pr-nogit-"));
    const { code, stderr } = await runIn(folder, ["pr", "--dry-run"], { ...world.env, ...noGh });
    expect(code).toBe(2);
    expect(stderr).toBe(
      `pi-report: ${folder} is not in a git repository: run pi-report pr inside the branch's repository.\n`,
    );
  });
});

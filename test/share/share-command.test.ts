/**
 * `pi-report share` against a stand-in `gh` on PATH (test/helpers/fake-gh/), which records the
 * arguments and files it is given and keeps the gists it "created".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findShares } from "../../src/share/find-shares.js";
import { runCli } from "../helpers/cli.js";
import { type FakeGh, fakeGh } from "../helpers/fake-gh.js";
import { ASKED, SECRET, SESSION_ID, writeSecretSession } from "./fixture.js";

let dir: string;
let session: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "share-"));
  session = writeSecretSession(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The environment a user's shell would give: the stand-in first on PATH. */
function envWith(gh: FakeGh, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: `${gh.bin}:/usr/bin:/bin`, HOME: dir, ...gh.env, ...extra };
}

function createCalls(gh: FakeGh) {
  return gh.calls().filter((call) => call.args[0] === "gist" && call.args[1] === "create");
}

describe("pi-report share", () => {
  it("uploads the redacted report as session.html and the summary as summary.md, in one secret gist", async () => {
    const gh = fakeGh();
    const { code, stdout, stderr } = await runCli(["share", session], envWith(gh));
    expect(stderr).not.toContain("internal error");
    expect(code).toBe(0);
    const creates = createCalls(gh);
    expect(creates).toHaveLength(1);
    const [create] = creates;
    if (create === undefined) throw new Error("no gist create");
    // Secret: gh makes a secret gist unless told --public.
    expect(create.args).not.toContain("--public");
    expect(Object.keys(create.files).sort()).toEqual(["session.html", "summary.md"]);
    const html = create.files["session.html"] ?? "";
    const markdown = create.files["summary.md"] ?? "";
    for (const text of [html, markdown]) {
      expect(text).toContain(ASKED);
      expect(text).not.toContain(SECRET);
    }
    expect(html).toMatch(/<script id="session-data" type="application\/json">/);
    const description = create.args[create.args.indexOf("--desc") + 1] ?? "";
    expect(description).toMatch(new RegExp(`^pi-report: ${ASKED}.* \\(session ${SESSION_ID}\\)$`));
    expect(description).not.toContain(SECRET);
    const [gist] = gh.gists();
    expect(stdout).toBe(
      `viewer: https://pi.dev/session/#${gist?.id}\ngist:   https://gist.github.com/${gist?.id}\n`,
    );
    expect(stderr).toContain("secret gist");
    expect(stderr).toContain(`pi-report share --delete ${gist?.id}`);
  });

  it("makes a public gist with --public, and honours Pi's PI_SHARE_VIEWER_URL", async () => {
    const gh = fakeGh();
    const env = envWith(gh, { PI_SHARE_VIEWER_URL: "https://viewer.example/s/" });
    const { code, stdout } = await runCli(["share", session, "--public"], env);
    expect(code).toBe(0);
    expect(createCalls(gh)[0]?.args).toContain("--public");
    expect(gh.gists()[0]?.public).toBe(true);
    expect(stdout).toContain(`viewer: https://viewer.example/s/#${gh.gists()[0]?.id}\n`);
  });

  it("shares the newest session of the current directory when given none", async () => {
    const gh = fakeGh();
    const agent = join(dir, "agent");
    const sessions = join(agent, "sessions", `--${dir.replace(/^\//, "").replace(/\//g, "-")}--`);
    const { mkdirSync, copyFileSync } = await import("node:fs");
    mkdirSync(sessions, { recursive: true });
    copyFileSync(session, join(sessions, "s.jsonl"));
    const { code, stderr } = await runCli(["share"], { ...envWith(gh), PI_CODING_AGENT_DIR: agent }, dir);
    expect(code).toBe(0);
    expect(stderr).toContain(`sharing ${join(sessions, "s.jsonl")}`);
  });

  it("--no-redact uploads the secret, and says so", async () => {
    const gh = fakeGh();
    const { code, stderr } = await runCli(["share", session, "--no-redact"], envWith(gh));
    expect(code).toBe(0);
    expect(createCalls(gh)[0]?.files["session.html"]).toContain(SECRET);
    expect(stderr).toContain("not redacted");
  });

  it("--list shows this tool's shares only, newest first; findShares finds them by session", async () => {
    const gh = fakeGh();
    gh.addGist({
      id: "0000aaaa0000aaaa0000aaaa0000aaaa",
      description: "my dotfiles",
      public: true,
      html_url: "https://gist.github.com/0000aaaa0000aaaa0000aaaa0000aaaa",
      created_at: "2026-01-01T00:00:00Z",
      files: { ".bashrc": { filename: ".bashrc", content: "" } },
    });
    expect((await runCli(["share", session], envWith(gh))).code).toBe(0);
    expect((await runCli(["share", session, "--public"], envWith(gh))).code).toBe(0);
    const [first, second] = gh.gists().slice(1);
    const { code, stdout } = await runCli(["share", "--list"], envWith(gh));
    expect(code).toBe(0);
    expect(stdout).not.toContain("0000aaaa");
    const ids = [...stdout.matchAll(/^([0-9a-f]{32}) {2}/gm)].map((match) => match[1]);
    expect(ids).toEqual([second?.id, first?.id]);
    expect(stdout).toContain(`viewer: https://pi.dev/session/#${first?.id}`);
    expect(stdout).toContain(`gist:   https://gist.github.com/${first?.id}`);
    expect(stdout).toMatch(/ {2}public {2}/);
    expect(stdout).toMatch(/ {2}secret {2}/);
    const found = await findShares({ sessionId: SESSION_ID, env: envWith(gh) });
    expect(found.map((share) => share.gistId)).toEqual([second?.id, first?.id]);
    expect(found[0]).toMatchObject({ sessionId: SESSION_ID, public: true });
    expect(found[0]?.title.startsWith(ASKED)).toBe(true);
    expect(await findShares({ sessionId: "another", env: envWith(gh) })).toEqual([]);
  });

  it("--delete deletes a share, and refuses a gist that is not one", async () => {
    const gh = fakeGh();
    gh.addGist({
      id: "0000bbbb0000bbbb0000bbbb0000bbbb",
      description: "notes",
      public: false,
      html_url: "https://gist.github.com/0000bbbb0000bbbb0000bbbb0000bbbb",
      created_at: "2026-01-01T00:00:00Z",
      files: { "notes.md": { filename: "notes.md", content: "" } },
    });
    const refused = await runCli(["share", "--delete", "0000bbbb0000bbbb0000bbbb0000bbbb"], envWith(gh));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("is not a pi-report share");
    expect(gh.gists()).toHaveLength(1);
    await runCli(["share", session], envWith(gh));
    const shared = gh.gists()[1];
    const deleted = await runCli(
      ["share", "--delete", `https://gist.github.com/tester/${shared?.id}`],
      envWith(gh),
    );
    expect(deleted.code).toBe(0);
    expect(gh.gists().map((gist) => gist.id)).toEqual(["0000bbbb0000bbbb0000bbbb0000bbbb"]);
    const again = await runCli(["share", "--delete", shared?.id ?? ""], envWith(gh));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("there is no gist");
  });
});

describe("pi-report share: errors are one line, exit 2, nothing left behind", () => {
  it("no gh on PATH: says how to install it", async () => {
    const { code, stderr } = await runCli(["share", session], { PATH: join(dir, "empty"), HOME: dir });
    expect(code).toBe(2);
    expect(stderr).toBe(
      "pi-report: gh (GitHub CLI) is not installed or not on PATH: install it (https://cli.github.com/; Debian/Ubuntu: apt-get install gh; macOS: brew install gh), then run `gh auth login`.\n",
    );
  });

  it("gh not logged in: says to run gh auth login, uploads nothing", async () => {
    const gh = fakeGh({ loggedIn: false });
    for (const argv of [
      ["share", session],
      ["share", "--list"],
      ["share", "--delete", "abc123"],
    ]) {
      const { code, stderr } = await runCli(argv, envWith(gh));
      expect(code).toBe(2);
      expect(stderr).toBe(
        "pi-report: gh is not logged in to GitHub: run `gh auth login` (or set GH_TOKEN).\n",
      );
    }
    expect(createCalls(gh)).toEqual([]);
  });

  it("a token gh auth status finds wanting (no read:org) still shares: gists need only the gist scope", async () => {
    const gh = fakeGh({ noReadOrg: true });
    const { code } = await runCli(["share", session], envWith(gh));
    expect(code).toBe(0);
    expect(gh.gists()).toHaveLength(1);
  });

  it("GitHub unreachable while creating: nothing is shared", async () => {
    const gh = fakeGh({ offline: ["create"] });
    const { code, stderr } = await runCli(["share", session], envWith(gh));
    expect(code).toBe(2);
    expect(stderr).toBe(
      "pi-report: could not create the gist: check your internet connection or https://githubstatus.com; nothing was shared.\n",
    );
    expect(gh.gists()).toEqual([]);
  });

  it("GitHub unreachable after creating: the gist is deleted again", async () => {
    const gh = fakeGh({ offline: ["read"] });
    const { code, stderr } = await runCli(["share", session], envWith(gh));
    expect(code).toBe(2);
    expect(createCalls(gh)).toHaveLength(1);
    const deletes = gh.calls().filter((call) => call.args.includes("DELETE"));
    expect(deletes).toHaveLength(1);
    expect(stderr).toMatch(
      /^pi-report: could not check the new gist [0-9a-f]{32} \(.*\): deleted it again; nothing is shared\.\n$/,
    );
    expect(gh.gists()).toEqual([]);
  });

  it("and says how to delete it when deleting fails too", async () => {
    const gh = fakeGh({ offline: ["read", "delete"] });
    const { code, stderr } = await runCli(["share", session], envWith(gh));
    expect(code).toBe(2);
    const [gist] = gh.gists();
    expect(stderr).toContain(`delete it with gh gist delete ${gist?.id}.`);
  });

  it("GitHub unreachable while listing or deleting", async () => {
    const gh = fakeGh({ offline: ["list", "read"] });
    const listed = await runCli(["share", "--list"], envWith(gh));
    expect(listed.code).toBe(2);
    expect(listed.stderr).toBe(
      "pi-report: could not list your gists: check your internet connection or https://githubstatus.com\n",
    );
    const deleted = await runCli(["share", "--delete", "abc123"], envWith(gh));
    expect(deleted.code).toBe(2);
    expect(deleted.stderr).toBe(
      "pi-report: could not read gist abc123: check your internet connection or https://githubstatus.com\n",
    );
  });

  it("refuses --list with a session or --public, and --list with --delete", async () => {
    const gh = fakeGh();
    for (const argv of [
      ["share", "--list", session],
      ["share", "--list", "--public"],
      ["share", "--list", "--delete", "x"],
    ]) {
      const { code, stderr } = await runCli(argv, envWith(gh));
      expect(code).toBe(2);
      expect(stderr.split("\n")).toHaveLength(2);
    }
    expect(gh.calls()).toEqual([]);
  });
});

/**
 * `pi-report share` with the real `gh` (Debian's package; .ci/run installs it) talking to a local
 * stand-in of GitHub's gist API on 127.0.0.1 (test/helpers/gist-api.ts). gh takes any host as GitHub
 * Enterprise: GH_HOST=127.0.0.1:<port> with GH_ENTERPRISE_TOKEN sends it to https://127.0.0.1:<port>/api/v3/,
 * and Go trusts the stand-in's certificate through SSL_CERT_FILE. In CI a missing gh fails the test.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { type GistApi, startGistApi } from "../helpers/gist-api.js";
import { ASKED, SECRET, SESSION_ID, writeSecretSession } from "./fixture.js";

function hasGh(): boolean {
  try {
    execFileSync("gh", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const GH_PRESENT = hasGh();
const TOKEN = "stand-in-token-7f3a";

it.runIf(!GH_PRESENT && process.env.CI === "true")("gh is installed in CI (.ci/run installs it)", () => {
  expect.fail("gh is not on PATH: .ci/run installs Debian's gh package; this test needs it in CI");
});

describe.runIf(GH_PRESENT)("pi-report share with the real gh and a stand-in gist API", () => {
  let dir: string;
  let session: string;
  let api: GistApi;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "real-gh-"));
    session = writeSecretSession(dir);
    api = await startGistApi(dir, TOKEN);
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** gh's environment: its own config folder, the stand-in as its host, its certificate trusted. */
  function env(loggedIn = true): Record<string, string | undefined> {
    return {
      PATH: process.env.PATH,
      HOME: dir,
      GH_CONFIG_DIR: join(dir, "gh-config"),
      GH_HOST: api.host,
      SSL_CERT_FILE: api.certFile,
      ...(loggedIn ? { GH_ENTERPRISE_TOKEN: TOKEN } : {}),
    };
  }

  it("creates one secret gist with both files, redacted; lists it; deletes it", async () => {
    const shared = await runCli(["share", session], env());
    expect(shared.stderr).not.toContain("internal error");
    expect(shared.code).toBe(0);
    const creates = api.requests.filter(
      (request) => request.method === "POST" && request.path === "/api/v3/gists",
    );
    expect(creates).toHaveLength(1);
    const sent = JSON.parse(creates[0]?.body ?? "{}") as {
      public: boolean;
      description: string;
      files: Record<string, { content: string }>;
    };
    expect(sent.public).toBe(false);
    expect(Object.keys(sent.files).sort()).toEqual(["session.html", "summary.md"]);
    for (const { content } of Object.values(sent.files)) {
      expect(content).toContain(ASKED);
      expect(content).not.toContain(SECRET);
    }
    expect(sent.description).toMatch(new RegExp(`^pi-report: ${ASKED}.* \\(session ${SESSION_ID}\\)$`));
    const [gist] = api.gists;
    expect(shared.stdout).toBe(
      `viewer: https://pi.dev/session/#${gist?.id}\ngist:   https://${api.host}/gist/${gist?.id}\n`,
    );

    const listed = await runCli(["share", "--list"], env());
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\n")[0]).toMatch(
      new RegExp(`^${gist?.id} {2}\\d{4}-\\d\\d-\\d\\d {2}secret {2}${ASKED}`),
    );

    const deleted = await runCli(["share", "--delete", gist?.id ?? ""], env());
    expect(deleted.code).toBe(0);
    expect(api.gists).toEqual([]);
    expect(api.requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
  });

  it("--public makes a public gist", async () => {
    const shared = await runCli(["share", session, "--public"], env());
    expect(shared.code).toBe(0);
    expect(api.gists.at(-1)?.public).toBe(true);
    api.gists.length = 0;
  });

  it("not logged in: one line, nothing sent to the gist API", async () => {
    const before = api.requests.length;
    const { code, stderr } = await runCli(["share", session], env(false));
    expect(code).toBe(2);
    expect(stderr).toBe("pi-report: gh is not logged in to GitHub: run `gh auth login` (or set GH_TOKEN).\n");
    expect(api.requests.slice(before).filter((request) => request.path.includes("gists"))).toEqual([]);
  });

  it("a failure after creating deletes the gist again", async () => {
    api.failReads = true;
    try {
      const { code, stderr } = await runCli(["share", session], env());
      expect(code).toBe(2);
      expect(stderr).toMatch(
        /^pi-report: could not check the new gist [0-9a-f]{32} \(.*\): deleted it again; nothing is shared\.\n$/,
      );
      expect(api.gists).toEqual([]);
    } finally {
      api.failReads = false;
    }
  });
});

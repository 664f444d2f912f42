import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PiCommandContext } from "../../src/pi-extension/pi-api.js";
import { reportCommand } from "../../src/pi-extension/report-command.js";
import { fakeGh } from "../helpers/fake-gh.js";
import { writeSecretSession } from "../share/fixture.js";

/** A command context as Pi gives one, recording what is said to the user. */
function context(sessionFile: string | undefined, cwd: string) {
  const said: { message: string; type: string | undefined }[] = [];
  const ctx: PiCommandContext = {
    cwd,
    mode: "rpc",
    hasUI: true,
    ui: { notify: (message, type) => said.push({ message, type }) },
    sessionManager: { getSessionFile: () => sessionFile },
  };
  return { ctx, said };
}

describe("/report's errors are one line", () => {
  const dir = mkdtempSync(join(tmpdir(), "report-errors-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("for a session kept in memory", async () => {
    const { ctx, said } = context(undefined, dir);
    await reportCommand("", ctx);
    expect(said).toEqual([
      {
        message: "/report: this session is kept in memory (--no-session): there is no file to report on",
        type: "error",
      },
    ]);
  });

  it("for a file that is no session: the command's own message", async () => {
    const file = join(dir, "notes.jsonl");
    writeFileSync(file, "these are notes, not a session\n");
    const { ctx, said } = context(file, dir);
    await reportCommand("md", ctx);
    expect(said).toHaveLength(1);
    expect(said[0]?.type).toBe("error");
    expect(said[0]?.message).toMatch(/^\/report md: .*notes\.jsonl/);
    expect(said[0]?.message).not.toContain("\n");
  });

  it("for /report share with no gh, or gh not logged in: the command's own message", async () => {
    const file = writeSecretSession(dir);
    const saved = {
      PATH: process.env.PATH,
      FAKE_GH_STATE: process.env.FAKE_GH_STATE,
      FAKE_GH_LOG: process.env.FAKE_GH_LOG,
      FAKE_GH_NODE: process.env.FAKE_GH_NODE,
    };
    try {
      process.env.PATH = join(dir, "nothing-here");
      const missing = context(file, dir);
      await reportCommand("share", missing.ctx);
      expect(missing.said).toHaveLength(1);
      expect(missing.said[0]?.type).toBe("error");
      expect(missing.said[0]?.message).toBe(
        "/report share: gh (GitHub CLI) is not installed or not on PATH: install it (https://cli.github.com/; Debian/Ubuntu: apt-get install gh; macOS: brew install gh), then run `gh auth login`.",
      );
      const gh = fakeGh({ loggedIn: false });
      Object.assign(process.env, gh.env, { PATH: `${gh.bin}:/usr/bin:/bin` });
      const loggedOut = context(file, dir);
      await reportCommand("share", loggedOut.ctx);
      expect(loggedOut.said).toEqual([
        {
          message: "/report share: gh is not logged in to GitHub: run `gh auth login` (or set GH_TOKEN).",
          type: "error",
        },
      ]);
      expect(gh.gists()).toEqual([]);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

/**
 * Messages that cannot act on their reader (G10): what the CLI says on stderr (`wrote …`, skipped and
 * unreadable files' names), the gist description `share` writes and what `share --list` prints hold no
 * terminal control, bidi override or line break from a file name or a session: they are shown by name.
 * A line break in a file name never starts a line (a `::notice` workflow command in an Actions log).
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectFolderName } from "../../src/sessions/find-session.js";
import { actingCharacters } from "../helpers/acting-characters.js";
import { runCli } from "../helpers/cli.js";
import { fakeGh } from "../helpers/fake-gh.js";
import { makePrWorld } from "../pr/pr-world.js";

const acting = actingCharacters;

const OSC52 = "\u001b]52;c;cHduZWQ=\u0007\u001b[2J";
const NOTICE = "z\n::notice title=pwned::injected.jsonl";
const SESSION = [
  { type: "session", version: 3, id: "e1", timestamp: "2025-06-01T10:00:00.000Z", cwd: "/srv" },
  {
    type: "message",
    id: "u",
    parentId: null,
    timestamp: "2025-06-01T10:00:01.000Z",
    message: { role: "user", content: "hi", timestamp: 1 },
  },
  {
    type: "session_info",
    id: "n",
    parentId: "u",
    timestamp: "2025-06-01T10:00:02.000Z",
    name: "Name \u001b]0;TITLE\u0007 \u202eevil",
  },
];
const sessionText = `${SESSION.map((line) => JSON.stringify(line)).join("\n")}\n`;

describe("stderr: every message shows a file name's controls by name (G10)", () => {
  it("`wrote <path>` of a file named with an OSC 52 clipboard write and a screen clear", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-inert-names-"));
    const name = `a${OSC52}.jsonl`;
    writeFileSync(join(dir, name), sessionText);
    const { code, stderr } = await runCli([join(dir, name)], {}, dir);
    expect(code).toBe(0);
    expect(acting(stderr)).toEqual([]);
    expect(stderr).toBe(`pi-report: wrote ${join(dir, "a⟪ESC⟫]52;c;cHduZWQ=⟪BEL⟫⟪ESC⟫[2J.html")}\n`);
  });

  it("`archive`: a skipped file named with a line break stays on its line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-inert-archive-"));
    mkdirSync(join(dir, "s"));
    symlinkSync(join(dir, "nowhere"), join(dir, "s", NOTICE));
    const { code, stderr } = await runCli(["archive", join(dir, "s"), "-o", join(dir, "site")], {}, dir);
    expect(code).toBe(0);
    expect(acting(stderr)).toEqual([]);
    const lines = stderr.split("\n");
    expect(lines.filter((line) => line.startsWith("::"))).toEqual([]);
    expect(lines[0]).toMatch(/^pi-report: z⟪LF⟫::notice title=pwned::injected\.jsonl: skipped: /);
  });

  it("`pr`: an unreadable session file named with a line break stays on its line", async () => {
    const world = makePrWorld();
    const folder = join(world.agentDir, "sessions", projectFolderName(world.top));
    mkdirSync(folder, { recursive: true });
    // A .jsonl that is no session: listed as not counted, by its name.
    writeFileSync(join(folder, NOTICE), "not json\n");
    const { code, stderr } = await runCli(
      ["pr", "--dry-run", "--any-time", "--no-links"],
      world.env,
      world.top,
    );
    expect(code).toBe(0);
    expect(acting(stderr)).toEqual([]);
    expect(stderr.split("\n").filter((line) => line.startsWith("::"))).toEqual([]);
    expect(stderr).toContain(`${join(folder, "z⟪LF⟫::notice title=pwned::injected.jsonl")}: not counted: `);
  });
});

describe("share: the gist description and `share --list` (G10)", () => {
  it("the description shows the session name's ESC, BEL and U+202E by name; --list prints them so", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-inert-share-"));
    writeFileSync(join(dir, "s.jsonl"), sessionText);
    const gh = fakeGh();
    const env = { PATH: `${gh.bin}:/usr/bin:/bin`, HOME: dir, ...gh.env };
    expect((await runCli(["share", join(dir, "s.jsonl")], env, dir)).code).toBe(0);
    const [gist] = gh.gists();
    expect(gist?.description).toBe("pi-report: Name ⟪ESC⟫]0;TITLE⟪BEL⟫ ⟪U+202E⟫evil (session e1)");
    // A description another tool (or an older version) wrote, raw, is shown by name too.
    gh.addGist({
      id: "abc123",
      description: `pi-report: old ${OSC52}\u202e (session e\u001b[31m2)`,
      public: false,
      html_url: "https://gist.github.com/abc123",
      created_at: "2030-01-01T00:00:00Z",
      files: {},
    });
    const listed = await runCli(["share", "--list"], env, dir);
    expect(listed.code).toBe(0);
    expect(acting(listed.stdout + listed.stderr)).toEqual([]);
    expect(listed.stdout).toContain(
      "abc123  2030-01-01  secret  old ⟪ESC⟫]52;c;cHduZWQ=⟪BEL⟫⟪ESC⟫[2J⟪U+202E⟫ (session e⟪ESC⟫[31m2)\n",
    );
    expect(listed.stdout).toContain("Name ⟪ESC⟫]0;TITLE⟪BEL⟫ ⟪U+202E⟫evil (session e1)\n");
  });
});

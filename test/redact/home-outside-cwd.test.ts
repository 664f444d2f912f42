/**
 * F21: a session made outside any home (its cwd is /Volumes/Work SSD/dev/app) names the user's home six
 * times, in four shapes: /Users/alicesmith (3), /home/alicesmith (1), C:\Users\alicesmith (1) and Pi's
 * session folder name --Users-alicesmith-dev-app-- (1). None may reach any format.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const FIXTURE = "fixtures/redteam/home-outside-cwd.jsonl";
const USER = "alicesmith";

const formats: Record<string, readonly string[]> = {
  html: ["-f", "html"],
  markdown: ["-f", "md"],
  "markdown --summary": ["-f", "md", "--summary"],
  json: ["-f", "json"],
};

describe("F21: home directories outside the session's cwd", () => {
  for (const [name, flags] of Object.entries(formats)) {
    it(`${name}: no home directory names the user`, async () => {
      const result = await runCli([FIXTURE, ...flags, "-o", "-"], { HOME: "/home/ci" });
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain(USER);
      expect(result.stderr).not.toContain(USER);
    });

    // home.jsonl (cwd /home/alice/app): alice's home as ~alice, file:///home/alice, /HOME/ALICE,
    // /home//alice and /home/./alice, alice2's home, Pi's --home-alice-app--, in a name and a label.
    it(`${name}: no spelling of alice's home in fixtures/redteam/home.jsonl`, async () => {
      const result = await runCli(["fixtures/redteam/home.jsonl", ...flags, "-o", "-"], { HOME: "/home/ci" });
      expect(result.code).toBe(0);
      expect(result.stdout.toLowerCase()).not.toContain("alice");
    });
  }

  it("the header says how many places became ~: all six", async () => {
    const { stdout } = await runCli([FIXTURE, "-f", "md", "-o", "-"], { HOME: "/home/ci" });
    expect(stdout).toContain("No secret found; home directories are shown as \\~ (6 places).");
    // The rest of each path stays readable.
    expect(stdout).toContain('cat "~/.pi/tasks/plan.md" ~/.bashrc');
    expect(stdout).toContain("~/.pi/agent/sessions/--~-dev-app--/s.jsonl");
  });

  it("--no-redact leaves every one (so the tests above can fail)", async () => {
    const { stdout } = await runCli([FIXTURE, "-f", "md", "--no-redact", "-o", "-"], { HOME: "/home/ci" });
    expect(stdout.split(USER).length - 1).toBeGreaterThanOrEqual(6);
  });
});

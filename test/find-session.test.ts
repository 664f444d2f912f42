import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newestSessionFor, projectFolderName } from "../src/cli/find-session.js";
import { UsageError } from "../src/cli/io.js";

const header = (cwd: string) => `${JSON.stringify({ type: "session", version: 3, id: "x", cwd })}\n`;

function file(path: string, cwd: string, mtime: number): string {
  writeFileSync(path, header(cwd));
  utimesSync(path, mtime, mtime);
  return path;
}

describe("the session pi-report reads when given none", () => {
  it("names folders as Pi does: leading separator dropped, / \\ : become -", () => {
    expect(projectFolderName("/home/u/app")).toBe("--home-u-app--");
    expect(projectFolderName("C:\\work\\api")).toBe("--C--work-api--");
  });

  it("is the newest file in <agent dir>/sessions/--<cwd>--/", () => {
    const agent = mkdtempSync(join(tmpdir(), "pi-agent-"));
    const dir = join(agent, "sessions", "--w-app--");
    mkdirSync(dir, { recursive: true });
    file(join(dir, "2025-01-01_a.jsonl"), "/w/app", 1_000);
    const newest = file(join(dir, "2025-01-02_b.jsonl"), "/w/app", 2_000);
    expect(newestSessionFor("/w/app", { PI_CODING_AGENT_DIR: agent })).toBe(newest);
  });

  it("with PI_CODING_AGENT_SESSION_DIR (all projects side by side), the newest whose header names the cwd", () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-sessions-"));
    const mine = file(join(dir, "a.jsonl"), "/w/app", 1_000);
    file(join(dir, "b.jsonl"), "/w/other", 3_000);
    expect(newestSessionFor("/w/app", { PI_CODING_AGENT_SESSION_DIR: dir })).toBe(mine);
  });

  it("says where it looked when there is none", () => {
    const agent = mkdtempSync(join(tmpdir(), "pi-agent-"));
    expect(() => newestSessionFor("/w/none", { PI_CODING_AGENT_DIR: agent })).toThrow(UsageError);
    expect(() => newestSessionFor("/w/none", { PI_CODING_AGENT_DIR: agent })).toThrow(
      /--w-none--; give a session file/,
    );
  });
});

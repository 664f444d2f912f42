import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../src/output/usage-error.js";
import { defaultSessionsFolder, newestSessionFor, projectFolderName } from "../src/sessions/find-session.js";

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

  it("with PI_CODING_AGENT_SESSION_DIR, also a version 4 file (its header says kind, not type) for the cwd", () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-sessions-"));
    file(join(dir, "a.jsonl"), "/w/app", 1_000);
    const v4 = join(dir, "b.jsonl");
    writeFileSync(
      v4,
      `${JSON.stringify({ kind: "header", version: 4, id: "y", createdAt: 1, cwd: "/w/app" })}\n`,
    );
    utimesSync(v4, 2_000, 2_000);
    expect(newestSessionFor("/w/app", { PI_CODING_AGENT_SESSION_DIR: dir })).toBe(v4);
  });

  it("with Pi's sessionDir setting: the project's .pi/settings.json over the global one, relative to the cwd", () => {
    const agent = mkdtempSync(join(tmpdir(), "pi-agent-"));
    const project = mkdtempSync(join(tmpdir(), "pi-project-"));
    const global = mkdtempSync(join(tmpdir(), "pi-global-sessions-"));
    writeFileSync(join(agent, "settings.json"), JSON.stringify({ sessionDir: global }));
    // Not in <agent dir>/sessions/: Pi 1.6 writes where sessionDir says, every project side by side.
    const fromGlobal = file(join(global, "a.jsonl"), project, 1_000);
    file(join(global, "b.jsonl"), "/w/other", 3_000);
    expect(newestSessionFor(project, { PI_CODING_AGENT_DIR: agent })).toBe(fromGlobal);
    mkdirSync(join(project, ".pi", "sessions-here"), { recursive: true });
    writeFileSync(join(project, ".pi", "settings.json"), JSON.stringify({ sessionDir: ".pi/sessions-here" }));
    const fromProject = file(join(project, ".pi", "sessions-here", "c.jsonl"), project, 500);
    expect(newestSessionFor(project, { PI_CODING_AGENT_DIR: agent })).toBe(fromProject);
    // The environment variable still wins over both.
    const env = mkdtempSync(join(tmpdir(), "pi-env-sessions-"));
    const fromEnv = file(join(env, "d.jsonl"), project, 100);
    expect(newestSessionFor(project, { PI_CODING_AGENT_DIR: agent, PI_CODING_AGENT_SESSION_DIR: env })).toBe(
      fromEnv,
    );
  });

  it("is oh-my-pi's newest in <OMP_CODING_AGENT_DIR or ~/.omp/agent>/sessions/--<cwd>--/ when that is newer", () => {
    const agent = mkdtempSync(join(tmpdir(), "pi-agent-"));
    const omp = mkdtempSync(join(tmpdir(), "omp-agent-"));
    const piDir = join(agent, "sessions", "--w-app--");
    const ompDir = join(omp, "sessions", "--w-app--");
    mkdirSync(piDir, { recursive: true });
    mkdirSync(ompDir, { recursive: true });
    const older = file(join(piDir, "a.jsonl"), "/w/app", 1_000);
    const newer = file(join(ompDir, "b.jsonl"), "/w/app", 2_000);
    expect(newestSessionFor("/w/app", { PI_CODING_AGENT_DIR: agent, OMP_CODING_AGENT_DIR: omp })).toBe(newer);
    utimesSync(older, 3_000, 3_000);
    expect(newestSessionFor("/w/app", { PI_CODING_AGENT_DIR: agent, OMP_CODING_AGENT_DIR: omp })).toBe(older);
    // Without OMP_CODING_AGENT_DIR: ~/.omp/agent/sessions, from HOME.
    const home = mkdtempSync(join(tmpdir(), "omp-home-"));
    const homeDir = join(home, ".omp", "agent", "sessions", "--w-app--");
    mkdirSync(homeDir, { recursive: true });
    const fromHome = file(join(homeDir, "c.jsonl"), "/w/app", 4_000);
    expect(newestSessionFor("/w/app", { PI_CODING_AGENT_DIR: agent, HOME: home })).toBe(fromHome);
  });

  it("archives oh-my-pi's folder when given none and only that one is there", () => {
    const home = mkdtempSync(join(tmpdir(), "omp-home-"));
    expect(defaultSessionsFolder({ HOME: home })).toBe(join(home, ".pi", "agent", "sessions"));
    mkdirSync(join(home, ".omp", "agent", "sessions"), { recursive: true });
    expect(defaultSessionsFolder({ HOME: home })).toBe(join(home, ".omp", "agent", "sessions"));
    mkdirSync(join(home, ".pi", "agent", "sessions"), { recursive: true });
    expect(defaultSessionsFolder({ HOME: home })).toBe(join(home, ".pi", "agent", "sessions"));
  });

  it("says where it looked when there is none", () => {
    const agent = mkdtempSync(join(tmpdir(), "pi-agent-"));
    expect(() => newestSessionFor("/w/none", { PI_CODING_AGENT_DIR: agent })).toThrow(UsageError);
    expect(() => newestSessionFor("/w/none", { PI_CODING_AGENT_DIR: agent })).toThrow(
      /--w-none-- \(nor oh-my-pi's .*--w-none--\); give a session file/,
    );
  });
});

/**
 * The bin keeps V8's compiled code on disk where Node offers it (22.8+, `module.enableCompileCache`): in the
 * OS's temp folder, never in the folder the command runs in, with the same report written either way; on
 * Node 20 nothing changes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, ROOT } from "../helpers/paths.js";

const CLI = join(ROOT, "dist/bin/pi-report.js");
const SESSION = `${FIXTURES}sessions/every-tool.jsonl`;
const RUNS_NODE22 = process.platform === "linux" && process.arch === "x64";

/** The Node 22 binary Pi 1.6 comes with (scripts/pi16/.peers/, installed by install.mjs unless there). */
function node22(): string {
  const paths = JSON.parse(
    execFileSync(process.execPath, [join(ROOT, "scripts/pi16/install.mjs")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  ) as { node22: string };
  return paths.node22;
}

/**
 * Runs the CLI with `node` in a fresh, empty project folder and a fresh temp folder; returns the report and
 * what each folder holds afterwards.
 */
function report(node: string, env: Record<string, string> = {}) {
  const project = mkdtempSync(join(tmpdir(), "pi-cc-project-"));
  const temp = mkdtempSync(join(tmpdir(), "pi-cc-tmp-"));
  const out = join(mkdtempSync(join(tmpdir(), "pi-cc-out-")), "report.html");
  const { NODE_COMPILE_CACHE: _set, PI_REPORT_SPEED_OFF: _off, ...inherited } = process.env;
  execFileSync(node, [CLI, SESSION, "-f", "html", "-o", out], {
    cwd: project,
    env: { ...inherited, TMPDIR: temp, ...env },
    stdio: "ignore",
  });
  return { html: readFileSync(out), project: readdirSync(project), temp: readdirSync(temp), tempDir: temp };
}

describe.runIf(RUNS_NODE22)("the compile cache on Node 22", () => {
  it("is kept in the OS's temp folder, not the project, and the report is the same without it", () => {
    const node = node22();
    const cached = report(node);
    expect(cached.temp).toContain("node-compile-cache");
    const versions = readdirSync(join(cached.tempDir, "node-compile-cache"));
    expect(versions.length).toBe(1);
    // Entries for the command's modules (well over a few: the bundle's chunks, the report thread's too).
    expect(
      readdirSync(join(cached.tempDir, "node-compile-cache", versions[0] as string)).length,
    ).toBeGreaterThan(10);
    expect(cached.project).toEqual([]);
    const off = report(node, { PI_REPORT_SPEED_OFF: "compile-cache" });
    expect(off.temp).not.toContain("node-compile-cache");
    expect(off.html.equals(cached.html)).toBe(true);
  }, 120_000);
});

describe.runIf(!("enableCompileCache" in nodeModule))("on a Node without the compile cache (20)", () => {
  it("writes no cache anywhere", () => {
    const plain = report(process.execPath);
    expect(plain.temp).toEqual([]);
    expect(plain.project).toEqual([]);
    expect(existsSync(join(plain.tempDir, "node-compile-cache"))).toBe(false);
  }, 120_000);
});

/**
 * `npm ci` runs the build (`prepare`), and said ~430 lines: rolldown's command line lists every chunk it
 * writes. The build's bundling step, as package.json runs it, is run here into a folder of its own
 * (PI_REPORT_BUNDLE_DIR, which rolldown.config.mjs reads): it must say nothing, and write what dist/bin holds.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/paths.js";

const run = promisify(execFile);

describe("the build run by npm ci", () => {
  it("bundles the command without a word, into the files dist/bin holds", async () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    // The build's last step is the bundler: tsc and the templates' precompiling say nothing when they work.
    const bundle = (scripts.build ?? "").split("&&").at(-1)?.trim() ?? "";
    expect(bundle).not.toBe("");
    const dir = mkdtempSync(join(tmpdir(), "pi-report-bundle-"));
    const { stdout, stderr } = await run("sh", ["-c", bundle], {
      cwd: ROOT,
      // Only what a shell that runs `npm ci` has: under a test runner (VITEST, NODE_ENV=test) rolldown's
      // logger would keep quiet by itself, and the test would prove nothing.
      env: {
        PATH: `${ROOT}node_modules/.bin:${process.env.PATH}`,
        HOME: process.env.HOME,
        PI_REPORT_BUNDLE_DIR: dir,
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    expect({ stdout, stderr }).toEqual({ stdout: "", stderr: "" });
    expect(readdirSync(dir).sort()).toEqual(readdirSync(join(ROOT, "dist/bin")).sort());
  }, 120_000);
});

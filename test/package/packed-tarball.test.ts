/**
 * Issue 23, "Done when": `npx pi-session-report …` and `npm i -g` work from a packed tarball. The package is
 * packed as `npm publish` would pack it, installed into a clean folder (and globally, under a temporary
 * prefix), and run there on a bundled example: the command, the archive (its worker threads load files by
 * path), the library and the Pi extension must all find what they need inside the package.
 *
 * The tarball is packed from the dist/ that `npm test` has just built (`--ignore-scripts`: packing must not
 * rebuild dist/ under the other tests' feet). Installs reuse npm's cache (`--prefer-offline`); only what it
 * lacks comes from the registry.
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, ROOT } from "../helpers/paths.js";

const run = promisify(execFile);

const EXAMPLE = `${FIXTURES}sessions/every-tool.jsonl`;
/** The prompt the user typed on line 2 of the example, after the skill block Pi put before it. */
const EXAMPLE_TITLE = "please review src/app.ts";
/** Limits that catch a package that swallowed something it should not (fixtures, sources, node_modules). */
const MAX_TARBALL_BYTES = 5 * 1024 * 1024;
const MAX_FILE_BYTES = 1024 * 1024;
const INSTALL_TIMEOUT_MS = 150_000;

interface PackedFile {
  path: string;
  size: number;
}
interface PackResult {
  filename: string;
  size: number;
  entryCount: number;
  files: PackedFile[];
}

/**
 * The environment for the npm commands: without the `npm_*` variables the running `npm test` exports, one of
 * which (`npm_config_local_prefix`) would make `npm i` install into this repository instead of the folder.
 */
function npmEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^npm_/i.test(name) && name !== "INIT_CWD") env[name] = value;
  if (process.env.npm_config_cache !== undefined) env.npm_config_cache = process.env.npm_config_cache;
  return env;
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("npm", args, {
    cwd,
    env: npmEnvironment(),
    timeout: INSTALL_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Runs a program and returns its standard output, failing the test with its standard error. */
async function output(file: string, args: string[], cwd: string): Promise<string> {
  const { stdout } = await run(file, args, { cwd, env: npmEnvironment(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

/** The entries of the example file: every line but the header. */
function exampleEntryCount(): number {
  return readFileSync(EXAMPLE, "utf8").trimEnd().split("\n").length - 1;
}

/** Every file under a folder of the repository, as package paths (`templates/page.hbs`). */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length));
}

describe("the package, packed and installed", () => {
  let work: string;
  let pack: PackResult;
  let project: string;
  let globalPrefix: string;

  beforeAll(async () => {
    expect(existsSync(join(ROOT, "dist/bin/pi-report.js")), "dist/ is built (npm run build)").toBe(true);
    work = mkdtempSync(join(tmpdir(), "pi-report-packed-"));
    const packed = JSON.parse(
      await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", work], ROOT),
    ) as PackResult[];
    expect(packed).toHaveLength(1);
    pack = packed[0] as PackResult;
    const tarball = join(work, pack.filename);

    project = join(work, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), '{ "name": "clean-folder", "private": true }\n');
    globalPrefix = join(work, "global");
    const quiet = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
    // The two installs share nothing but npm's cache: run them side by side.
    await Promise.all([
      npm(["install", ...quiet, tarball], project),
      npm(["install", "--global", "--prefix", globalPrefix, ...quiet, tarball], work),
    ]);
  }, 2 * INSTALL_TIMEOUT_MS);

  afterAll(() => {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  it("holds what the command needs at run time, and no sources, tests or fixtures", () => {
    const paths = new Set(pack.files.map((file) => file.path));
    const needed = [
      "package.json",
      "README.md",
      "dist/bin/pi-report.js",
      "dist/bin/archive-worker.js",
      "dist/bin/report-worker.js",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/precompiled-templates.cjs",
      "dist/pi-extension/index.js",
      ...filesUnder("templates"),
    ];
    expect(needed.filter((path) => !paths.has(path))).toEqual([]);
    const strays = [...paths].filter((path) =>
      /^(src|test|fixtures|bench|scripts|data|docs|node_modules)\//.test(path),
    );
    expect(strays).toEqual([]);
    expect(pack.size).toBeLessThan(MAX_TARBALL_BYTES);
    expect(pack.files.filter((file) => file.size > MAX_FILE_BYTES)).toEqual([]);
  });

  it("npx pi-session-report writes the report the repository's build writes, byte for byte", async () => {
    const packed = join(work, "packed.html");
    const built = join(work, "built.html");
    await output("npx", ["--no", "pi-session-report", EXAMPLE, "-o", packed], project);
    await output(process.execPath, [join(ROOT, "dist/bin/pi-report.js"), EXAMPLE, "-o", built], ROOT);
    const html = readFileSync(packed, "utf8");
    expect(titleOf(html)).toBe(`${EXAMPLE_TITLE} · Pi session`);
    // One permalink anchor per entry of the file.
    expect(html.match(/ id="e-/g)?.length).toBe(exampleEntryCount());
    expect(readFileSync(packed).equals(readFileSync(built))).toBe(true);
  });

  it("npx pi-report gives the JSON report of the same entries", async () => {
    const report = JSON.parse(
      await output("npx", ["--no", "pi-report", EXAMPLE, "--format", "json"], project),
    );
    expect(report.generator).toEqual({
      name: "pi-session-report",
      version: JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version,
    });
    expect(report.entryCount).toBe(exampleEntryCount());
  });

  it("the globally installed pi-report writes the pull-request summary and an archive", async () => {
    const bin = join(globalPrefix, "bin", "pi-report");
    const summary = await output(bin, [EXAMPLE, "--summary"], work);
    expect(summary).toContain(EXAMPLE_TITLE);

    const sessions = join(work, "sessions");
    mkdirSync(sessions);
    copyFileSync(EXAMPLE, join(sessions, "every-tool.jsonl"));
    copyFileSync(`${FIXTURES}sessions/fork.jsonl`, join(sessions, "fork.jsonl"));
    const site = join(work, "site");
    await output(bin, ["archive", sessions, "-o", site], work);
    const archive = JSON.parse(readFileSync(join(site, "archive.json"), "utf8"));
    expect(archive.counts).toMatchObject({ sessions: 2, failed: 0 });
    expect(
      archive.sessions.map((session: { report: string }) => existsSync(join(site, session.report))),
    ).toEqual([true, true]);
  });

  it("the library loads from the installed package and reads the example", async () => {
    const script = [
      'import { analyzeFile, buildJsonReport } from "pi-session-report";',
      `const report = buildJsonReport(await analyzeFile(${JSON.stringify(EXAMPLE)}));`,
      "process.stdout.write(String(report.entryCount));",
    ].join("\n");
    const entryCount = await output(process.execPath, ["--input-type=module", "-e", script], project);
    expect(Number(entryCount)).toBe(exampleEntryCount());
  });

  it("the Pi extension named in package.json registers /report, and /report md writes the summary", async () => {
    const installed = join(project, "node_modules", "pi-session-report");
    const [extension] = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).pi.extensions;
    const cwd = join(work, "pi-cwd");
    mkdirSync(cwd);
    // Pi's side, stood in for: it loads the extension's file, which registers its command; then a user types
    // `/report md` in a session whose file is the example.
    const script = `
      const { pathToFileURL } = await import("node:url");
      const { default: register } = await import(pathToFileURL(${JSON.stringify(join(installed, extension))}).href);
      const commands = new Map();
      register({ registerCommand: (name, options) => commands.set(name, options) });
      const said = [];
      await commands.get("report").handler("md", {
        cwd: ${JSON.stringify(cwd)}, mode: "rpc", hasUI: true,
        ui: { notify: (message, type) => said.push({ message, type }) },
        sessionManager: { getSessionFile: () => ${JSON.stringify(EXAMPLE)} },
      });
      process.stdout.write(JSON.stringify({ commands: [...commands.keys()], said }));
    `;
    // Whether a clipboard program is found or not, the summary is written and said in one message.
    const stdout = await output(process.execPath, ["--input-type=module", "-e", script], cwd);
    const result = JSON.parse(stdout);
    expect(result.commands).toEqual(["report"]);
    expect(result.said).toHaveLength(1);
    expect(result.said[0].type).toBe("info");
    expect(readFileSync(join(cwd, "every-tool.md"), "utf8")).toContain(EXAMPLE_TITLE);
  });
});

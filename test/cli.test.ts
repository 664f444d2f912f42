import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonReport } from "../src/index.js";
import { runCli } from "./helpers/cli.js";
import { CORPUS, FIXTURES, ROOT } from "./helpers/paths.js";

const FORK = `${FIXTURES}sessions/fork.jsonl`;

describe("pi-report <session> --format json", () => {
  it("writes the versioned JSON report to stdout", async () => {
    const { code, stdout, stderr } = await runCli([FORK, "--format", "json"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const report = JSON.parse(stdout) as JsonReport;
    expect(report.schemaVersion).toBe(1);
    expect(report.session).toEqual({
      id: "fork-child",
      name: null,
      // Redaction is on by default: the home the cwd names (/home/dev) is shown as ~.
      cwd: "~/app",
      inputVersion: 3,
      parentSession: "~/.pi/agent/sessions/--~-app--/2025-06-01T09-00-00-000Z_fork-parent.jsonl",
      startedAt: "2025-06-01T10:00:00.000Z",
      endedAt: "2025-06-01T10:00:02.000Z",
    });
    expect(report.entryCount).toBe(2);
    expect(report.leafId).toBe("k2");
    expect(report.branches.map((branch) => [branch.tipId, branch.active, branch.entryCount])).toEqual([
      ["k2", true, 2],
    ]);
  });

  it("starts a session at its earliest time and ends it at its latest entry, not at a later header", async () => {
    // kimchi-dev's header (08:10:29.847) was written after all of its entries (06:12:39.861 to 08:09:56.730).
    const { stdout } = await runCli([`${CORPUS}real/kimchi-dev__session.jsonl`, "--format", "json"]);
    const { startedAt, endedAt } = (JSON.parse(stdout) as JsonReport).session;
    expect([startedAt, endedAt]).toEqual(["2026-04-27T06:12:39.861Z", "2026-04-27T08:09:56.730Z"]);
    // A file of its header alone has a start and no end.
    const dir = mkdtempSync(join(tmpdir(), "pi-report-times-"));
    const headerOnly = join(dir, "header.jsonl");
    writeFileSync(
      headerOnly,
      '{"type":"session","version":3,"id":"h","timestamp":"2025-01-01T00:00:00.000Z"}\n',
    );
    const alone = (JSON.parse((await runCli([headerOnly, "--format", "json"])).stdout) as JsonReport).session;
    expect([alone.startedAt, alone.endedAt]).toEqual(["2025-01-01T00:00:00.000Z", null]);
  });

  it("--open with standard output says it needs a file, and still writes the report", async () => {
    const { code, stdout, stderr } = await runCli([FORK, "--format", "json", "--open"]);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as JsonReport).leafId).toBe("k2");
    expect(stderr).toBe("pi-report: --open needs a file to open: give -o <file>.\n");
  });

  it("is byte-identical across runs", async () => {
    const file = `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`;
    const first = await runCli([file, "--format", "json"]);
    const second = await runCli([file, "--format", "json"]);
    expect(second.stdout).toBe(first.stdout);
  });

  it("writes to -o atomically and never over its input", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-cli-"));
    const out = join(dir, "report.json");
    expect((await runCli([FORK, "--format", "json", "-o", out])).code).toBe(0);
    expect((JSON.parse(readFileSync(out, "utf8")) as JsonReport).leafId).toBe("k2");

    const input = join(dir, "session.jsonl");
    writeFileSync(input, readFileSync(FORK));
    const before = statSync(input).mtimeMs;
    const refused = await runCli([input, "--format", "json", "-o", input]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing to write the report over its own input/);
    expect(readFileSync(input)).toEqual(readFileSync(FORK));
    expect(statSync(input).mtimeMs).toBe(before);
  });

  it("a write that fails leaves nothing behind: no report, no temporary file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-cli-"));
    const blocked = join(dir, "taken");
    mkdirSync(blocked);
    const result = await runCli([FORK, "-o", blocked]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /taken: cannot write the report: it is a folder; give a file name \(EISDIR\)/,
    );
    expect(readdirSync(dir)).toEqual(["taken"]);
    expect(readdirSync(blocked)).toEqual([]);
  });

  it("says on stderr when lines could not be read, and still reports", async () => {
    const { code, stderr } = await runCli([`${FIXTURES}sessions/damaged-lines.jsonl`, "--format", "json"]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/4 damaged line\(s\) could not be read/);
  });
});

describe("errors are one line and exit code 2", () => {
  const cases: [string, string[], RegExp][] = [
    [
      "a missing file",
      ["/nonexistent/session.jsonl"],
      /^pi-report: \/nonexistent\/session\.jsonl: no such file\.\n$/,
    ],
    ["a directory", [FIXTURES], /is a directory/],
    ["a file that is not a session", [`${ROOT}package.json`], /not a Pi session/],
    ["an unknown leaf", [FORK, "--leaf", "zzz"], /--leaf: no entry has the id `zzz`/],
    ["an unknown format", [FORK, "--format", "pdf"], /argument 'pdf' is invalid/],
    [
      "--no-redact before --redact",
      [FORK, "--no-redact", "--redact", "x"],
      /--redact and --no-redact cannot be used together/,
    ],
    [
      "--redact before --no-redact (the pattern would be dropped in silence)",
      [FORK, "--redact", "x", "--no-redact"],
      /--redact and --no-redact cannot be used together/,
    ],
    [
      "the archive's --no-redact with --redact",
      ["archive", FIXTURES, "--no-redact", "--redact", "x", "-o", join(tmpdir(), "never-made")],
      /--redact and --no-redact cannot be used together/,
    ],
    [
      "a template of one's own that uses a partial that is not there",
      [
        FORK,
        "--template",
        `${FIXTURES}templates/missing-partial`,
        "-o",
        join(tmpdir(), "never-written.html"),
      ],
      /^pi-report: --template .*missing-partial: header\.hbs: line 2: partial `no-such-partial` is not there; a partial is a \.hbs file of the --template folder or of the shipped ones \(.*templates\), by its name\.\n$/,
    ],
    [
      "-o in a folder that does not exist",
      [FORK, "-o", "/nonexistent/folder/report.html"],
      /report\.html: cannot write the report: the folder \/nonexistent\/folder does not exist; create it or choose another -o path \(ENOENT\)\.\n$/,
    ],
  ];
  for (const [what, argv, message] of cases) {
    it(what, async () => {
      const { code, stdout, stderr } = await runCli(argv);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
    });
  }
});

describe("writing into what is not a plain file", () => {
  it("writes into a named pipe, which stays a pipe", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-fifo-"));
    const fifo = join(dir, "report.fifo");
    execFileSync("mkfifo", [fifo]);
    // The reader first, in another process: opening a pipe to write waits for one.
    const reader = spawn("cat", [fifo]);
    const read = new Promise<string>((done) => {
      let text = "";
      reader.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      reader.on("close", () => done(text));
    });
    const result = await runCli([FORK, "--format", "json", "-o", fifo]);
    expect(result.code).toBe(0);
    expect(await read).toBe((await runCli([FORK, "--format", "json"])).stdout);
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it("writes into /dev/null, which stays a device", async () => {
    const result = await runCli([FORK, "--format", "json", "-o", "/dev/null"]);
    expect(result.code).toBe(0);
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });
});

describe("the installed bin", () => {
  // The command as installed: package.json's bin, the bundle in dist/bin/ (rolldown.config.mjs).
  const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { bin: Record<string, string> };
  const bin = `${ROOT}${manifest.bin["pi-report"]}`;
  it("--version and --help exit 0", () => {
    const version = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")).version as string;
    // Exactly the version, nothing else on either stream: V8 prints "Error: unrecognized flag" on stderr
    // for every flag tier-up.ts sets that the running Node does not know (test/v8-flags.test.ts).
    const shown = spawnSync("node", [bin, "--version"], { encoding: "utf8" });
    expect([shown.stdout, shown.stderr]).toEqual([`${version}\n`, ""]);
    expect(execFileSync("node", [bin, "--help"], { encoding: "utf8" })).toMatch(/--leaf <id>/);
  });
  it("exits 2 with one line on stderr for a missing file", () => {
    const result = spawnSync("node", [bin, "/nonexistent.jsonl"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("pi-report: /nonexistent.jsonl: no such file.\n");
  });

  it("-o /dev/stdout appends to what the shell pointed it at, and a reader closing it early is no failure", () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-stdout-"));
    const log = join(dir, "log");
    writeFileSync(log, "EARLIER\n");
    const appended = spawnSync("sh", ["-c", `node "${bin}" "${FORK}" -f json -o /dev/stdout >> "${log}"`]);
    expect(appended.status).toBe(0);
    const written = readFileSync(log, "utf8");
    expect(written.startsWith("EARLIER\n{")).toBe(true);
    expect((JSON.parse(written.slice("EARLIER\n".length)) as JsonReport).leafId).toBe("k2");
    const big = `${CORPUS}real/pi-mono__before-compaction.jsonl`;
    // bash's pipefail: the pipeline's status is pi-report's, not head's.
    const closed = spawnSync("bash", [
      "-c",
      `set -o pipefail; node "${bin}" "${big}" -o /dev/stdout | head -c 100 > /dev/null`,
    ]);
    expect(closed.status).toBe(0);
    expect(closed.stderr.toString()).not.toContain("cannot write");
  });

  it("stops quietly, exit 0, when its reader closes the pipe early (| head)", async () => {
    // A page far larger than a pipe holds (64 KB), so the write is still going when the reader leaves.
    const child = spawn("node", [bin, `${CORPUS}real/pi-mono__before-compaction.jsonl`, "-o", "-"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect([code, stderr]).toEqual([0, ""]);
  });

  it("is the bundle, and writes byte for byte what the sources write, in every format", async () => {
    expect(manifest.bin["pi-report"]).toBe("dist/bin/pi-report.js");
    const folder = mkdtempSync(join(tmpdir(), "pi-report-bin-"));
    const session = `${FIXTURES}sessions/every-tool.jsonl`;
    for (const format of ["html", "md", "json"]) {
      // Same file name in two folders: the Markdown links its images by the report's name.
      mkdirSync(join(folder, "bin"), { recursive: true });
      mkdirSync(join(folder, "sources"), { recursive: true });
      const viaBin = join(folder, "bin", `report.${format}`);
      const viaSources = join(folder, "sources", `report.${format}`);
      execFileSync("node", [bin, session, "--format", format, "-o", viaBin], { stdio: "pipe" });
      expect((await runCli([session, "--format", format, "-o", viaSources])).code).toBe(0);
      expect(readFileSync(viaBin, "utf8")).toBe(readFileSync(viaSources, "utf8"));
    }
  });

  it("archives a folder (its bundled worker threads) exactly as the sources do", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-bin-archive-"));
    const sessions = join(folder, "sessions");
    mkdirSync(join(sessions, "--home-dev-app--"), { recursive: true });
    for (const name of ["fork.jsonl", "every-tool.jsonl"]) {
      writeFileSync(join(sessions, "--home-dev-app--", name), readFileSync(`${FIXTURES}sessions/${name}`));
    }
    execFileSync("node", [bin, "archive", sessions, "-o", join(folder, "bin-site")], { stdio: "pipe" });
    expect((await runCli(["archive", sessions, "-o", join(folder, "sources-site")])).code).toBe(0);
    for (const file of ["index.html", "archive.json", "costs.csv"]) {
      expect(readFileSync(join(folder, "bin-site", file), "utf8")).toBe(
        readFileSync(join(folder, "sources-site", file), "utf8"),
      );
    }
  });
});

describe("the JSON report's labels", () => {
  it("lists every label in force by entry, not only a branch tip's: every-tool labels t6 'edits'", async () => {
    const { stdout } = await runCli([`${FIXTURES}sessions/every-tool.jsonl`, "-f", "json"]);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report.labels).toContainEqual({ entryId: "t6", label: "edits" });
    // Its branch tip carries no label of its own.
    expect(report.branches.every((branch) => branch.label === null)).toBe(true);
  });
});

describe("options that do not apply", () => {
  it("says --template is not used by the JSON report, and still writes it", async () => {
    const { code, stdout, stderr } = await runCli([
      `${FIXTURES}sessions/fork.jsonl`,
      "-f",
      "json",
      "--template",
      "/nonexistent",
    ]);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as JsonReport).schemaVersion).toBe(1);
    expect(stderr).toContain(
      "pi-report: --template shapes the HTML and Markdown reports; the JSON report does not use it.\n",
    );
  });
});

describe("the JSON report's leaf", () => {
  it("keeps where Pi resumes beside the leaf --leaf chose", async () => {
    const file = `${FIXTURES}sessions/summary-usage.jsonl`;
    const pi = JSON.parse((await runCli([file, "-f", "json"])).stdout) as JsonReport;
    expect(pi.piLeafId).toBe(pi.leafId);
    const chosen = JSON.parse((await runCli([file, "-f", "json", "--leaf", "c5"])).stdout) as JsonReport;
    expect(chosen.leafId).toBe("c5");
    expect(chosen.piLeafId).toBe(pi.leafId);
    expect(chosen.piLeafId).not.toBe("c5");
  });
});

import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { registerArchiveCommand } from "../../src/cli/commands/archive.js";
import { UsageError } from "../../src/output/usage-error.js";
import { archive } from "./helpers.js";
import { type PiFolder, shown, WEB, writePiFolder } from "./pi-folder.js";

const site = (): string => mkdtempSync(join(tmpdir(), "pi-archive-site-"));
const readJson = (output: string): ArchiveJson =>
  JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
const cents = (value: number): number => Math.round(value * 1e6) / 1e6;

describe("archive filters", () => {
  let pi: PiFolder;
  beforeAll(() => {
    pi = writePiFolder();
  });

  it("--project keeps sessions whose cwd holds it; a fork's copies still belong to its original", async () => {
    const output = site();
    expect(await archive(pi.root, output, { project: "/web" })).toMatchObject({
      sessions: 2,
      filteredOut: 3,
    });
    const json = readJson(output);
    expect(json.sessions.map((session) => session.id)).toEqual(["subs", "fork"]);
    // The fork's own reply ($0.30) and the sub-agent run ($0.02); the copies are the original's, left out.
    expect(cents(json.total.total.cost)).toBe(0.32);
    expect(json.deduplicated.entries).toBe(4);
    expect(json.projects.map((row) => row.project)).toEqual([shown(WEB)]);
  });

  it("--project given as a full path finds the sessions whose cwd shows its home directory as ~", async () => {
    // WEB is /home/dev/web; redacted, the session's cwd reads ~/web. Given as $PWD would give it:
    const full = site();
    expect(await archive(pi.root, full, { project: WEB })).toMatchObject({ sessions: 2, filteredOut: 3 });
    const short = site();
    expect(await archive(pi.root, short, { project: "~/web" })).toMatchObject({
      sessions: 2,
      filteredOut: 3,
    });
    expect(readJson(full).sessions).toEqual(readJson(short).sessions);
    // The index says what was asked, redacted as everything it shows is.
    expect(readFileSync(join(full, "index.html"), "utf8")).toContain(
      "Sessions whose working directory contains “~/web”.",
    );
  });

  it("--since and --until compare UTC days with each session's start, both inclusive", async () => {
    const recent = site();
    await archive(pi.root, recent, { since: "2025-06-04" });
    expect(readJson(recent).sessions.map((session) => session.id)).toEqual(["subs", "damaged"]);
    const early = site();
    await archive(pi.root, early, { until: "2025-06-02" });
    const json = readJson(early);
    // The fork was made on 06-02 (its header), the orphan on 06-03: a fork starts when it was made.
    expect(json.sessions.map((session) => session.id)).toEqual(["fork", "orig"]);
    // The original's two replies ($0.10 + $0.20) and the fork's own ($0.30); its copies count once.
    expect(cents(json.total.total.cost)).toBe(0.6);
    expect(json.filters).toEqual({ since: null, until: "2025-06-02", project: null });
  });

  it("refuses dates it cannot read, and a folder that is not there", async () => {
    await expect(archive(pi.root, site(), { since: "June 1" })).rejects.toThrow(UsageError);
    await expect(archive(pi.root, site(), { until: "2025-02-30" })).rejects.toThrow(/YYYY-MM-DD/);
    await expect(archive(pi.root, site(), { since: "2025-06-02", until: "2025-06-01" })).rejects.toThrow(
      /after/,
    );
    await expect(archive(join(pi.root, "nowhere"), site())).rejects.toThrow(/no such folder/);
  });
});

describe("registerArchiveCommand", () => {
  /** A program shaped like the real one: a default action with its own -o, and the archive subcommand. */
  function program(stderr: string[]): { command: Command; reports: string[] } {
    const reports: string[] = [];
    const io = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => stderr.push(text) },
      cwd: tmpdir(),
      env: {},
    };
    const command = new Command()
      .exitOverride()
      .argument("[session]")
      .option("-o, --output <file>")
      .action((session: string | undefined, options: { output?: string }) => {
        reports.push(`${session} -> ${options.output}`);
      });
    registerArchiveCommand(command, io);
    return { command, reports };
  }

  it("adds `archive [folder]` with its own -o, and leaves the report's -o alone", async () => {
    const pi = writePiFolder();
    const output = site();
    const stderr: string[] = [];
    const { command, reports } = program(stderr);
    await command.parseAsync(["archive", pi.root, "-o", output, "--project", "/api"], { from: "user" });
    expect(existsSync(join(output, "index.html"))).toBe(true);
    expect(readJson(output).sessions.map((session) => session.id)).toEqual(["orphan", "orig"]);
    expect(stderr.join("")).toMatch(
      /^pi-report: archived 2 sessions into .*; 3 sessions left out by the filters; /,
    );
    expect(reports).toEqual([]);

    await command.parseAsync(["session.jsonl", "-o", "out.html"], { from: "user" });
    expect(reports).toEqual(["session.jsonl -> out.html"]);
  });

  it("says, as a single report does, when nothing was redacted", async () => {
    const pi = writePiFolder();
    const stderr: string[] = [];
    await program(stderr).command.parseAsync(["archive", pi.root, "-o", site(), "--no-redact"], {
      from: "user",
    });
    expect(stderr.at(-1)).toBe("pi-report: Secrets were not redacted (--no-redact).\n");
    const redacted: string[] = [];
    await program(redacted).command.parseAsync(["archive", pi.root, "-o", site()], { from: "user" });
    expect(redacted.join("")).not.toContain("not redacted");
  });
});

describe("where the site goes", () => {
  it("refuses -o - (a folder of files cannot go to standard output) and a file in the folder's way", async () => {
    const pi = writePiFolder();
    await expect(archive(pi.root, "-")).rejects.toThrow(/-o -: the archive is a folder of files/);
    const blocked = join(site(), "a-file");
    writeFileSync(blocked, "");
    await expect(archive(pi.root, blocked)).rejects.toThrow(/a file of that name is in the way/);
  });

  it("says how many session files inside the site's folder it leaves out", async () => {
    const pi = writePiFolder();
    const inside = join(pi.root, "site");
    mkdirSync(inside);
    writeFileSync(join(inside, "kept-apart.jsonl"), readFileSync(pi.files.original));
    const stderr: string[] = [];
    await archive(pi.root, inside, {}, stderr);
    expect(stderr.join("")).toContain(
      "pi-report: 1 session file inside the site's folder (-o " +
        `${inside}) is left out: the site's own folder is not searched; give the site a folder outside the sessions.\n`,
    );
  });
});

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const ALL_TYPES = `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`;
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("pi-report --format md", () => {
  it("writes the transcript to standard output, images as one-line notes", async () => {
    const { code, stdout, stderr } = await runCli([ALL_TYPES, "--format", "md"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout.startsWith("# Renamed session\n")).toBe(true);
    expect(stdout).toContain("_Image (image/png, 70 bytes): write the report to a file (-o) to keep it._");
  });

  it("with -o writes the report and its images beside it, atomically, and links them", async () => {
    expect(readFileSync(ALL_TYPES, "utf8")).toContain(PNG_BASE64);
    const dir = mkdtempSync(join(tmpdir(), "pi-report-md-"));
    const out = join(dir, "report.md");
    const { code, stderr } = await runCli([ALL_TYPES, "--format", "md", "-o", out]);
    expect(code).toBe(0);
    expect(stderr).toBe(`pi-report: wrote ${out} and 1 image(s)\n`);
    expect(readFileSync(out, "utf8")).toContain(
      "![image (image/png, 70 bytes)](report.md.assets/img-001.png)",
    );
    expect(readFileSync(join(dir, "report.md.assets", "img-001.png"))).toEqual(
      Buffer.from(PNG_BASE64, "base64"),
    );
  });

  it("rewritten from a session with fewer images, leaves no image of the last report behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-md-"));
    const out = join(dir, "report.md");
    const assets = join(dir, "report.md.assets");
    expect((await runCli([ALL_TYPES, "--format", "md", "-o", out])).code).toBe(0);
    // As if an earlier report had had three images, and a file of the user's own sat beside them.
    writeFileSync(join(assets, "img-002.png"), "old");
    writeFileSync(join(assets, "img-003.jpg"), "old");
    writeFileSync(join(assets, "notes.txt"), "mine");
    expect((await runCli([ALL_TYPES, "--format", "md", "-o", out])).code).toBe(0);
    expect(readdirSync(assets).sort()).toEqual(["img-001.png", "notes.txt"]);
    // A session without images: the images go, and the folder with them once nothing else is in it.
    const none = `${FIXTURES}sessions/fork.jsonl`;
    expect((await runCli([none, "--format", "md", "-o", out])).code).toBe(0);
    expect(readdirSync(assets)).toEqual(["notes.txt"]);
    rmSync(join(assets, "notes.txt"));
    writeFileSync(join(assets, "img-001.png"), "old");
    expect((await runCli([none, "--format", "md", "-o", out])).code).toBe(0);
    expect(existsSync(assets)).toBe(false);
  });

  it("--summary writes a pull-request comment within GitHub's limit", async () => {
    const { code, stdout } = await runCli([
      `${CORPUS}real/pi-mono__before-compaction.jsonl`,
      "--format",
      "md",
      "--summary",
    ]);
    expect(code).toBe(0);
    expect(stdout.length).toBeLessThanOrEqual(6_000);
    expect(stdout).toMatch(/^## .+\n\n`pi-mono__before-compaction\.jsonl` · started /);
    expect(stdout).toContain("### Outcome\n\n> ");
    expect(stdout).toContain("### Commands run (");
  });

  it("--summary=full (or --summary full) writes the long summary, still within GitHub's limit", async () => {
    const file = `${CORPUS}real/pi-mono__before-compaction.jsonl`;
    const full = await runCli([file, "--summary=full"]);
    expect(full.code).toBe(0);
    expect(full.stdout.length).toBeGreaterThan(6_000);
    expect(full.stdout.length).toBeLessThanOrEqual(65_536);
    expect(full.stdout).toContain("### What was asked");
    expect((await runCli(["--summary", "full", file])).stdout).toBe(full.stdout);
    expect((await runCli([file, "--summary=short"])).stdout).toBe((await runCli([file, "--summary"])).stdout);
  });

  it("--summary before the session: the word after it is the session, not a form", async () => {
    const after = await runCli([ALL_TYPES, "--summary"]);
    const before = await runCli(["--summary", ALL_TYPES]);
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(after.stdout);
    const wrong = await runCli(["--summary", "long", ALL_TYPES]);
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toBe("pi-report: --summary takes short or full (or nothing: short), not `long`.\n");
  });

  it("--summary with another format is a usage error: one line, exit code 2", async () => {
    for (const [argv, format] of [
      [[ALL_TYPES, "--format", "json", "--summary"], "JSON"],
      [[ALL_TYPES, "--format", "html", "--summary"], "HTML"],
    ] as const) {
      const { code, stdout, stderr } = await runCli([...argv]);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `pi-report: --summary shapes Markdown for a pull-request comment, not ${format}: use --format md (or leave --format out).\n`,
      );
    }
  });

  it("--summary alone is Markdown: the same bytes as with --format md", async () => {
    const alone = await runCli([ALL_TYPES, "--summary"]);
    expect(alone.code).toBe(0);
    expect(alone.stdout).toBe((await runCli([ALL_TYPES, "--format", "md", "--summary"])).stdout);
  });

  it("writes the format -o's file name says when --format is not given; --format wins when it is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-ext-"));
    for (const name of ["r.md", "r.MARKDOWN", "r.json", "r.htm", "r.txt"]) {
      expect((await runCli([ALL_TYPES, "-o", join(dir, name)])).code).toBe(0);
    }
    const start = (name: string) => readFileSync(join(dir, name), "utf8").slice(0, 15);
    expect(start("r.md")).toMatch(/^# /);
    expect(start("r.MARKDOWN")).toMatch(/^# /);
    expect(JSON.parse(readFileSync(join(dir, "r.json"), "utf8")).schemaVersion).toBe(1);
    expect(start("r.htm")).toBe("<!DOCTYPE html>");
    expect(start("r.txt")).toBe("<!DOCTYPE html>");
    expect((await runCli([ALL_TYPES, "--format", "md", "-o", join(dir, "x.html")])).code).toBe(0);
    expect(start("x.html")).toMatch(/^# /);
  });

  it("never writes over its input", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-md-"));
    const input = join(dir, "session.jsonl");
    writeFileSync(input, readFileSync(`${FIXTURES}sessions/fork.jsonl`));
    const before = statSync(input).mtimeMs;
    const refused = await runCli([input, "--format", "md", "-o", input]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing to write the report over its own input/);
    expect(readFileSync(input)).toEqual(readFileSync(`${FIXTURES}sessions/fork.jsonl`));
    expect(statSync(input).mtimeMs).toBe(before);
  });

  it("takes Markdown templates from the markdown/ folder of --template, by file name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-md-templates-"));
    mkdirSync(join(dir, "markdown"));
    writeFileSync(join(dir, "markdown", "summary.hbs"), "Cost of {{{title}}}:\n\n{{{totals}}}\n");
    const { code, stdout } = await runCli([ALL_TYPES, "--format", "md", "--summary", "--template", dir]);
    expect(code).toBe(0);
    expect(stdout.startsWith("Cost of ## Renamed session:\n\n| Model ")).toBe(true);
    // The long summary is its own page, summary-full.hbs, with the full table.
    const fullDir = mkdtempSync(join(tmpdir(), "pi-report-md-templates-"));
    mkdirSync(join(fullDir, "markdown"));
    writeFileSync(
      join(fullDir, "markdown", "summary-full.hbs"),
      "Full cost of {{{title}}}:\n\n{{{totals}}}\n",
    );
    const full = await runCli([ALL_TYPES, "--summary=full", "--template", fullDir]);
    expect(full.stdout.startsWith("Full cost of ## Renamed session:\n\n| Usage ")).toBe(true);

    // A template longer than GitHub's limit by itself: the summary says it does not fit, and stays short.
    const long = mkdtempSync(join(tmpdir(), "pi-report-md-templates-"));
    mkdirSync(join(long, "markdown"));
    writeFileSync(join(long, "markdown", "summary.hbs"), `${"x".repeat(70_000)}\n{{{title}}}\n`);
    const fallback = await runCli([ALL_TYPES, "--format", "md", "--summary", "--template", long]);
    expect(fallback.stdout).toBe(
      "## Renamed session\n\n_This session's summary does not fit in a GitHub comment; pi-report --format md writes the whole transcript._\n",
    );

    const empty = mkdtempSync(join(tmpdir(), "pi-report-md-templates-"));
    const refused = await runCli([ALL_TYPES, "--format", "md", "--template", empty]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /holds nothing for the Markdown report: its files \(full\.hbs, .*\) go in .*markdown\/\.\n$/,
    );
  });
});

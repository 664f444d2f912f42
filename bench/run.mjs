// `npm run bench`: pi-session-report side by side with Pi 1.6's own export (on Node 22), pi-transcript and the
// floor, in one run on one machine (issues 7 and 26). Prints the figures and the targets, and writes them to
// bench/.work/results.json.
//   node bench/run.mjs [--runs N] [--only tool,tool] [--quick] [--pieces piece,piece]
// Tools: floor json html md pi-export pi-transcript archive open machinery. See bench/README.md.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensurePi16 } from "../scripts/pi16/install.mjs";
import { generateArchive } from "./generate-archive.mjs";
import { generateBenchSession } from "./generate-session.mjs";
import { CORPUS_DIR, LARGEST_REAL_FILE, largeCorpusFiles } from "./lib/corpus.mjs";
import { MACHINERY_ROUNDS, measureMachinery } from "./lib/machinery.mjs";
import { median, RSS_METHOD, runOnce, sizeOf } from "./lib/measure.mjs";
import { CHROMIUM, chromiumAvailable, openInChromium } from "./lib/open-in-chromium.mjs";
import { ensurePeers } from "./lib/peers.mjs";
import { evaluateTargets, renderResults } from "./lib/report.mjs";

const here = (/** @type {string} */ path) => fileURLToPath(new URL(path, import.meta.url));
const WORK = here(".work/");
const OUT = join(WORK, "out");
// BENCH_CLI measures another build of pi-report (e.g. a checkout of main) with the same harness.
const CLI = process.env.BENCH_CLI ?? here("../dist/bin/pi-report.js");
const NODE = process.execPath;

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    // One run per figure, and of the corpus files of 1 MB or more only the largest real one.
    quick: { type: "boolean", default: false },
    // The machinery tool measures only these pieces (comma-separated names from src/speed/pieces.ts).
    pieces: { type: "string" },
  },
});
const RUNS = options.quick ? 1 : Math.max(1, Number(options.runs));
const only = options.only?.split(",");
const wanted = (/** @type {string} */ tool) =>
  only === undefined || only.some((name) => tool.startsWith(name));

const LOAD_AT_START = loadavg()[0]?.toFixed(2) ?? "?";
const BUILD = describeBuild();
const peers = ensurePeers();
// Pi 1.6 needs Node 22; both come from npm into scripts/pi16/.peers/ (git-ignored), installed on first use.
const pi16 = ensurePi16();
const NODE22 = pi16.node22;
const NODE22_VERSION = execFileSync(NODE22, ["--version"], { encoding: "utf8" }).trim();
const generated = generateOnce(join(WORK, "data"), (dir) => generateBenchSession(dir));
const archive = wanted("archive")
  ? generateOnce(join(WORK, "archive"), (dir) => generateArchive(join(dir, "sessions")))
  : undefined;
const inputs = [
  {
    key: "bench-session",
    label: `generated: the corpus chained, ${generated.entries} entries, ${generated.branches} branches`,
    path: generated.session,
  },
  {
    key: "largest-real",
    label: "real/pi-mono__before-compaction.jsonl as it is (v1)",
    path: LARGEST_REAL_FILE,
  },
  // The targets for the time to a readable report hold for every corpus file of 1 MB or more.
  ...(options.quick ? [] : largeCorpusFiles())
    .filter((path) => path !== LARGEST_REAL_FILE)
    .map((path) => ({
      key: path.slice(CORPUS_DIR.length).replace(/\.jsonl$/, ""),
      label: "corpus file of 1 MB or more",
      path,
      htmlOnly: true,
    })),
];
// Pi reads its settings from PI_CODING_AGENT_DIR: an empty one here, never the user's; and no network at startup.
// Pi 1.6 also checks for updates and sends telemetry unless told not to.
const env = {
  ...process.env,
  PI_OFFLINE: "1",
  PI_SKIP_VERSION_CHECK: "1",
  PI_TELEMETRY: "0",
  PI_CODING_AGENT_DIR: join(WORK, "pi-agent"),
  NO_COLOR: "1",
};
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

/**
 * Runs a generator into `dir` unless its output there came from the same generator code already (others may be
 * reading the archive while the bench runs; and 1,000 files need not be written again).
 * @template T
 * @param {string} dir
 * @param {(dir: string) => T} generate
 * @returns {T}
 */
function generateOnce(dir, generate) {
  const code = ["generate-session.mjs", "generate-archive.mjs", "lib/corpus.mjs", "lib/random.mjs"];
  const hash = createHash("sha256").update(dir);
  for (const file of code) hash.update(readFileSync(here(file)));
  const key = hash.digest("hex");
  const stampPath = join(dir, ".generated.json");
  const stamp = existsSync(stampPath) ? JSON.parse(readFileSync(stampPath, "utf8")) : {};
  if (stamp.key === key) return stamp.summary;
  console.error(`bench: generating ${dir} ...`);
  const summary = generate(dir);
  writeFileSync(stampPath, JSON.stringify({ key, summary }));
  return summary;
}

/** The commit measured, and whether src/ or templates/ differed from it (a build of work in progress). */
function describeBuild() {
  const git = (/** @type {string[]} */ args) =>
    execFileSync("git", args, { cwd: here(".."), encoding: "utf8", stdio: "pipe" }).trim();
  try {
    const dirty = git(["status", "--porcelain", "--", "src", "templates"]) !== "";
    return `${git(["rev-parse", "--short", "HEAD"])}${dirty ? " + uncommitted changes in src/ or templates/" : ""}`;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/**
 * Our CLI answers an unknown --format or subcommand with exit code 2 and commander's message: that tool is not
 * built yet, which is a row in the table, not a failure of the bench.
 * @param {import("./lib/measure.mjs").RunResult} run
 */
const notBuiltYet = (run) =>
  run.code === 2 &&
  /is invalid|Allowed choices|too many arguments|unknown (command|option)/i.test(run.stderr);

/**
 * @typedef {{ tool: string, input: string, command: string, args: string[], output: string, prepare?: () => void }}
 *   Case
 */

/**
 * Measures `cases` side by side: a warm-up round (which also finds the tools not built yet), then RUNS rounds in
 * each of which every case runs once, in order. Interleaving keeps the ratios fair when the machine's load drifts.
 * Medians of wall time and peak RSS; the size of what each wrote.
 * @param {Case[]} cases
 * @returns {Promise<import("./lib/report.mjs").Measurement[]>}
 */
async function measureTogether(cases) {
  /** @type {Map<Case, import("./lib/report.mjs").Measurement>} */
  const results = new Map(cases.map((c) => [c, { tool: c.tool, input: c.input, status: "ok", samples: [] }]));
  for (let round = 0; round <= RUNS; round++) {
    console.error(
      `bench: ${cases[0]?.input} ${round === 0 ? "warm-up round" : `round ${round} of ${RUNS}`} ...`,
    );
    for (const c of cases) {
      const result = /** @type {import("./lib/report.mjs").Measurement} */ (results.get(c));
      if (result.status !== "ok") continue;
      c.prepare?.();
      const run = await runOnce(c.command, c.args, env);
      if (run.code !== 0) {
        result.status = notBuiltYet(run) ? "not built yet" : "failed";
        result.note = run.stderr.trim().split("\n")[0] || `exit code ${run.code}`;
      } else if (round > 0) result.samples.push({ wallMs: run.wallMs, rssMb: run.rssMb });
    }
  }
  for (const [c, result] of results) {
    if (result.status !== "ok") continue;
    result.wallMs = median(result.samples.map((s) => s.wallMs));
    result.rssMb = median(result.samples.map((s) => s.rssMb));
    result.outputBytes = sizeOf(c.output);
  }
  return [...results.values()];
}

/** @type {import("./lib/report.mjs").Measurement[]} */
const measurements = [];
/** @type {import("./lib/report.mjs").Opening[]} */
const openings = [];

for (const { key, path, htmlOnly } of inputs) {
  const out = (/** @type {string} */ name) => join(OUT, `${key.replaceAll("/", "__")}.${name}`);
  /** @type {Case[]} */
  const cases = [{ tool: "floor", input: key, command: NODE, args: [here("floor.mjs"), path], output: "" }];
  for (const format of ["json", "html", "md"]) {
    const output = out(`ours.${format}`);
    cases.push({
      tool: format,
      input: key,
      command: NODE,
      args: [CLI, path, "--format", format, "-o", output],
      output,
    });
  }
  // The same CLI on Node 22 (the generation target holds on Node 20 and on Node 22).
  cases.push({
    tool: "html (node 22)",
    input: key,
    command: NODE22,
    args: [CLI, path, "--format", "html", "-o", out("ours-node22.html")],
    output: out("ours-node22.html"),
  });
  // Like for like with pi-transcript: no redaction, nothing highlighted (information, no target).
  cases.push({
    tool: "html (like for like)",
    input: key,
    command: NODE,
    args: [here("like-for-like.mjs"), path, out("ours-like-for-like.html")],
    output: out("ours-like-for-like.html"),
  });
  // Pi rewrites v1/v2 files in place when it opens them: it gets a fresh copy every run.
  const copy = out("pi-input.jsonl");
  cases.push({
    tool: "pi-export",
    input: key,
    command: NODE22,
    args: [pi16.piCli, "--export", copy, out("pi-export.html")],
    output: out("pi-export.html"),
    prepare: () => copyFileSync(path, copy),
  });
  cases.push({
    tool: "pi-transcript",
    input: key,
    command: peers.piTranscript,
    args: [path, "-o", out("pi-transcript"), "--no-open"],
    output: out("pi-transcript"),
    prepare: () => rmSync(out("pi-transcript"), { recursive: true, force: true }),
  });
  // For the other large corpus files only what the time to a readable report needs.
  const needed = (/** @type {Case} */ c) => !htmlOnly || c.tool === "html" || c.tool === "pi-export";
  const selected = cases.filter((c) => wanted(c.tool) && needed(c));
  if (selected.length > 0) measurements.push(...(await measureTogether(selected)));
}

if (archive) {
  const site = join(OUT, "archive-site");
  const args = [CLI, "archive", archive.root, "-o", site];
  const first = { tool: "archive (first run)", input: "archive", command: NODE, args, output: site };
  // Each round: a first run into an empty folder, then a re-run over what it just wrote.
  const rerun = { ...first, tool: "archive (unchanged re-run)" };
  measurements.push(
    ...(await measureTogether([
      { ...first, prepare: () => rmSync(site, { recursive: true, force: true }) },
      rerun,
    ])),
  );
}

/**
 * Opens a page a case wrote in headless Chromium, RUNS times after one warm-up.
 * @param {string} input
 * @param {string} tool
 * @param {string | null} contentSelector see openInChromium
 * @returns {Promise<import("./lib/report.mjs").Opening>}
 */
async function measureOpening(input, tool, contentSelector) {
  const built = measurements.find((m) => m.tool === tool && m.input === input);
  if (!chromiumAvailable()) return { tool, input, status: "failed", note: `no ${CHROMIUM}`, samples: [] };
  if (built?.status !== "ok")
    return { tool, input, status: built?.status ?? "failed", note: "no page", samples: [] };
  console.error(`bench: opening ${tool} of ${input} in Chromium ...`);
  const page = join(
    OUT,
    `${input.replaceAll("/", "__")}.${tool === "html" ? "ours.html" : "pi-export.html"}`,
  );
  const samples = await openInChromium(page, { runs: RUNS, contentSelector });
  const error = samples.find((s) => s.error !== null)?.error;
  if (error) return { tool, input, status: "failed", note: error, samples };
  const loadMs = median(samples.map((s) => s.loadMs));
  return {
    tool,
    input,
    status: "ok",
    samples,
    loadMs,
    shownMs: median(samples.map((s) => Number(s.shownMs))),
  };
}

if (wanted("open")) {
  for (const { key } of inputs) {
    // Pi's page renders itself from embedded data into #messages; ours is static HTML (content shown = load).
    openings.push(await measureOpening(key, "pi-export", "#messages > *"));
    openings.push(await measureOpening(key, "html", null));
  }
}

// Last: each piece of speed machinery with it and without it, on the bench session and the largest real file.
const machinery = wanted("machinery")
  ? await measureMachinery({
      cli: CLI,
      node: NODE,
      node22: NODE22,
      inputs: inputs.filter((input) => input.key === "bench-session" || input.key === "largest-real"),
      rounds: options.quick ? 1 : Math.max(RUNS, MACHINERY_ROUNDS),
      env,
      outDir: join(OUT, "machinery"),
      only: options.pieces?.split(","),
      log: (line) => console.error(line),
    })
  : undefined;

/** @type {import("./lib/report.mjs").Results} */
const results = {
  date: execFileSync("date", { encoding: "utf8" }).trim(),
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "?",
    memory: `${Math.round(totalmem() / 1024 ** 3)} GiB`,
    node: process.version,
    "node 22 (Pi 1.6, and our CLI's Node 22 row)": NODE22_VERSION,
    // Other work on the machine skews wall times; this says how busy it was.
    "load average (1 min) at start": LOAD_AT_START,
    "at end": loadavg()[0]?.toFixed(2) ?? "?",
    chromium: chromiumAvailable()
      ? execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: "pipe" }).trim()
      : "none",
  },
  build: BUILD,
  rssMethod: RSS_METHOD === "gnu-time" ? "GNU time (%M)" : "process.resourceUsage() probe",
  runs: RUNS,
  peers: {
    "@earendil-works/pi-coding-agent": pi16.version,
    "@psg2/pi-transcript": peers.versions["@psg2/pi-transcript"] ?? "?",
  },
  inputs: [
    ...inputs.map(({ key, label, path }) => ({ key, label, bytes: sizeOf(path) })),
    ...(archive
      ? [
          {
            key: "archive",
            label: `${archive.sessions} generated sessions, ${archive.forks} forks`,
            bytes: archive.bytes,
          },
        ]
      : []),
  ],
  measurements,
  openings,
  machinery,
  targets: evaluateTargets(
    measurements,
    openings,
    inputs.map((input) => input.key),
    machinery,
  ),
};
writeFileSync(join(WORK, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
// Kept apart too: a later run without the machinery (`--only html,...`) leaves it for write-benchmarks.mjs.
if (machinery !== undefined) {
  /** @type {import("./lib/report.mjs").MachineryRun} */
  const run = {
    date: results.date,
    build: BUILD,
    load: `${LOAD_AT_START} at start, ${results.machine["at end"]} at end`,
    rounds: options.quick ? 1 : Math.max(RUNS, MACHINERY_ROUNDS),
  };
  writeFileSync(join(WORK, "machinery.json"), `${JSON.stringify({ run, machinery }, null, 2)}\n`);
}
console.log(renderResults(results));
console.error(
  `\nbench: wrote ${join(WORK, "results.json")}; node bench/write-benchmarks.mjs puts it in BENCHMARKS.md`,
);

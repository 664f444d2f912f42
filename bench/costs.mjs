// `pi-report costs` beside `ccusage pi daily` on the same sessions folder (issue 36): the first run (an empty
// cache), an unchanged re-run, ccusage 20's `ccusage pi daily` and @ccusage/pi 18's `ccusage-pi daily`, run in
// interleaved rounds (each round starts one further along), each under GNU time (wall, user + sys CPU, peak RSS),
// with the load average at each start: the machine is shared, and CPU time is the steadier figure.
//   npm run build && node bench/costs.mjs [--runs 5] [--sessions <folder>]
// The folder defaults to generate-archive.mjs's 1,000 sessions (bench/.work/archive/sessions). Then the totals
// each tool gives for it, for docs/costs.md.
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateArchive } from "./generate-archive.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PINNED = join(ROOT, "bench/ccusage");
const INSTALLED = join(ROOT, "bench/.ccusage");
const CLI = join(ROOT, "dist/bin/pi-report.js");

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const runs = Number(flag("--runs", "3"));
const folder = flag("--sessions", join(ROOT, "bench/.work/archive/sessions"));

const read = (path) => (existsSync(path) ? readFileSync(path, "utf8") : "");

/**
 * Installs the pinned ccusage packages into bench/.ccusage unless that lock is installed there. `npm install`
 * with the lock, not `npm ci`: ccusage's binaries for other platforms are optional dependencies the registry
 * does not serve for 20.0.24, so the lock holds only Linux x64's, and `npm ci` refuses a lock without them.
 */
function ensureCcusage() {
  const lock = read(join(PINNED, "package-lock.json"));
  if (
    lock !== read(join(INSTALLED, "package-lock.json")) ||
    !existsSync(join(INSTALLED, "node_modules/.bin/ccusage"))
  ) {
    mkdirSync(INSTALLED, { recursive: true });
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(join(PINNED, file), join(INSTALLED, file));
    console.error("bench: installing ccusage into bench/.ccusage (npm install) ...");
    execFileSync("npm", ["install", "--prefix", INSTALLED, "--ignore-scripts", "--no-audit", "--no-fund"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const version = (name) => JSON.parse(read(join(INSTALLED, "node_modules", name, "package.json"))).version;
  return {
    ccusage: join(INSTALLED, "node_modules/.bin/ccusage"),
    ccusagePi: join(INSTALLED, "node_modules/@ccusage/pi/dist/index.js"),
    versions: { ccusage: version("ccusage"), "@ccusage/pi": version("@ccusage/pi") },
  };
}

/** One run under GNU time: wall and CPU seconds, peak RSS in MiB, and the 1-minute load when it started. */
function timed(command, args, env, cwd) {
  const load = loadavg()[0];
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", command, ...args], {
    env: { ...process.env, ...env },
    cwd,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr.slice(-2000)}`);
  const [wall, user, sys, rss] = result.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return { wall, cpu: user + sys, rss: rss / 1024, load, stdout: result.stdout };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

if (!existsSync(folder)) {
  console.error(`bench: generating 1,000 sessions into ${folder} ...`);
  generateArchive(folder, 1000);
}
const peers = ensureCcusage();
const scratch = mkdtempSync(join(tmpdir(), "pi-report-costs-bench-"));
const warm = join(scratch, "warm-cache");
const utc = { TZ: "UTC", NO_COLOR: "1" };
const ours = ["costs", folder, "--tz", "UTC"];
// The re-run's cache, made once; every first run gets an empty cache of its own.
timed(process.execPath, [CLI, ...ours], { ...utc, XDG_CACHE_HOME: warm }, scratch);
const commands = [
  [
    "pi-report costs, first run",
    () => [process.execPath, [CLI, ...ours], { XDG_CACHE_HOME: mkdtempSync(join(scratch, "cache-")) }],
  ],
  ["pi-report costs, unchanged re-run", () => [process.execPath, [CLI, ...ours], { XDG_CACHE_HOME: warm }]],
  [
    `ccusage pi daily (ccusage ${peers.versions.ccusage})`,
    () => [peers.ccusage, ["pi", "daily", "--pi-path", folder, "--offline", "-z", "UTC"], {}],
  ],
  [
    `ccusage-pi daily (@ccusage/pi ${peers.versions["@ccusage/pi"]})`,
    () => [process.execPath, [peers.ccusagePi, "daily", "--piPath", folder], {}],
  ],
];
const results = new Map(commands.map(([name]) => [name, []]));
for (let round = 0; round < runs; round += 1) {
  for (let step = 0; step < commands.length; step += 1) {
    const [name, make] = commands[(round + step) % commands.length];
    const [command, args, env] = make();
    results.get(name).push(timed(command, args, { ...utc, ...env }, scratch));
  }
}
const lines = [
  `${runs} interleaved rounds on ${folder} (${process.version}); medians; load: the 1-minute load average at the runs' starts.`,
  "",
  "| command | wall | CPU (user + sys) | peak RSS | load |",
  "| --- | --- | --- | --- | --- |",
  ...[...results].map(([name, all]) => {
    const loads = all.map((run) => run.load);
    return `| ${name} | ${median(all.map((r) => r.wall)).toFixed(2)} s | ${median(all.map((r) => r.cpu)).toFixed(2)} s | ${median(all.map((r) => r.rss)).toFixed(0)} MiB | ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} |`;
  }),
];
console.log(lines.join("\n"));

// The totals each gives for the folder, for docs/costs.md.
const json = (command, args, env) => JSON.parse(timed(command, args, { ...utc, ...env }, scratch).stdout);
const ourJson = json(process.execPath, [CLI, ...ours, "--json"], { XDG_CACHE_HOME: warm });
const cc = json(peers.ccusage, ["pi", "daily", "--pi-path", folder, "--offline", "-z", "UTC", "--json"], {});
const ccPi = json(process.execPath, [peers.ccusagePi, "daily", "--piPath", folder, "--json"], {});
const tokens = (t) => t.inputTokens + t.outputTokens + t.cacheCreationTokens + t.cacheReadTokens;
const totals = {
  "pi-report costs": {
    days: ourJson.rows.length,
    tokens: ourJson.total.total.totalTokens,
    cost: ourJson.total.total.cost,
    unpricedTokens: ourJson.total.total.unpricedTokens,
    subagentCost: ourJson.total.subagent.cost,
    deduplicatedCost: ourJson.deduplicated.usage.cost,
  },
  "ccusage pi daily": { days: cc.daily.length, tokens: tokens(cc.totals), cost: cc.totals.totalCost },
  "ccusage-pi daily": { days: ccPi.daily.length, tokens: tokens(ccPi.totals), cost: ccPi.totals.totalCost },
};
console.log(JSON.stringify(totals, null, 2));
mkdirSync(join(ROOT, "bench/.work"), { recursive: true });
writeFileSync(
  join(ROOT, "bench/.work/costs-results.json"),
  JSON.stringify({ results: [...results], totals }, null, 2),
);
rmSync(scratch, { recursive: true, force: true });

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const GNU_TIME = "/usr/bin/time";
const RSS_PROBE = fileURLToPath(new URL("./rss-probe.cjs", import.meta.url));

/**
 * How peak RSS is read. GNU time's `%M` is the child's ru_maxrss from wait4(): the largest resident set the process
 * (or the largest of its waited-for descendants) ever had, read by the kernel with no sampling. Without GNU time
 * (macOS, or Debian without the `time` package) a `--require`d probe records `process.resourceUsage().maxRSS`
 * (the same kernel counter) as the Node process exits: right for every command here, which are all Node programs.
 * `BENCH_RSS_METHOD=node-probe` forces the probe.
 * @type {"gnu-time" | "node-probe"}
 */
export const RSS_METHOD =
  process.env.BENCH_RSS_METHOD !== "node-probe" && hasGnuTime() ? "gnu-time" : "node-probe";

function hasGnuTime() {
  const probe = spawnSync(GNU_TIME, ["-f", "%M", "true"], { encoding: "utf8" });
  return probe.status === 0 && /^\d+$/.test(probe.stderr.trim());
}

/**
 * @typedef {{ code: number | null, wallMs: number, rssMb: number, stderr: string }} RunResult
 */

/**
 * Runs `command args` once; wall time from spawn to exit, measured here; peak RSS as `RSS_METHOD` says.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<RunResult>}
 */
export function runOnce(command, args, env) {
  const scratch = mkdtempSync(join(tmpdir(), "pi-report-bench-"));
  const rssFile = join(scratch, "rss");
  const [file, argv, childEnv] =
    RSS_METHOD === "gnu-time"
      ? [GNU_TIME, ["-f", "%M", "-o", rssFile, command, ...args], env]
      : [
          command,
          args,
          {
            ...env,
            BENCH_RSS_FILE: rssFile,
            NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --require "${RSS_PROBE}"`,
          },
        ];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(file, argv, { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      let rssKb = Number.NaN;
      try {
        // GNU time writes "Command exited with non-zero status N" before the figure when the command fails.
        rssKb = Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1));
      } catch {
        // No figure: the process died before writing one; NaN shows up as "?" in the table.
      }
      rmSync(scratch, { recursive: true, force: true });
      resolve({ code, wallMs, rssMb: rssKb / 1024, stderr });
    });
  });
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? (Number(sorted[middle - 1]) + Number(sorted[middle])) / 2
    : Number(sorted[Math.floor(middle)]);
}

/**
 * Bytes in a file, or in every file under a folder; NaN when there is nothing there.
 * @param {string} path
 * @returns {number}
 */
export function sizeOf(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return Number.NaN;
  }
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

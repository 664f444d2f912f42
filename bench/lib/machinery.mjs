// The `machinery` tool of the bench (issue 26, "speed machinery pays for itself"): every piece of speed machinery
// that src/speed/pieces.ts names, measured end to end with it and with the library path it replaced
// (`PI_REPORT_SPEED_OFF=<piece>`), interleaved, on the bench session and the largest real file.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median, runOnce } from "./measure.mjs";

/** The variable that switches pieces off (src/speed/pieces.ts). */
const SPEED_OFF = "PI_REPORT_SPEED_OFF";

/** Rounds (pairs of with and without) the machinery is measured in unless `--runs` asks for more: a 5% verdict
 * needs more than the bench's default 3 on a shared machine. */
export const MACHINERY_ROUNDS = 7;

/** A piece stays when it saves at least this share of the end-to-end time on one of the inputs (issue 26). */
export const KEEP_AT_PERCENT = 5;

/**
 * @typedef {{ input: string, format: string, node: string, withMs: number, withoutMs: number, gainPercent: number,
 *   sameBytes: boolean, sameText: boolean }} PieceFigure
 *   `gainPercent`: the time the piece saves, as a share of the time without it: (without - with) / without.
 * @typedef {{ piece: string, description: string, colours: boolean, required?: string, status: "ok" | "failed", note?: string, figures: PieceFigure[],
 *   verdict: string }} PieceResult
 */

/**
 * The pieces as the build measured lists them: read from its dist/ at run time, so a piece removed from
 * src/speed/pieces.ts leaves the table by itself. `cli` is the build's dist/bin/pi-report.js.
 * @param {string} cli
 * @returns {Promise<Record<string, string>>}
 */
export async function speedPieces(cli) {
  const module = await import(pathToFileURL(join(cli, "../../speed/pieces.js")).href);
  return module.SPEED_PIECES;
}

/**
 * Which reports a piece is measured on, and by which Node: what its entry in SPEED_PIECES says it serves, on
 * Node 22 where it does anything only there (the compile cache), else on the bench's own Node.
 * @param {import("../../dist/speed/pieces.js").SpeedPieceInfo} info
 * @param {{ node: string, node22: string }} runtimes
 */
export function measuredOn(info, { node, node22 }) {
  return { formats: [...info.serves], node: info.node22Only ? node22 : node };
}

/**
 * Measures every piece (or those `only` names). For each input, report format and Node binary that some piece needs, one group of
 * commands: the CLI with nothing off, and with each of those pieces off. A warm-up round (file cache, Node 22's
 * compile cache), then `rounds` rounds in each of which every command of the group runs once, starting one further
 * along each round; medians.
 * @param {{ cli: string, node: string, node22: string, inputs: { key: string, path: string }[], rounds: number,
 *   env: NodeJS.ProcessEnv, outDir: string, log: (line: string) => void, only?: string[] }} options
 * @returns {Promise<PieceResult[]>}
 */
export async function measureMachinery({ cli, node, node22, inputs, rounds, env, outDir, log, only }) {
  const pieces = Object.fromEntries(
    Object.entries(await speedPieces(cli)).filter(([piece]) => only === undefined || only.includes(piece)),
  );
  mkdirSync(outDir, { recursive: true });
  const { [SPEED_OFF]: _ignored, ...baseEnv } = env;
  /** @type {Map<string, PieceResult>} */
  const results = new Map(
    Object.entries(pieces).map(([piece, { description, colours = false, required }]) => [
      piece,
      { piece, description, colours, required, status: "ok", figures: [], verdict: "" },
    ]),
  );
  /** @type {Map<string, { node: string, format: string, pieces: string[] }>} */
  const groups = new Map();
  for (const [piece, info] of Object.entries(pieces)) {
    const on = measuredOn(info, { node, node22 });
    for (const format of on.formats) {
      const key = `${on.node}\0${format}`;
      const group = groups.get(key) ?? { node: on.node, format, pieces: [] };
      group.pieces.push(piece);
      groups.set(key, group);
    }
  }
  for (const input of inputs) {
    for (const group of groups.values()) {
      const nodeName = group.node === node ? "node" : "node 22";
      // Each run in a folder of its own under the same file name: a Markdown report names its assets folder
      // after itself, and the bytes of two runs are compared.
      const out = (/** @type {string} */ off) => {
        const dir = join(outDir, `${input.key}.${nodeName.replace(" ", "")}.${off}`);
        mkdirSync(dir, { recursive: true });
        return join(dir, `report.${group.format}`);
      };
      const runs = [null, ...group.pieces].map((off) => ({
        off,
        output: out(off ?? "none"),
        env: off === null ? baseEnv : { ...baseEnv, [SPEED_OFF]: off },
        /** @type {number[]} */
        samples: [],
        failed: /** @type {string | null} */ (null),
      }));
      for (let round = 0; round <= rounds; round++) {
        log(
          `bench: machinery, ${input.key} ${group.format} on ${nodeName}, ${round === 0 ? "warm-up round" : `round ${round} of ${rounds}`} ...`,
        );
        const start = round % runs.length;
        for (const run of [...runs.slice(start), ...runs.slice(0, start)]) {
          if (run.failed !== null) continue;
          const args = [cli, input.path, "--format", group.format, "-o", run.output];
          const result = await runOnce(group.node, args, run.env);
          if (result.code !== 0)
            run.failed = result.stderr.trim().split("\n")[0] || `exit code ${result.code}`;
          else if (round > 0) run.samples.push(result.wallMs);
        }
      }
      const [base, ...offs] = runs;
      for (const run of offs) {
        const piece = /** @type {PieceResult} */ (results.get(/** @type {string} */ (run.off)));
        const failure = base?.failed ?? run.failed;
        if (failure !== null || base === undefined) {
          piece.status = "failed";
          piece.note = `${input.key} ${group.format}: ${failure}`;
          continue;
        }
        const withMs = median(base.samples);
        const withoutMs = median(run.samples);
        piece.figures.push({
          input: input.key,
          format: group.format,
          node: nodeName,
          withMs,
          withoutMs,
          gainPercent: ((withoutMs - withMs) / withoutMs) * 100,
          sameBytes: sameBytes(base.output, run.output),
          sameText: sameText(base.output, run.output),
        });
      }
    }
  }
  for (const piece of results.values()) piece.verdict = machineryVerdict(piece);
  return [...results.values()];
}

/** @param {string} a @param {string} b */
function sameBytes(a, b) {
  if (!existsSync(a) || !existsSync(b)) return false;
  const digest = (/** @type {string} */ path) =>
    createHash("sha256").update(readFileSync(path)).digest("hex");
  return digest(a) === digest(b);
}

/** @param {string} a @param {string} b */
function sameText(a, b) {
  if (!existsSync(a) || !existsSync(b)) return false;
  const text = (/** @type {string} */ path) => readFileSync(path, "utf8").replace(/<[^>]*>/g, "");
  return text(a) === text(b);
}

/**
 * "keep" where the piece gains KEEP_AT_PERCENT or more on one input (and format), or is required, else "remove";
 * a piece whose switched-off path wrote other bytes is broken whatever it gains, but for a highlighter of our
 * own (`colours`), whose colours may differ from the grammar's while the text stays the same.
 * @param {PieceResult} piece
 */
export function machineryVerdict(piece) {
  if (piece.status !== "ok") return "not measurable";
  if (piece.figures.some((figure) => !figure.sameBytes && !(piece.colours && figure.sameText)))
    return "BROKEN: other bytes with it off";
  if (piece.required !== undefined) return `keep (required: ${piece.required})`;
  const best = Math.max(...piece.figures.map((figure) => figure.gainPercent));
  return best >= KEEP_AT_PERCENT ? "keep" : "remove";
}

// Turns the results of a bench run into the targets of issue 7 and into Markdown tables (printed by run.mjs,
// written into BENCHMARKS.md by write-benchmarks.mjs).

/**
 * @typedef {{ wallMs: number, rssMb: number }} Sample
 * @typedef {{ tool: string, input: string, status: "ok" | "not built yet" | "failed", note?: string,
 *   samples: Sample[], wallMs?: number, rssMb?: number, outputBytes?: number }} Measurement
 * @typedef {{ tool: string, input: string, status: "ok" | "not built yet" | "failed", note?: string,
 *   samples: { loadMs: number, shownMs: number | null }[], loadMs?: number, shownMs?: number }} Opening
 * @typedef {{ target: string, input: string, measured: string, verdict: string }} TargetRow
 * @typedef {{ date: string, command: string, machine: Record<string, string | number>, build: string,
 *   rssMethod: string, runs: number, peers: Record<string, string>, inputs: { key: string, label: string, bytes: number }[],
 *   measurements: Measurement[], openings: Opening[], targets: TargetRow[] }} Results
 */

const MIB = 1024 * 1024;
/** @param {number | undefined} ms */
const time = (ms) =>
  ms === undefined ? "" : ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
/** @param {number | undefined} mb */
const memory = (mb) => (typeof mb !== "number" || Number.isNaN(mb) ? "" : `${Math.round(mb)} MiB`);
/** @param {number | undefined} bytes */
const size = (bytes) =>
  typeof bytes !== "number" || Number.isNaN(bytes) ? "" : `${(bytes / MIB).toFixed(2)} MiB`;
/** @param {number} value */
const ratio = (value) => `${value.toFixed(2)}×`;

/**
 * The targets of issue 7, each as measured in this run (or why it could not be).
 * @param {Measurement[]} measurements
 * @param {Opening[]} openings
 * @param {string[]} inputs input keys; the first is the ~20 MB bench session the targets are stated for
 * @returns {TargetRow[]}
 */
export function evaluateTargets(measurements, openings, inputs) {
  /** @param {string} tool @param {string} input */
  const find = (tool, input) => measurements.find((m) => m.tool === tool && m.input === input);
  /** @param {Measurement | Opening | undefined} m */
  const missing = (m) =>
    m === undefined
      ? "not run"
      : `not measurable: ${m.tool} ${m.status}${m.status === "failed" && m.note ? ` (${m.note})` : ""}`;
  /** @type {TargetRow[]} */
  const rows = [];
  /**
   * @param {string} target @param {string} input @param {Measurement | Opening | undefined} ours
   * @param {Measurement | Opening | undefined} theirs @param {() => [string, boolean]} compare
   */
  const add = (target, input, ours, theirs, compare) => {
    const usable = (/** @type {Measurement | Opening | undefined} */ m) => m?.status === "ok";
    if (!usable(ours)) rows.push({ target, input, measured: "", verdict: missing(ours) });
    else if (!usable(theirs)) rows.push({ target, input, measured: "", verdict: missing(theirs) });
    else {
      const [measured, met] = compare();
      rows.push({ target, input, measured, verdict: met ? "met" : "MISSED" });
    }
  };
  for (const input of inputs) {
    const floor = find("floor", input);
    const json = find("json", input);
    add("JSON report ≤ 2× the floor (wall)", input, json, floor, () => {
      const r = /** @type {number} */ (json?.wallMs) / /** @type {number} */ (floor?.wallMs);
      return [ratio(r), r <= 2];
    });
  }
  for (const input of inputs) {
    const html = find("html", input);
    const pi = find("pi-export", input);
    const transcript = find("pi-transcript", input);
    add("HTML faster than Pi's export (wall)", input, html, pi, () => {
      const r = /** @type {number} */ (html?.wallMs) / /** @type {number} */ (pi?.wallMs);
      return [ratio(r), r < 1];
    });
    add("HTML ≤ 2× pi-transcript (wall)", input, html, transcript, () => {
      const r = /** @type {number} */ (html?.wallMs) / /** @type {number} */ (transcript?.wallMs);
      return [ratio(r), r <= 2];
    });
    add("HTML peak RSS < 400 MB", input, html, html, () => [
      memory(html?.rssMb),
      /** @type {number} */ (html?.rssMb) * MIB < 400e6,
    ]);
    add("HTML size ≤ Pi's export", input, html, pi, () => {
      const r = /** @type {number} */ (html?.outputBytes) / /** @type {number} */ (pi?.outputBytes);
      return [ratio(r), r <= 1];
    });
    const ourOpening = openings.find((o) => o.tool === "html" && o.input === input);
    const piOpening = openings.find((o) => o.tool === "pi-export" && o.input === input);
    const opening = "Opening: our load event ≤ ½ the time Pi's export takes to show its content";
    if (ourOpening?.status === "ok" && piOpening?.status === "failed") {
      // Pi's page can fail to render at all (see BENCHMARKS.md): there is no time to halve.
      const verdict = `not comparable: Pi's export ${piOpening.note}`;
      rows.push({ target: opening, input, measured: `ours ${time(ourOpening.loadMs)}`, verdict });
      continue;
    }
    add(opening, input, ourOpening, piOpening, () => {
      const r = /** @type {number} */ (ourOpening?.loadMs) / /** @type {number} */ (piOpening?.shownMs);
      return [ratio(r), r <= 0.5];
    });
  }
  const first = find("archive (first run)", "archive");
  add("Archive of 1,000 sessions < 60 s", "archive", first, first, () => [
    time(first?.wallMs),
    Number(first?.wallMs) < 60_000,
  ]);
  const again = find("archive (unchanged re-run)", "archive");
  add("Archive unchanged re-run < 5 s", "archive", again, again, () => [
    time(again?.wallMs),
    Number(again?.wallMs) < 5_000,
  ]);
  return rows;
}

/**
 * @param {string[]} head
 * @param {string[][]} rows
 */
function table(head, rows) {
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * The figures of a run as Markdown: the machine, every measurement (medians) and every target.
 * @param {Results} results
 */
export function renderResults(results) {
  // Why a tool is not built yet is always the same (our CLI refuses the format); why one failed is worth reading.
  const status = (/** @type {Measurement | Opening} */ m) =>
    m.status === "failed" ? `failed: ${m.note ?? "?"}` : m.status === "ok" ? "" : m.status;
  const machine = Object.entries(results.machine).map(([key, value]) => `${key} ${value}`);
  const peers = Object.entries(results.peers).map(([name, version]) => `${name}@${version}`);
  return [
    `- date: ${results.date}`,
    `- command: \`${results.command}\` (median of ${results.runs} runs after one warm-up round)`,
    `- machine: ${machine.join(", ")}`,
    `- pi-session-report: ${results.build}; peers: ${peers.join(", ")}`,
    `- peak RSS by ${results.rssMethod}`,
    "",
    "Inputs:",
    ...results.inputs.map((input) => `- \`${input.key}\`: ${input.label}, ${size(input.bytes)}`),
    "",
    table(
      ["tool", "input", "wall", "peak RSS", "output", "status"],
      results.measurements.map((m) => [
        m.tool,
        m.input,
        time(m.wallMs),
        memory(m.rssMb),
        size(m.outputBytes),
        status(m),
      ]),
    ),
    "",
    "Opening in headless Chromium (ms after navigation start; *shown* = first frame after the content is in the DOM):",
    "",
    table(
      ["report", "input", "load event", "content shown", "status"],
      results.openings.map((o) => [o.tool, o.input, time(o.loadMs), time(o.shownMs), status(o)]),
    ),
    "",
    table(
      ["target", "input", "measured", "verdict"],
      results.targets.map((t) => [t.target, t.input, t.measured, t.verdict]),
    ),
  ].join("\n");
}

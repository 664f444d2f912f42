/**
 * The code that exists only to make reports faster, by name: one place that lists it, says what each
 * piece replaced, and lets each be switched off so the library path it replaced runs instead.
 *
 * Why a switch: issue 26 keeps a piece only while it gains 5% or more end to end, and a gain can only be
 * measured against the path it replaced, in one run, side by side (`npm run bench -- --only machinery`).
 * A piece never changes what a report says: test/speed/ renders with every piece off and gets the same bytes.
 *
 * `PI_REPORT_SPEED_OFF` (a comma-separated list of names, or `all`) switches pieces off for one process
 * and the threads and workers it starts. It is a measuring aid, not a setting.
 */
export const SPEED_PIECES = {
  "template-closures":
    "page templates run as closures (template-compiler.ts) instead of Handlebars' own runtime",
  "precompiled-templates": "page templates compiled at build time instead of when a report starts",
  "report-thread":
    "a worker thread (speed/machinery/) that redacts a share, tokenizes the page's code and renders a share of Markdown",
  "tier-up": "V8's interrupt budget raised for the command's own process (speed/machinery/tier-up.ts)",
  "shell-scanner": "shell highlighted by a scanner of our own instead of shiki's grammar",
  lezer: "TypeScript and JavaScript highlighted from a Lezer parse instead of shiki's grammar",
  "session-pieces": "Markdown: each distinct session text parsed and serialized once per report, then reused",
  "stringify-once": "Markdown: each distinct heading and context note serialized once per report",
  "compile-cache":
    "on Node 22, V8's compiled code of the command kept on disk between runs (speed/machinery/compile-cache.ts)",
} as const;

/** The name of one piece of speed machinery. */
export type SpeedPiece = keyof typeof SPEED_PIECES;

/** The environment variable that switches pieces off. */
export const SPEED_OFF_VARIABLE = "PI_REPORT_SPEED_OFF";

/** The pieces a value of `PI_REPORT_SPEED_OFF` switches off; unknown names are ignored. */
export function piecesOff(value: string | undefined): ReadonlySet<SpeedPiece> {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const all = Object.keys(SPEED_PIECES) as SpeedPiece[];
  if (names.includes("all")) return new Set(all);
  return new Set(all.filter((piece) => names.includes(piece)));
}

let off: ReadonlySet<SpeedPiece> | undefined;

/** Whether `piece` runs in this process (true unless `PI_REPORT_SPEED_OFF` names it, or says `all`). */
export function speedPieceOn(piece: SpeedPiece): boolean {
  off ??= piecesOff(process.env[SPEED_OFF_VARIABLE]);
  return !off.has(piece);
}

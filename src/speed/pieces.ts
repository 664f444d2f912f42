/**
 * The code that exists only to make reports faster, by name: one place that lists it, says what each
 * piece replaced, and lets each be switched off so the library path it replaced runs instead.
 *
 * Why a switch: issue 26 keeps a piece only while it gains 5% or more end to end, and a gain can only be
 * measured against the path it replaced, in one run, side by side (`npm run bench -- --only machinery`).
 * A piece never changes what a report says: test/speed/ renders with every piece off and gets the same bytes
 * (a highlighter of our own, `colours`, the same text: the grammar it replaced may colour a few characters
 * otherwise).
 *
 * `PI_REPORT_SPEED_OFF` (a comma-separated list of names, or `all`) switches pieces off for one report
 * command and the thread it starts. It is a measuring aid, not a setting. Only the command reads it
 * (`speedPieceOn`), and hands the renderers what it chose (`RenderEngines`, speed/machinery/engines.ts):
 * render/ never imports this folder.
 */
export interface SpeedPieceInfo {
  /** What the piece does, and the library path it replaced. */
  description: string;
  /** The reports whose time it can change: the bench measures it on these. */
  serves: readonly ("html" | "md")[];
  /** It does anything only on Node 22 (the bench measures it there). */
  node22Only?: true;
  /** A highlighter of our own: switched off, the grammar's colours may differ, never the text. */
  colours?: true;
  /** Kept whatever it gains, and why. */
  required?: string;
}

export const SPEED_PIECES = {
  "precompiled-templates": {
    description: "page templates compiled at build time instead of when a report starts",
    serves: ["html"],
  },
  "report-thread": {
    description:
      "a worker thread (speed/machinery/) that redacts a share, tokenizes the page's code and renders a share of Markdown",
    serves: ["html", "md"],
  },
  "tier-up": {
    description: "V8's interrupt budget raised for the command's own process (speed/machinery/tier-up.ts)",
    serves: ["html"],
  },
  "shell-scanner": {
    description: "shell highlighted by a scanner of our own instead of shiki's grammar",
    serves: ["html"],
    colours: true,
  },
  lezer: {
    description: "TypeScript and JavaScript highlighted from a Lezer parse instead of shiki's grammar",
    serves: ["html"],
    colours: true,
  },
  "session-pieces": {
    description: "Markdown: each distinct session text parsed and serialized once per report, then reused",
    serves: ["md"],
  },
  "stringify-once": {
    description: "Markdown: each distinct heading and context note serialized once per report",
    serves: ["md"],
  },
  "text-by-character": {
    description:
      "Markdown: each text escaped with only the serializer's unsafe patterns whose character it holds (text-by-character.ts) instead of all of them",
    serves: ["md"],
  },
  "plain-prose": {
    description:
      "markdown that is only prose written as paragraphs (plain-prose.ts) instead of parsed and serialized",
    serves: ["html", "md"],
  },
  "compile-cache": {
    description:
      "on Node 22, V8's compiled code of the command kept on disk between runs (speed/machinery/compile-cache.ts)",
    serves: ["html"],
    node22Only: true,
    required: "Node 22's compile cache, which issue 26 asks for",
  },
} as const satisfies Record<string, SpeedPieceInfo>;

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

import type { RenderEngines } from "../../render/primitives/engines.js";
import { type SpeedPiece, speedPieceOn } from "../pieces.js";

/** The pieces a report runs with: the renderers' (`RenderEngines`). */
export type ReportEngines = RenderEngines;

/**
 * The pieces of src/speed/pieces.ts as engines to hand a report, each on unless `on` says otherwise (by
 * default, unless `PI_REPORT_SPEED_OFF` names it). The one place a switch becomes a choice: render/ and
 * the analysis only ever see the choice.
 */
export function reportEngines(on: (piece: SpeedPiece) => boolean = speedPieceOn): ReportEngines {
  return {
    templates: { precompiled: on("precompiled-templates") },
    highlighters: { shell: on("shell-scanner"), lezer: on("lezer") },
    plainProse: on("plain-prose"),
    markdown: {
      sessionPieces: on("session-pieces"),
      stringifyOnce: on("stringify-once"),
      textByCharacter: on("text-by-character"),
    },
  };
}

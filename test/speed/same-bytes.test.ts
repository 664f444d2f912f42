/**
 * Speed machinery never changes what a report says (src/speed/pieces.ts): the built CLI writes the same
 * bytes with every piece switched off (the library paths they replaced) as with all of them on, for every
 * format, on a session of every tool and on a large real one whose code is mostly TypeScript and shell
 * (so the scanners, the parse and the report thread all take part).
 *
 * Except our own highlighters: switched off, shiki's grammars colour that code, and a grammar colours a
 * few characters differently (`npm run highlight:agreement` counts them). For them the page must still
 * say the same: the same text once the tags are stripped, only the colours may differ.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SPEED_PIECES, type SpeedPiece, type SpeedPieceInfo } from "../../src/speed/pieces.js";
import { CORPUS, FIXTURES, ROOT } from "../helpers/paths.js";

const BIN = `${ROOT}dist/bin/pi-report.js`;
const SESSIONS = [`${FIXTURES}sessions/every-tool.jsonl`, `${CORPUS}real/pi-mono__large-session.jsonl`];
const FORMATS = ["html", "md", "json"] as const;

/** Every piece but the highlighters of our own (`colours`: off, the grammar's colours may differ, never the text). */
const SAME_BYTES_OFF = (Object.entries(SPEED_PIECES) as [SpeedPiece, SpeedPieceInfo][])
  .filter(([, info]) => info.colours !== true)
  .map(([piece]) => piece)
  .join(",");

function report(session: string, format: string, speedOff: string | undefined): Buffer {
  const env = { ...process.env, PI_REPORT_SPEED_OFF: speedOff };
  if (speedOff === undefined) delete env.PI_REPORT_SPEED_OFF;
  return execFileSync("node", [BIN, session, "-f", format, "-o", "-"], {
    env,
    stdio: "pipe",
    maxBuffer: 1 << 28,
  });
}

/** A page's text: its tags removed, entities left as they are (both pages escape alike). */
const textOf = (page: Buffer): string => page.toString("utf8").replace(/<[^>]*>/g, "");

const nameOf = (session: string): string => session.slice(session.lastIndexOf("/") + 1);

describe("speed machinery off", () => {
  for (const session of SESSIONS) {
    for (const format of FORMATS) {
      it(`writes the same ${format} for ${nameOf(session)}`, () => {
        const fast = report(session, format, undefined);
        const slow = report(session, format, SAME_BYTES_OFF);
        expect(fast.length).toBeGreaterThan(1000);
        expect(slow.equals(fast)).toBe(true);
      }, 60_000);
    }

    it(`writes a page of the same text with every piece off for ${nameOf(session)}`, () => {
      const fast = report(session, "html", undefined);
      const slow = report(session, "html", "all");
      expect(textOf(slow)).toBe(textOf(fast));
    }, 60_000);
  }
});

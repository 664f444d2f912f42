/**
 * Speed machinery never changes what a report says (src/speed/pieces.ts): the built CLI writes the same
 * bytes with every piece switched off (`PI_REPORT_SPEED_OFF=all`, the library paths they replaced) as
 * with all of them on, for every format, on a session of every tool and on a large real one whose code
 * is mostly TypeScript and shell (so the scanners, the parse and the report thread all take part).
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CORPUS, FIXTURES, ROOT } from "../helpers/paths.js";

const BIN = `${ROOT}dist/bin/pi-report.js`;
const SESSIONS = [`${FIXTURES}sessions/every-tool.jsonl`, `${CORPUS}real/pi-mono__large-session.jsonl`];
const FORMATS = ["html", "md", "json"] as const;

function report(session: string, format: string, speedOff: string | undefined): Buffer {
  const env = { ...process.env, PI_REPORT_SPEED_OFF: speedOff };
  if (speedOff === undefined) delete env.PI_REPORT_SPEED_OFF;
  return execFileSync("node", [BIN, session, "-f", format, "-o", "-"], {
    env,
    stdio: "pipe",
    maxBuffer: 1 << 28,
  });
}

describe("speed machinery off", () => {
  for (const session of SESSIONS) {
    for (const format of FORMATS) {
      it(`writes the same ${format} for ${session.slice(session.lastIndexOf("/") + 1)}`, () => {
        const fast = report(session, format, undefined);
        const slow = report(session, format, "all");
        expect(fast.length).toBeGreaterThan(1000);
        expect(slow.equals(fast)).toBe(true);
      }, 60_000);
    }
  }
});

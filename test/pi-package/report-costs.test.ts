/** `/report costs`: which folder, project, weeks and zone it asks `pi-report costs` for. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { costsArguments } from "../../src/pi-extension/report-command.js";

const AGENT = "/home/dev/.pi/agent";
const env = { HOME: "/home/dev", PI_CODING_AGENT_DIR: AGENT, TZ: "Europe/Berlin" };
// A Wednesday, 23:30 UTC: already Thursday, 2025-06-19, in Berlin; its week starts on Monday 2025-06-16.
const NOW = new Date("2025-06-18T23:30:00.000Z");

describe("/report costs", () => {
  it("reads Pi's sessions folder for the working directory's sessions, the last eight weeks in this zone", () => {
    const session = join(AGENT, "sessions", "--home-dev-api--", "2025-06-18T10-00-00-000Z_x.jsonl");
    expect(costsArguments("/home/dev/api", session, env, 90, NOW)).toEqual([
      "costs",
      join(AGENT, "sessions"),
      "--by",
      "week",
      "--project",
      "/home/dev/api",
      // 2025-06-16 less seven weeks.
      "--since",
      "2025-04-28",
      "--tz",
      "Europe/Berlin",
      "--width",
      "90",
    ]);
  });

  it("reads the session's own folder when Pi keeps it elsewhere (--session-dir), Pi's when it has none", () => {
    const elsewhere = "/srv/pi-sessions/2025-06-18T10-00-00-000Z_x.jsonl";
    expect(costsArguments("/home/dev/api", elsewhere, env, 90, NOW)[1]).toBe("/srv/pi-sessions");
    expect(costsArguments("/home/dev/api", undefined, env, 90, NOW)[1]).toBe(join(AGENT, "sessions"));
    // PI_CODING_AGENT_SESSION_DIR is Pi's sessions folder then, as for `archive`.
    const set = { ...env, PI_CODING_AGENT_SESSION_DIR: "/srv/pi-sessions" };
    expect(costsArguments("/home/dev/api", elsewhere, set, 90, NOW)[1]).toBe("/srv/pi-sessions");
  });
});

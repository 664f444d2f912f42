import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/output/usage-error.js";
import { workWindow } from "../../src/pr/git-window.js";
import { overlaps } from "../../src/pr/pr-sessions.js";
import { makeRepository } from "./pr-world.js";

const time = (iso: string) => Date.parse(iso);

describe("the branch's window of work", () => {
  it("runs from the merge base's commit (10:00) to the newest commit since it (14:00)", () => {
    const top = makeRepository();
    expect(workWindow(top, {})).toMatchObject({
      start: time("2026-05-01T10:00:00Z"),
      end: time("2026-05-01T14:00:00Z"),
    });
    expect(workWindow(top, {}).description).toMatch(/^2 commits since [0-9a-f]{7} \(main\)$/);
  });

  it("is open-ended on a branch with no commits of its own yet", () => {
    const top = makeRepository();
    execFileSync("git", ["checkout", "-q", "-b", "fresh", "main"], { cwd: top });
    expect(workWindow(top, {})).toMatchObject({ start: time("2026-05-01T10:00:00Z"), end: null });
  });

  it("--since: from that date on; a date that does not read is a UsageError", () => {
    const top = makeRepository();
    expect(workWindow(top, { since: "2026-04-01" })).toMatchObject({
      start: time("2026-04-01T00:00:00Z"),
      end: null,
    });
    expect(() => workWindow(top, { since: "last tuesday" })).toThrow(UsageError);
  });
});

describe("a session overlaps the window when it was running at some time in it", () => {
  const window = { start: time("2026-05-01T10:00:00Z"), end: time("2026-05-01T14:00:00Z"), description: "" };
  const cases: [string, string | null, boolean][] = [
    ["2026-05-01T09:00:00Z", "2026-05-01T09:59:59Z", false],
    ["2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z", true],
    ["2026-05-01T13:59:00Z", "2026-05-01T18:00:00Z", true],
    ["2026-05-01T14:00:01Z", "2026-05-01T15:00:00Z", false],
    // A session with a header only: its start is its end.
    ["2026-05-01T12:00:00Z", null, true],
  ];
  for (const [start, end, expected] of cases) {
    it(`${start} - ${end}: ${expected}`, () => expect(overlaps(start, end, window)).toBe(expected));
  }
  it("open-ended: anything that ended at or after the start", () => {
    expect(overlaps("2030-01-01T00:00:00Z", "2030-01-01T00:00:00Z", { ...window, end: null })).toBe(true);
  });
});

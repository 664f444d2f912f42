import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../../src/index.js";
import { sessionTimes } from "../../src/view/session-times.js";

const timesOf = (header: object, ...entries: object[]) => {
  const text = [header, ...entries].map((line) => JSON.stringify(line)).join("\n");
  return sessionTimes(analyzeSession(parseSessionBytes(Buffer.from(text), "t.jsonl")).session);
};
const user = (id: string, parentId: string | null, timestamp: string) => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: { role: "user", content: "hi" },
});

describe("when a session started and ended", () => {
  it("a fork started when it was made (its header), not at the original's copied entries", () => {
    const fork = {
      type: "session",
      version: 3,
      id: "f",
      timestamp: "2025-06-03T11:00:00.000Z",
      cwd: "/w",
      parentSession: "/s/orig.jsonl",
    };
    expect(
      timesOf(
        fork,
        user("a1", null, "2025-06-01T09:00:01.000Z"),
        user("f1", "a1", "2025-06-03T11:00:05.000Z"),
      ),
    ).toEqual({ startedAt: "2025-06-03T11:00:00.000Z", endedAt: "2025-06-03T11:00:05.000Z" });
  });

  it("any other session started at its earliest time, header or entry (a header written late)", () => {
    const late = { type: "session", version: 3, id: "s", timestamp: "2025-06-03T11:00:00.000Z", cwd: "/w" };
    expect(timesOf(late, user("a1", null, "2025-06-01T09:00:01.000Z")).startedAt).toBe(
      "2025-06-01T09:00:01.000Z",
    );
  });

  it("a fork whose header time cannot be read falls back to the earliest entry", () => {
    const fork = {
      type: "session",
      version: 3,
      id: "f",
      timestamp: "yesterday",
      cwd: "/w",
      parentSession: "/s/o.jsonl",
    };
    expect(timesOf(fork, user("a1", null, "2025-06-01T09:00:01.000Z")).startedAt).toBe(
      "2025-06-01T09:00:01.000Z",
    );
  });
});

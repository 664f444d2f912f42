import { describe, expect, it } from "vitest";
import { entryOwners, type ReadSession, resolveForkParents } from "../../src/sessions/dedupe.js";
import { entryKey, type SessionDigest } from "../../src/sessions/session-digest.js";

/** A session holding the given entries (`id@time`), created at `created`, forked from `parent`. */
function session(
  path: string,
  created: string,
  entries: string[],
  parent: string | null = null,
): ReadSession {
  const digest: SessionDigest = {
    id: path,
    cwd: "/p",
    parentSession: parent,
    headerTimestamp: created,
    title: path,
    titleFrom: "file",
    startedAt: created,
    endedAt: created,
    models: [],
    entryCount: entries.length,
    problems: [],
    entryKeys: entries.map((entry) => {
      const [id, time] = entry.split("@") as [string, string];
      return entryKey(id, time);
    }),
    usage: [],
    childFiles: [],
  };
  return { file: path.slice(1), path, digest };
}

/** Who counts `entry` (`id@time`); the same whichever order the files come in, or undefined. */
const owner = (sessions: ReadSession[], entry: string): string | undefined => {
  const [id, time] = entry.split("@") as [string, string];
  const found = [sessions, [...sessions].reverse()].map((order) => {
    const index = entryOwners(order, resolveForkParents(order)).get(entryKey(id, time));
    return index === undefined ? undefined : order[index]?.path;
  });
  return found[0] === found[1] ? found[0] : `depends on file order: ${found.join(" or ")}`;
};

describe("who counts an entry several files hold", () => {
  it("the original, then the fork for what the fork added, through a fork of a fork", () => {
    const sessions = [
      session("/a/fork-of-fork.jsonl", "2025-06-03", ["a@1", "b@2", "c@3"], "/b/fork.jsonl"),
      session("/b/fork.jsonl", "2025-06-02", ["a@1", "b@2"], "/c/original.jsonl"),
      session("/c/original.jsonl", "2025-06-01", ["a@1"]),
    ];
    expect(owner(sessions, "a@1")).toBe("/c/original.jsonl");
    expect(owner(sessions, "b@2")).toBe("/b/fork.jsonl");
    expect(owner(sessions, "c@3")).toBe("/a/fork-of-fork.jsonl");
  });

  it("matches id and timestamp together", () => {
    const sessions = [session("/x.jsonl", "2025-06-01", ["a@1"]), session("/y.jsonl", "2025-06-02", ["a@9"])];
    expect(owner(sessions, "a@1")).toBe("/x.jsonl");
    expect(owner(sessions, "a@9")).toBe("/y.jsonl");
  });

  it("finds a parent by file name when the folder moved, and falls back to the oldest copy when it is gone", () => {
    const moved = [
      session("/new/fork.jsonl", "2025-06-01", ["a@1"], "/old/home/original.jsonl"),
      session("/new/original.jsonl", "2025-06-02", ["a@1"]),
    ];
    // The fork's header is (wrongly) older, so only the parent link can say which is the original.
    expect(resolveForkParents(moved)).toEqual([1, null]);
    expect(resolveForkParents([...moved].reverse())).toEqual([null, 0]);
    expect(owner(moved, "a@1")).toBe("/new/original.jsonl");

    const orphans = [
      session("/a.jsonl", "2025-06-03", ["a@1"], "/gone.jsonl"),
      session("/b.jsonl", "2025-06-02", ["a@1"], "/gone.jsonl"),
    ];
    expect(owner(orphans, "a@1")).toBe("/b.jsonl");
  });

  it("survives forks that name each other", () => {
    const loop = [
      session("/a.jsonl", "2025-06-02", ["a@1"], "/b.jsonl"),
      session("/b.jsonl", "2025-06-01", ["a@1"], "/a.jsonl"),
    ];
    expect(owner(loop, "a@1")).toBe("/b.jsonl");
  });
});

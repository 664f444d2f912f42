import { execFileSync } from "node:child_process";
import { UsageError } from "../output/usage-error.js";

/** The stretch of time whose sessions belong to a branch's work, in milliseconds since the epoch. */
export interface WorkWindow {
  start: number;
  /** Null: open-ended (`--since`, or a branch with no commits of its own yet). */
  end: number | null;
  /** What the window is, for the comment: "2 commits since 1a2b3c4 (main)" or "since 2026-05-01". */
  description: string;
}

/** How `pi-report pr` picks the window: the merge base with `base` (or the default branch), or a date. */
export interface WindowChoice {
  base?: string;
  since?: string;
  /** Every session of the repository, whatever its time: a CI job's own sessions folder. */
  anyTime?: boolean;
}

/** Runs git in `cwd` and returns its standard output, trimmed; null when git fails. */
function git(cwd: string, args: readonly string[]): string | null {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new UsageError(
        "git is not installed (or not on PATH): pi-report pr needs it to find the branch's work.",
      );
    }
    return null;
  }
}

/**
 * The top-level folder of the git repository `cwd` is in.
 *
 * @throws {UsageError} when `cwd` is in no git repository.
 */
export function repositoryTop(cwd: string): string {
  const top = git(cwd, ["rev-parse", "--show-toplevel"]);
  if (top === null || top === "") {
    throw new UsageError(
      `${cwd} is not in a git repository: run pi-report pr inside the branch's repository.`,
    );
  }
  return top;
}

/** The refs tried, in order, when no `--base` is given: the remote's default branch, then the usual names. */
const DEFAULT_BASES = ["origin/HEAD", "origin/main", "origin/master", "main", "master"];

/** The committer time of each commit git lists for `args`, in milliseconds. */
function commitTimes(cwd: string, args: readonly string[]): number[] {
  const out = git(cwd, ["log", "--format=%cI", ...args]);
  if (out === null || out === "") return [];
  return out.split("\n").map((line) => Date.parse(line));
}

/**
 * The window of the branch's work: from the merge base's commit time (the branch's work cannot have
 * begun before its base existed) to the newest commit since it; open-ended when there is none yet.
 * `--since` gives an open-ended window from a date instead; `--any-time` one with no bounds.
 *
 * @throws {UsageError} for a date that does not read, a base git does not know, or no default branch.
 */
export function workWindow(top: string, choice: WindowChoice): WorkWindow {
  if (choice.anyTime === true)
    return { start: Number.NEGATIVE_INFINITY, end: null, description: "at any time" };
  if (choice.since !== undefined) {
    const start = Date.parse(choice.since);
    if (Number.isNaN(start)) {
      throw new UsageError(
        `--since ${choice.since}: not a date; give one like 2026-05-01 or 2026-05-01T09:00Z.`,
      );
    }
    return {
      start,
      end: null,
      description: `since ${new Date(start).toISOString().slice(0, 16).replace("T", " ")} UTC`,
    };
  }
  const bases = choice.base === undefined ? DEFAULT_BASES : [choice.base];
  for (const base of bases) {
    const mergeBase = git(top, ["merge-base", "HEAD", base]);
    if (mergeBase === null || mergeBase === "") continue;
    const [baseTime] = commitTimes(top, ["-1", mergeBase]);
    const since = commitTimes(top, [`${mergeBase}..HEAD`]);
    return {
      start: baseTime ?? Number.NEGATIVE_INFINITY,
      end: since.length === 0 ? null : Math.max(...since),
      description: `${since.length} commit${since.length === 1 ? "" : "s"} since ${mergeBase.slice(0, 7)} (${base})`,
    };
  }
  throw new UsageError(
    choice.base === undefined
      ? "no default branch to compare with (origin/HEAD, main or master): give --base <ref> or --since <date>."
      : `--base ${choice.base}: git finds no common ancestor with HEAD; give a branch or commit it knows.`,
  );
}

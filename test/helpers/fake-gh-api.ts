/** The stand-in gh for pull requests and their comments (pi-report pr, the Action); fake-gh.ts is the gist one. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ROOT } from "./paths.js";

/** What the stand-in gh answers from: a repository, its pull request, comments and the user's gists. */
export interface FakeGhState {
  loggedIn: boolean;
  repo: string;
  branch: string;
  /** The branch's pull request number; null when it has none. */
  pr: number | null;
  comments: { id: number; body: string; user: { login: string } }[];
  gists: { id?: string; description: string; html_url: string; created_at?: string; public?: boolean }[];
  /** Labels on the pull request. */
  labels: string[];
  /** Labels the repository has (`gh pr edit --add-label` refuses others, as gh does). */
  repoLabels: string[];
  nextId: number;
}

/** A stand-in gh's state and log files, and the environment that puts it first on PATH. */
export interface FakeGh {
  env: Record<string, string>;
  state(): FakeGhState;
  setState(change: Partial<FakeGhState>): void;
  /** Every call so far: its arguments and what it read from standard input. */
  calls(): { args: string[]; stdin: string }[];
}

/** The folder holding the stand-in `gh` (test/helpers/fake-gh/gh, running fake-gh.mjs). */
export const FAKE_GH_DIR = join(ROOT, "test", "helpers", "fake-gh");

/** A fresh stand-in: logged in, repository acme/app, pull request #7 for branch `feature`, no comments. */
export function fakeGh(initial: Partial<FakeGhState> = {}): FakeGh {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-fake-gh-"));
  const statePath = join(dir, "state.json");
  const logPath = join(dir, "log.jsonl");
  const start: FakeGhState = {
    loggedIn: true,
    repo: "acme/app",
    branch: "feature",
    pr: 7,
    comments: [],
    gists: [],
    labels: [],
    repoLabels: [],
    nextId: 1001,
    ...initial,
  };
  writeFileSync(statePath, JSON.stringify(start));
  writeFileSync(logPath, "");
  const state = (): FakeGhState => JSON.parse(readFileSync(statePath, "utf8")) as FakeGhState;
  return {
    env: {
      PATH: `${FAKE_GH_DIR}${delimiter}${process.env.PATH ?? ""}`,
      FAKE_GH_STATE: statePath,
      FAKE_GH_LOG: logPath,
    },
    state,
    setState: (change) => writeFileSync(statePath, JSON.stringify({ ...state(), ...change })),
    calls: () =>
      readFileSync(logPath, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { args: string[]; stdin: string }),
  };
}

/** The stand-in `gh` (test/helpers/fake-gh/): gists for pi-report share, pull requests for pi-report pr and the Action. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ROOT } from "./paths.js";

/** A gist as `gh gist create` makes it (GitHub's fields). */
export interface FakeGist {
  id: string;
  description: string;
  public: boolean;
  html_url: string;
  created_at: string;
  files: Record<string, { filename: string; content: string }>;
}

/** What the stand-in gh answers from: the login, a repository, its pull request, and the user's gists. */
export interface FakeGhState {
  loggedIn: boolean;
  /** A token `gh auth status` finds wanting (no `read:org`); gists still work. */
  noReadOrg: boolean;
  /** Gist steps that fail as when GitHub cannot be reached. */
  offline: ("create" | "read" | "list" | "delete")[];
  repo: string;
  branch: string;
  /** The branch's pull request number; null when it has none. */
  pr: number | null;
  /** The account the token is (`gh api user`, and the author of the comments it posts); "me" when unset. */
  login?: string;
  /** `gh api user` fails as for an installation token (the Actions GITHUB_TOKEN): 403. */
  userForbidden?: boolean;
  comments: { id: number; body: string; user: { login: string } }[];
  /** The user's gists in the order they were made (GitHub lists them newest first); given ones may be partial. */
  gists: (Partial<FakeGist> & { description: string; html_url: string })[];
  /** Labels on the pull request. */
  labels: string[];
  /** Labels the repository has (`gh pr edit --add-label` refuses others, as gh does). */
  repoLabels: string[];
  nextId: number;
}

/** One call the stand-in received: its arguments, standard input, and for `gist create` the files' names and text. */
export interface GhCall {
  args: string[];
  stdin: string;
  files: Record<string, string>;
}

/** A stand-in gh: `env` puts it first on PATH (or put `bin` there) and points it at its state and log. */
export interface FakeGh {
  bin: string;
  env: Record<string, string>;
  state(): FakeGhState;
  setState(change: Partial<FakeGhState>): void;
  /** Every call so far, in order. */
  calls(): GhCall[];
  /** The gists, oldest first, as `gist create` made them. */
  gists(): FakeGist[];
  /** Adds a gist as if made elsewhere (another tool, another machine): the newest. */
  addGist(gist: FakeGist): void;
}

/** The folder holding the stand-in `gh` (test/helpers/fake-gh/gh, running fake-gh.mjs). */
export const FAKE_GH_DIR = join(ROOT, "test", "helpers", "fake-gh");

/** A fresh stand-in: logged in, repository acme/app, pull request #7 for branch `feature`, no comments, no gists. */
export function fakeGh(initial: Partial<FakeGhState> = {}): FakeGh {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-fake-gh-"));
  const statePath = join(dir, "state.json");
  const logPath = join(dir, "log.jsonl");
  const start: FakeGhState = {
    loggedIn: true,
    noReadOrg: false,
    offline: [],
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
  const setState = (change: Partial<FakeGhState>) =>
    writeFileSync(statePath, JSON.stringify({ ...state(), ...change }));
  return {
    bin: FAKE_GH_DIR,
    env: {
      PATH: `${FAKE_GH_DIR}${delimiter}${process.env.PATH ?? ""}`,
      FAKE_GH_STATE: statePath,
      FAKE_GH_LOG: logPath,
      FAKE_GH_NODE: process.execPath,
    },
    state,
    setState,
    calls: () =>
      readFileSync(logPath, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as GhCall),
    gists: () => state().gists as FakeGist[],
    addGist: (gist) => setState({ gists: [...state().gists, gist] }),
  };
}

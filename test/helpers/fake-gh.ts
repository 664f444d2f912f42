import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.js";

/** One call the stand-in gh received: its arguments, and for `gist create` the files' names and text. */
export interface GhCall {
  argv: string[];
  files: Record<string, string>;
}

/** A gist as the stand-in keeps it (GitHub's fields). */
export interface FakeGist {
  id: string;
  description: string;
  public: boolean;
  html_url: string;
  created_at: string;
  files: Record<string, { filename: string; content: string }>;
}

/** The stand-in `gh` installed in a folder: put `bin` first on PATH and `env` into the environment. */
export interface FakeGh {
  bin: string;
  env: Record<string, string>;
  calls(): GhCall[];
  gists(): FakeGist[];
  /** Adds a gist as if made elsewhere (another tool, another machine). */
  addGist(gist: FakeGist): void;
}

/** Installs test/helpers/fake-gh.mjs as `gh` in `<dir>/bin`, its state in `<dir>/state`. */
export function installFakeGh(dir: string, mode = ""): FakeGh {
  const bin = join(dir, "bin");
  const state = join(dir, "state");
  mkdirSync(bin, { recursive: true });
  mkdirSync(state, { recursive: true });
  const gh = join(bin, "gh");
  writeFileSync(
    gh,
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "test/helpers/fake-gh.mjs")}" "$@"\n`,
  );
  chmodSync(gh, 0o755);
  const gistsFile = join(state, "gists.json");
  const gists = (): FakeGist[] => (existsSync(gistsFile) ? JSON.parse(readFileSync(gistsFile, "utf8")) : []);
  return {
    bin,
    env: { FAKE_GH_STATE: state, FAKE_GH_MODE: mode },
    calls: () => {
      const path = join(state, "calls.jsonl");
      if (!existsSync(path)) return [];
      return readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as GhCall);
    },
    gists,
    addGist: (gist) => writeFileSync(gistsFile, JSON.stringify([...gists(), gist], null, 2)),
  };
}

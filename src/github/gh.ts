import { spawn } from "node:child_process";
import { UsageError } from "../output/usage-error.js";

/** What one `gh` run said. */
export interface GhResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gh` with these arguments (and `input` on its standard input); failures are returned, not thrown. */
export type GhRunner = (args: readonly string[], input?: string) => Promise<GhResult>;

/**
 * Something gh or GitHub could not do, in a sentence the user can act on: a usage error (exit code 2).
 * `result` is gh's answer when gh ran and failed.
 */
export class GhError extends UsageError {
  constructor(
    message: string,
    readonly result?: GhResult,
  ) {
    super(message);
  }
}

/** Where a `gh` runs, and what the command offers instead of gh (pi-report pr: "use --dry-run"). */
export interface GhOptions {
  env: Record<string, string | undefined>;
  cwd?: string;
  otherwise?: string;
}

/** gh's exit code when it has no credentials (cli/cli: cmd/gh/main.go, exitAuth). */
const GH_EXIT_AUTH = 4;

/** ", or <otherwise>." ending a sentence, or just "." */
const ending = (otherwise: string | undefined) => (otherwise === undefined ? "." : `, or ${otherwise}.`);

/** What every command says when `gh` is missing. */
export function ghNotInstalled(otherwise?: string): string {
  return `gh (GitHub CLI) is not installed or not on PATH: install it (https://cli.github.com/; Debian/Ubuntu: apt-get install gh; macOS: brew install gh), then run \`gh auth login\`${ending(otherwise)}`;
}

/** What every command says when `gh` has no usable login. */
export function ghNotLoggedIn(otherwise?: string): string {
  return `gh is not logged in to GitHub: run \`gh auth login\` (or set GH_TOKEN)${ending(otherwise)}`;
}

/**
 * A `GhRunner` over the `gh` found on `env`'s PATH. A missing `gh`, or one with no login (exit code 4 on
 * any command), is a `GhError` saying what to do; any other outcome is returned for the caller to explain.
 */
export function ghRunner({ env, cwd, otherwise }: GhOptions): GhRunner {
  // gh asks nothing and colours nothing when it is not talking to a terminal; these make sure of it.
  const childEnv = { ...env, GH_PROMPT_DISABLED: "1", NO_COLOR: "1", GH_NO_UPDATE_NOTIFIER: "1" };
  return (args, input) =>
    new Promise((resolve, reject) => {
      const child = spawn("gh", [...args], {
        env: childEnv,
        ...(cwd === undefined ? {} : { cwd }),
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.once("error", (error: NodeJS.ErrnoException) => {
        reject(
          new GhError(
            error.code === "ENOENT" ? ghNotInstalled(otherwise) : `could not run gh: ${error.message}`,
          ),
        );
      });
      child.once("close", (code) => {
        if (code === GH_EXIT_AUTH) reject(new GhError(ghNotLoggedIn(otherwise)));
        else resolve({ code: code ?? 1, stdout, stderr });
      });
      // No input is an empty one (gh never waits on it); a gh that exits before reading all of it is
      // explained by its exit code, not by EPIPE.
      child.stdin.on("error", () => undefined).end(input);
    });
}

/** gh's own explanation of a failure: its last non-empty line of standard error, or its exit code. */
export function ghSaid(result: GhResult): string {
  const lines = result.stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return lines.at(-1) ?? `gh exited with code ${result.code}`;
}

/**
 * What `gh <args>` printed.
 *
 * @throws {GhError} when it fails, naming the command and what gh said (the answer in `result`).
 */
export async function ghOutput(gh: GhRunner, args: readonly string[], input?: string): Promise<string> {
  const result = await gh(args, input);
  if (result.code !== 0)
    throw new GhError(`gh ${args.slice(0, 4).join(" ")} failed: ${ghSaid(result)}`, result);
  return result.stdout;
}

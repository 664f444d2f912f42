import { spawnSync } from "node:child_process";
import { UsageError } from "../output/usage-error.js";

/** Where `gh` runs: the repository's folder and the environment (GH_TOKEN, GH_REPO, PATH). */
export interface GhContext {
  cwd: string;
  env: Record<string, string | undefined>;
}

/** A `gh` command that ran and failed: its exit code and the last line it wrote to stderr. */
export class GhFailure extends UsageError {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number,
    readonly stderr: string,
  ) {
    const said = stderr.trim().split("\n").filter(Boolean).pop() ?? `exit code ${exitCode}`;
    super(`gh ${args.slice(0, 4).join(" ")} failed: ${said}`);
  }
}

/** gh's exit code when it has no credentials (cli/cli: cmd/gh/main.go, exitAuth). */
const GH_EXIT_AUTH = 4;

/**
 * Runs `gh` with `args` (and `input` on its standard input) and returns what it printed.
 *
 * @throws {UsageError} when gh is not installed or not logged in, in a line that says what to do;
 * {GhFailure} when it fails otherwise.
 */
export function runGh(context: GhContext, args: readonly string[], input?: string): string {
  const result = spawnSync("gh", args, {
    cwd: context.cwd,
    env: context.env as NodeJS.ProcessEnv,
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    if ((result.error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new UsageError(
        "gh (GitHub CLI) is not installed or not on PATH: install it (https://cli.github.com), run `gh auth login`, or use --dry-run.",
      );
    }
    throw new UsageError(`gh could not be run: ${result.error.message}`);
  }
  if (result.status === GH_EXIT_AUTH) {
    throw new UsageError("gh is not logged in: run `gh auth login` (or set GH_TOKEN), or use --dry-run.");
  }
  if (result.status !== 0) throw new GhFailure(args, result.status ?? 1, result.stderr ?? "");
  return result.stdout ?? "";
}

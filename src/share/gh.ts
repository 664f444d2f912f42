import { spawn } from "node:child_process";

/** What one `gh` run said. */
export interface GhResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gh` with these arguments; the environment decides which `gh` (its PATH) and which account. */
export type GhRunner = (args: readonly string[]) => Promise<GhResult>;

/** A share that cannot go ahead, or did not: a sentence the user can act on (exit code 2). */
export class ShareError extends Error {
  override readonly name = "ShareError";
}

/** How to get `gh`, said wherever it is missing. */
export const INSTALL_GH =
  "install GitHub's CLI (https://cli.github.com/; Debian/Ubuntu: apt-get install gh; macOS: brew install gh), then run gh auth login";

/**
 * A `GhRunner` over the `gh` found on `env`'s PATH. A missing `gh` is a `ShareError` saying how to install
 * it; any other outcome, failures included, is returned for the caller to explain.
 */
export function ghRunner(env: Record<string, string | undefined>, cwd?: string): GhRunner {
  // gh asks nothing and colours nothing when it is not talking to a terminal; these make sure of it.
  const childEnv = { ...env, GH_PROMPT_DISABLED: "1", NO_COLOR: "1", GH_NO_UPDATE_NOTIFIER: "1" };
  return (args) =>
    new Promise((resolve, reject) => {
      const child = spawn("gh", [...args], {
        env: childEnv,
        ...(cwd === undefined ? {} : { cwd }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.once("error", (error: NodeJS.ErrnoException) => {
        reject(
          error.code === "ENOENT"
            ? new ShareError(`\`gh\` is not on PATH: ${INSTALL_GH}.`)
            : new ShareError(`could not run gh: ${error.message}`),
        );
      });
      child.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
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

import { run } from "../../src/cli/run.js";

/** Runs the CLI in-process and captures what it writes. */
export async function runCli(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
  cwd: string = process.cwd(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await run(argv, {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    cwd,
    env,
  });
  return { code, stdout, stderr };
}

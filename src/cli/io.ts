/** Where the CLI reads its context from and writes to; tests pass their own. */
export interface CliIo {
  /** `fd`: its file descriptor, when it is one of this process's (to tell whether it is the input file). */
  stdout: { write(chunk: string): unknown; isTTY?: boolean; fd?: number };
  /** Messages for people, one a write (`run` makes each inert: see output/inert-stream.ts). */
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  env: Record<string, string | undefined>;
}

/** Exit codes: 0 done, 1 a bug in this tool, 2 bad input or bad usage (the message says which). */
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_BAD_INPUT = 2;

/** Why a file could not be read as a Pi session at all. */
export type SessionReadErrorCode =
  | "missing"
  | "directory"
  | "unreadable"
  | "empty"
  | "binary"
  | "not-a-session"
  | "too-large";

/**
 * The input is not a Pi session (or not a file). The message is one sentence a user can act on,
 * naming the path; the CLI prints it as is and exits with code 2.
 */
export class SessionReadError extends Error {
  override readonly name = "SessionReadError";
  constructor(
    readonly code: SessionReadErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An error the user can fix (bad flag value, unwritable output, no session found). The command line
 * prints it as one line and exits with code 2; the archive and the library throw it the same way.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

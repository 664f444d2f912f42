import { UsageError } from "../output/usage-error.js";

const REASONS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EACCES: "no permission to write there",
  EPERM: "no permission to write there",
  EROFS: "the file system is read-only",
  EIO: "the disk reported an error",
};

/**
 * The one line for a site that could not be written: why, and what state the run left it in.
 *
 * @param given `-o` as typed; `code` the file system's error code, when there is one.
 * @param partly true when the failure came after the site began to change (a rename in the last step).
 */
export function siteWriteFailure(given: string, code: string | undefined, partly: boolean): UsageError {
  const reason = code === undefined ? "an unknown error" : (REASONS[code] ?? "the file system refused");
  const state = partly
    ? "its pages are partly updated; run again when the cause is fixed"
    : "it is left as it was before this run";
  return new UsageError(`-o ${given}: cannot write the site: ${reason} (${code ?? "no code"}); ${state}.`);
}

import { UsageError } from "../../output/usage-error.js";

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

/**
 * The one line for a site whose folder could not be made: the file system's reason in words where it
 * has one (`the file system is read-only (EROFS)`, as a single report says it), else its code.
 */
export function siteFolderFailure(given: string, code: string | undefined): UsageError {
  const reason = code === undefined ? undefined : REASONS[code];
  const why = reason === undefined ? (code ?? "no code") : `${reason} (${code})`;
  return new UsageError(`-o ${given}: cannot create the folder: ${why}; give the site a folder elsewhere.`);
}

import { UsageError } from "../output/usage-error.js";
import type { SummaryForm } from "../render/markdown/render-markdown.js";

/** The values `--summary` takes; without one it is the short summary. */
export const SUMMARY_FORMS: readonly SummaryForm[] = ["short", "full"];

/**
 * The session argument and the summary asked for, from what commander parsed. An option with an optional
 * value takes the next word that is not an option, so `pi-report --summary session.jsonl` parses as a
 * summary named `session.jsonl` and no session: that word is given back to the session here.
 */
export function summaryArguments(
  session: string | undefined,
  summary: string | boolean | undefined,
): { session: string | undefined; summary: SummaryForm | undefined } {
  if (summary === undefined || summary === false) return { session, summary: undefined };
  if (summary === true) return { session, summary: "short" };
  const form = SUMMARY_FORMS.find((name) => name === summary);
  if (form !== undefined) return { session, summary: form };
  if (session === undefined) return { session: summary, summary: "short" };
  throw new UsageError(`--summary takes short or full (or nothing: short), not \`${summary}\`.`);
}

import type { RedactionSummary } from "../redact/redact-session.js";
import { plural } from "./format.js";

/** Kind under which home directories are counted: shown apart from secrets. */
const HOME = "home-directory";

/** What a report says about redaction. */
export interface RedactionView {
  enabled: boolean;
  /** Secrets replaced, all kinds together. */
  secrets: number;
  /** Secrets replaced by kind, most first (then by name). */
  byKind: { kind: string; count: number }[];
  /** Places where a home directory (anyone's, of any shape) became `~`. */
  homeDirectory: number;
}

/** Redaction as reports show it; null when there was no redaction at all. */
export function redactionView(redactions: RedactionSummary | null | undefined): RedactionView | null {
  return redactions == null ? null : viewOf(redactions);
}

/** The sentence saying what redaction did (see `redactionSentence`). */
export function summarySentence(redactions: RedactionSummary): string {
  return redactionSentence(viewOf(redactions));
}

function viewOf(redactions: RedactionSummary): RedactionView {
  const byKind = Object.entries(redactions.counts)
    .filter(([kind]) => kind !== HOME)
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
  return {
    enabled: redactions.enabled,
    secrets: byKind.reduce((sum, { count }) => sum + count, 0),
    byKind,
    homeDirectory: redactions.counts[HOME] ?? 0,
  };
}

/** One sentence for stderr and report headers, e.g. "3 secrets redacted (2 github-token, 1 jwt)". */
export function redactionSentence(view: RedactionView): string {
  if (!view.enabled) return "Secrets were not redacted (--no-redact).";
  const secrets =
    view.secrets === 0
      ? "No secret found"
      : `${view.secrets} secret${view.secrets === 1 ? "" : "s"} redacted (${view.byKind.map(({ kind, count }) => `${count} ${kind}`).join(", ")})`;
  const home =
    view.homeDirectory === 0
      ? ""
      : `; home directories are shown as ~ (${plural(view.homeDirectory, "place", "places")})`;
  return `${secrets}${home}.`;
}

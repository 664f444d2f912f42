import { type Finding, HOME_DIRECTORY_KIND } from "./finding.js";

/**
 * What replaces a finding: `~` for a home directory, `[redacted: kind]` for anything else. Kinds are
 * letters and `-` only, so a marker is plain text in HTML, Markdown and JSON alike.
 */
export function markerFor(kind: string): string {
  return kind === HOME_DIRECTORY_KIND ? "~" : `[redacted: ${kind}]`;
}

interface Ranked extends Finding {
  /** Position in the caller's priority order: on a tie, the earlier detector names the kind. */
  priority: number;
}

/**
 * Which of two overlapping findings names the merged span: a secret over a home (unless the secret lies
 * wholly inside the home, which `~` already hides: a `--redact` pattern for the user's name in
 * `/home/name/src` leaves `~/src`), then the longer, then one naming the format over one naming the
 * context, then the earlier.
 */
function better(a: Ranked, b: Ranked): Ranked {
  const aHome = a.kind === HOME_DIRECTORY_KIND;
  if (aHome !== (b.kind === HOME_DIRECTORY_KIND)) {
    const [home, secret] = aHome ? [a, b] : [b, a];
    return secret.start >= home.start && secret.end <= home.end ? home : secret;
  }
  const lengthA = a.end - a.start;
  const lengthB = b.end - b.start;
  if (lengthA !== lengthB) return lengthA > lengthB ? a : b;
  if ((a.generic ?? false) !== (b.generic ?? false)) return a.generic ? b : a;
  return a.priority <= b.priority ? a : b;
}

/**
 * Replaces the findings in `text` with their markers. Findings are given in priority order; overlapping
 * ones merge into one span covering all of them (never a partial secret left), named by the best of them.
 * Returns the new text (the same string when nothing was found) and the kind of each replacement.
 */
export function applyFindings(text: string, findings: readonly Finding[]): { text: string; kinds: string[] } {
  if (findings.length === 0) return { text, kinds: [] };
  const ranked: Ranked[] = findings.map((finding, priority) => ({
    kind: finding.kind,
    generic: finding.generic ?? false,
    start: snapStart(text, finding.start),
    end: snapEnd(text, finding.end),
    priority,
  }));
  ranked.sort((a, b) => a.start - b.start || b.end - a.end || a.priority - b.priority);
  const kinds: string[] = [];
  let output = "";
  let copied = 0;
  let index = 0;
  while (index < ranked.length) {
    const first = ranked[index] as Ranked;
    let winner = first;
    let end = first.end;
    index += 1;
    while (index < ranked.length && (ranked[index] as Ranked).start < end) {
      const next = ranked[index] as Ranked;
      winner = better(winner, next);
      end = Math.max(end, next.end);
      index += 1;
    }
    output += text.slice(copied, first.start) + markerFor(winner.kind);
    copied = end;
    kinds.push(winner.kind);
  }
  return { text: output + text.slice(copied), kinds };
}

// A user pattern compiled without the `u` flag can end or start a match inside a surrogate pair; widen
// it to the whole character so the output never holds half an emoji.
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const snapStart = (text: string, at: number): number =>
  at > 0 && isLow(text.charCodeAt(at)) && isHigh(text.charCodeAt(at - 1)) ? at - 1 : at;
const snapEnd = (text: string, at: number): number =>
  at < text.length && isLow(text.charCodeAt(at)) && isHigh(text.charCodeAt(at - 1)) ? at + 1 : at;

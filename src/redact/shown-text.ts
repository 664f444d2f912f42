import type { Finding } from "./finding.js";

// Text is scanned as a terminal shows it: `grep --color` and friends put escape codes inside a line, even
// between a name and its value or inside a token, and no detector matches across them. The codes are
// taken out for the scan and findings mapped back, so a marker swallows any code inside a secret.

/**
 * ANSI escape sequences: CSI (colours, cursor), OSC (titles, links; ended by BEL or ST) and two-character
 * escapes; also as a JSON-escaped `\u001b[…m` (a coloured output an agent read from a log or a .jsonl).
 */
const ANSI =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape codes are what it finds
  /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\\u001[bB]\[[0-?]*[ -/]*[@-~]/g;

/** Text without its escape codes, and where each of its characters stood in the original. */
export interface ShownText {
  text: string;
  /** Maps a finding in `text` to the same characters of the original. */
  toOriginal(finding: Finding): Finding;
}

/** The text as shown, or null when it holds no escape code (the common case: nothing to map). */
export function shownText(text: string): ShownText | null {
  if (!text.includes("\x1b") && !text.includes("\\u001")) return null;
  // origin[i]: the original index of the shown text's i-th character.
  const origin: number[] = [];
  let shown = "";
  let copied = 0;
  const keep = (until: number): void => {
    for (let at = copied; at < until; at += 1) origin.push(at);
    shown += text.slice(copied, until);
  };
  for (const match of text.matchAll(ANSI)) {
    keep(match.index);
    copied = match.index + match[0].length;
  }
  if (copied === 0) return null;
  keep(text.length);
  return {
    text: shown,
    toOriginal(finding) {
      const start = origin[finding.start] ?? text.length;
      const end = finding.end > 0 ? (origin[finding.end - 1] ?? text.length - 1) + 1 : start;
      return { ...finding, start, end };
    },
  };
}

import { firstLine } from "./format.js";

/**
 * A label that some harnesses paste before the person's words, with its fenced block (OpenClaw's
 * `Sender (untrusted metadata):` and its JSON): no title, whatever the message says after it.
 */
const LABEL_LINE = /^[A-Za-z][\w .-]*\(([^)]*)\):\s*$/;
/** A label line whose parentheses say `untrusted` (two patterns: one would retry every split of them). */
const isBoilerplateLabel = (line: string): boolean => /\buntrusted\b/.test(LABEL_LINE.exec(line)?.[1] ?? "");
const FENCE = /^\s*(`{3,}|~{3,})/;

/** Markdown's markers at the start of a line: a heading's #, a quote's >, a list's bullet, number or box. */
const LINE_MARKERS = /^\s*(?:#{1,6}(?:\s+|$)|>\s?|[-*+](?:\s+|$)(?:\[[ xX]\]\s+)?|\d{1,3}[.)]\s+)+/;

/** Inline markers: images and links keep their words, emphasis and code keep their text. */
function withoutInlineMarkers(line: string): string {
  return (
    line
      // Neither part can run past the next bracket it opens on: linear, however many are left open.
      .replace(/!\[([^[\]]*)\]\([^()]*\)/g, "$1")
      .replace(/\[([^[\]]+)\]\([^()]*\)/g, "$1")
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
      .replace(/(^|[^\w*])([*_])(?=\S)([^*_]+?)(?<=\S)\2(?![\w*])/g, "$1$3")
      .replace(/`([^`]+)`/g, "$1")
      .replace(/(?<!\s)\s+#+\s*$/, "")
  );
}

/** The lines that can give a title: boilerplate labels with their fenced blocks left out, fences dropped. */
function meaningfulLines(text: string): string[] {
  const lines = text.split("\n");
  const kept: string[] = [];
  let skipping: string | null = null;
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at] as string;
    if (skipping !== null) {
      if (line.trim().startsWith(skipping)) skipping = null;
      continue;
    }
    if (isBoilerplateLabel(line)) {
      const fence = FENCE.exec(lines[at + 1] ?? "");
      if (fence !== null) {
        skipping = fence[1] as string;
        at += 1;
      }
      continue;
    }
    if (FENCE.test(line)) continue;
    kept.push(line);
  }
  return kept;
}

/**
 * A title from a message's text, as plain text: its first line that says something, without Markdown's
 * markers (`## Research Plan` is "Research Plan") and past boilerplate a harness pasted before it, cut to
 * `max` characters. Empty when nothing is left. Every format's titles and outlines come from here.
 */
export function titleText(text: string, max = 80): string {
  for (const line of meaningfulLines(text)) {
    const plain = withoutInlineMarkers(line.replace(LINE_MARKERS, "")).trim();
    if (plain !== "") return firstLine(plain, max);
  }
  return "";
}

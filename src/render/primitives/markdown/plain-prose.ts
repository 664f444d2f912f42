/**
 * A fast path for markdown that is only prose: most assistant sentences and user prompts hold no
 * markdown at all, and parsing, sanitizing and serializing each as a tree costs more than this test.
 *
 * The test is deliberately narrow: no character that could start any markdown or GFM construct (or an
 * entity or autolink), no line with leading or trailing whitespace (indented code, hard breaks, lazy
 * continuation), no line starting with a list, heading, quote or setext marker. For text that passes,
 * `proseToHtml` gives exactly what the full pipeline gives (a property test holds them equal).
 */
const SPECIAL = /[`*_#[\]<>|~\\&\ufffd]|:\/\/|www\.|@/;
// Control characters (tab and CR among them) other than the newline that separates lines.
const CONTROL = /(?!\n)\p{Cc}/u;
const LINE_START = /^(?:[-+=]|\d+[.)])/;

/** True when `text` is prose that markdown would render as plain paragraphs. */
export function isPlainProse(text: string): boolean {
  if (SPECIAL.test(text) || CONTROL.test(text)) return false;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.trim() !== line || LINE_START.test(line)) return false;
  }
  return true;
}

/** Paragraphs of plain prose as HTML: blank lines separate them; no character needs escaping. */
export function proseToHtml(text: string): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of text.split("\n")) {
    if (line === "") {
      if (current.length > 0) paragraphs.push(`<p>${current.join("\n")}</p>`);
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) paragraphs.push(`<p>${current.join("\n")}</p>`);
  return paragraphs.join("\n");
}

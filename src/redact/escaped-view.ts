// Sessions hold text that is itself escaped: a tool that printed JSON, an agent reading a .jsonl file.
// There a secret or a home directory can follow a literal `\n`, and the `n` glued to it defeats every
// word boundary (`\nghp_…` is not at a word start; secretlint's own rules fail the same way).

/**
 * The text detectors scan: the same length as `text` (so offsets map one to one), with the letter of
 * each `\n`, `\r` and `\t` escape replaced by a space. An escaped backslash (`\\n` in `C:\\new`) is kept.
 */
export function escapedView(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(\\|[nrt])/g, (sequence, char: string) => (char === "\\" ? sequence : "\\ "));
}

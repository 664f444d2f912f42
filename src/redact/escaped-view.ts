// Sessions hold text that is itself escaped: a tool that printed JSON, an agent reading a .jsonl file,
// tool arguments kept as a JSON string. There a secret or a home directory can follow a literal `\n`, and
// the `n` glued to it defeats every word boundary (`\nghp_…` is not at a word start; secretlint's own
// rules fail the same way), and a YAML or .env line inside is no line to a detector anchored on lines.

/**
 * The text detectors scan: the same length as `text` (so offsets map one to one), with each `\n` escape
 * made a space and a line break, and each `\r` and `\t` escape two spaces, so lines inside JSON-escaped
 * text are lines. An escaped backslash (`\\n` in `C:\\new`) is kept.
 */
export function escapedView(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(\\|[nrt])/g, (sequence, char: string) =>
    char === "\\" ? sequence : char === "n" ? " \n" : "  ",
  );
}

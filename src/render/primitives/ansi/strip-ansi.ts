// Every terminal escape sequence a command's output may hold: CSI (colours, cursor moves, erases),
// OSC (titles, hyperlinks) ended by BEL or ST, DCS/SOS/PM/APC strings, two-character escapes, the
// 8-bit CSI, and finally any ESC left over from a sequence cut short.
const ANSI_SEQUENCE_SOURCE = [
  "\\u001b\\[[0-?]*[ -/]*[@-~]",
  "\\u001b\\][^\\u0007\\u001b]*(?:\\u0007|\\u001b\\\\)?",
  "\\u001b[PX^_][^\\u001b]*(?:\\u001b\\\\)?",
  "\\u001b[ -/]*[0-~]",
  "\\u009b[0-?]*[ -/]*[@-~]",
  "\\u001b",
].join("|");

/** A fresh global regex matching one ANSI escape sequence (fresh: global regexes carry state). */
export function ansiSequencePattern(): RegExp {
  return new RegExp(ANSI_SEQUENCE_SOURCE, "g");
}

/** Removes every ANSI escape sequence from terminal output, for plain-text uses (Markdown, search, JSON). */
export function stripAnsi(text: string): string {
  return typeof text === "string" ? text.replace(ansiSequencePattern(), "") : "";
}

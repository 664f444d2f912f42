// What a terminal or the bidi algorithm acts on rather than shows: the C0 controls but tab and line feed
// (ESC starts every escape sequence, BEL ends an OSC), carriage returns, DEL, the C1 controls (U+0080 to
// U+009F: some terminals read U+009B as CSI and U+009D as OSC), and the bidi embeddings, overrides and
// isolates that can make text read in another order than it is stored (Trojan Source, CVE-2021-42574).
// The marks U+200E, U+200F and U+061C are left: natural right-to-left text uses them, and they move no
// letter of a word.
const ACTING_CHARACTER = String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]`;
const ANY_ACTING = new RegExp(ACTING_CHARACTER);
const EACH_ACTING = new RegExp(ACTING_CHARACTER, "g");
// A carriage return with the line feed after it, if any: one line end.
const EACH_ACTING_OR_CR = new RegExp(String.raw`\r\n?|${ACTING_CHARACTER}`, "g");
// Within one line of a terminal or a log, the line ends act too: each is shown on its own.
const EACH_ACTING_OR_BREAK = new RegExp(String.raw`[\n\r]|${ACTING_CHARACTER}`, "g");
const ANY_ACTING_OR_BREAK = new RegExp(String.raw`[\n\r]|${ACTING_CHARACTER}`);

/** `U+202E`: a character named by its code point. */
const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

// The C0 controls' names (ECMA-48), by code: what `⟪ESC⟫` says. Names rather than the Control Pictures
// symbols (␛): common fonts (DejaVu, the default on many Linux systems and terminals) have no glyph for
// those, which would leave boxes that do not tell ESC from BEL.
// biome-ignore format: two rows of sixteen, as the codes go
const C0_NAMES = [
  "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
];

/** `⟪ESC⟫`, `⟪U+202E⟫`: one character named. */
function named(char: string): string {
  const code = char.charCodeAt(0);
  const name = code < 0x20 ? C0_NAMES[code] : code === 0x7f ? "DEL" : codePoint(char);
  return `\u27ea${name}\u27eb`;
}

function shown(match: string): string {
  // A carriage return ends a line for every Markdown and HTML reader: written as the line feed they read.
  return match[0] === "\r" ? "\n" : named(match);
}

/**
 * A finished report's text with every character that would act on its reader shown instead: on a
 * terminal that `cat`s the file or prints standard output, in a browser, on GitHub. A C0 control or DEL
 * becomes its name in double angle brackets (an OSC 52 clipboard write reads `⟪ESC⟫]52;c;…⟪BEL⟫`), a C1
 * control or a bidi override its code point (`⟪U+202E⟫`); a carriage return becomes a line feed. Tab and line feed are kept; nothing the function writes is changed by it
 * again (idempotent), and text without such characters is returned as it is.
 */
export function showControlCharacters(text: string): string {
  if (!text.includes("\r") && !ANY_ACTING.test(text)) return text;
  return text.replace(EACH_ACTING_OR_CR, shown);
}

/**
 * Text that must stay on one line of a terminal or a log (a message on stderr naming a file, a gist's
 * description): the characters `showControlCharacters` shows, and the line feed and carriage return too
 * (`⟪LF⟫`, `⟪CR⟫`), so that nothing it holds starts a line of its own: a file named
 * `x\n::notice::…` would be a workflow command in a GitHub Actions log. Tab is kept; idempotent.
 */
export function showControlCharactersInLine(text: string): string {
  if (!ANY_ACTING_OR_BREAK.test(text)) return text;
  return text.replace(EACH_ACTING_OR_BREAK, named);
}

/**
 * JSON text with the same characters as `\uXXXX` escapes (JSON.stringify escapes only the C0 controls):
 * the same value to a parser, inert and visible in a terminal. They can stand only inside strings.
 */
export function escapeControlCharactersInJson(json: string): string {
  if (!ANY_ACTING.test(json)) return json;
  return json.replace(EACH_ACTING, (char) => `\\u${codePoint(char).slice(2).toLowerCase()}`);
}

import Anser from "anser";
import { escapeHtml } from "../escape.js";
import { nearestAnsiColor, paletteRgb } from "./ansi-colors.js";
import { ansiSequencePattern } from "./strip-ansi.js";

const CSI = "\u001b[";
// A colour/style sequence (SGR) in the form anser reads: `ESC [ <numbers;> m`.
const isSgr = (sequence: string) => sequence.startsWith(CSI) && /^[\d;]*m$/.test(sequence.slice(CSI.length));
const DECORATION_CLASS: Readonly<Record<string, string>> = {
  bold: "ansi-bold",
  dim: "ansi-dim",
  italic: "ansi-italic",
  underline: "ansi-underline",
  strikethrough: "ansi-strikethrough",
  // Blinking is dropped on purpose; hidden text is shown, since the report is a record of the output.
};

// anser names a colour `ansi-red`, `ansi-palette-208`, or `ansi-truecolor` with the RGB beside it.
// Everything is brought down to the 16 named colours: those have light and dark variants in the
// stylesheet, where a fixed RGB could be unreadable on one of the two backgrounds.
function colorName(anserColor: string | null, truecolor: string | null): string | undefined {
  if (anserColor === null) return undefined;
  if (anserColor === "ansi-truecolor") {
    const rgb = (truecolor ?? "").split(",").map((part) => Number(part.trim()));
    return nearestAnsiColor([rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0]);
  }
  const palette = /^ansi-palette-(\d+)$/.exec(anserColor);
  if (palette !== null) return nearestAnsiColor(paletteRgb(Number(palette[1])));
  return anserColor.startsWith("ansi-") ? anserColor.slice("ansi-".length) : undefined;
}

// anser has already applied reverse video (swapping the colours, a default foreground taken as
// white and a default background as black), so only colours and the other styles are left to map.
function classesOf(chunk: Anser.AnserJsonEntry): string[] {
  const fg = colorName(chunk.fg, chunk.fg_truecolor);
  const bg = colorName(chunk.bg, chunk.bg_truecolor);
  const classes: string[] = [];
  if (fg !== undefined) classes.push(`ansi-${fg}-fg`);
  if (bg !== undefined) classes.push(`ansi-${bg}-bg`);
  for (const decoration of chunk.decorations) {
    const className = DECORATION_CLASS[decoration];
    if (className !== undefined && !classes.includes(className)) classes.push(className);
  }
  return classes;
}

/**
 * Terminal output -> HTML for inside a `<pre>`: SGR colours and styles become `<span class="ansi-…">`
 * (styled by `ansiStylesheet()`), all text is escaped, and every other escape sequence (cursor
 * moves, titles, hyperlinks) is removed. Never throws.
 */
export function ansiToHtml(text: string): string {
  if (typeof text !== "string" || text === "") return "";
  // anser reads only CSI sequences and would leave the rest of an OSC hyperlink as visible junk.
  const sgrOnly = text.replace(ansiSequencePattern(), (sequence) => (isSgr(sequence) ? sequence : ""));
  if (!sgrOnly.includes("\u001b")) return escapeHtml(sgrOnly);
  const chunks = Anser.ansiToJson(sgrOnly, { use_classes: true, remove_empty: true });
  return chunks
    .map((chunk) => {
      const classes = classesOf(chunk);
      const content = escapeHtml(chunk.content);
      return classes.length === 0 ? content : `<span class="${classes.join(" ")}">${content}</span>`;
    })
    .join("");
}

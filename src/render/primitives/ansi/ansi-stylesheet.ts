import { faintestReadable, readableOn } from "../contrast.js";
import { ANSI_COLOR_NAMES } from "./ansi-colors.js";

// VS Code's terminal palettes. TERMINAL (its dark theme's) is the colours as a terminal shows them:
// text on a dark page, and every background on either page. On a light page text colours are
// darkened to read on white; a white background must stay light there, or the black text anser
// gives reversed default text would not read.
// biome-ignore format: two rows of eight read as the 8 colours and their bright forms
const LIGHT_PAGE_TEXT = [
  "#000000", "#cd3131", "#00bc00", "#949800", "#0451a5", "#bc05bc", "#0598bc", "#555555",
  "#666666", "#cd3131", "#14ce14", "#b5ba00", "#0451a5", "#bc05bc", "#0598bc", "#a5a5a5",
];
// biome-ignore format: as above
const TERMINAL = [
  "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
  "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#e5e5e5",
];

/** The page's terminal blocks (`pre`, `--panel-2`) and their default text (`--text`), light and dark. */
const LIGHT_TERMINAL_BACKGROUND = "#f4f4f2";
const DARK_TERMINAL_BACKGROUND = "#23272e";
const LIGHT_PAGE_DEFAULT_TEXT = "#1d1f23";
const DARK_PAGE_DEFAULT_TEXT = "#e6e7ea";

/**
 * Dim text (SGR 2) as the faintest colour that still reads at AA, not as a fixed opacity, which took it
 * under AA on the light page. First, so that a colour class on the same span wins: a program's colour is
 * kept whole rather than faded under AA.
 */
const dimRule = (text: string, background: string) =>
  `.ansi-dim{color:${faintestReadable(text, background)}}`;

/**
 * Each text colour as read on the page's terminal background (`readableOn`), except the one that is
 * the background's own colour (black on a dark page, white on a light one): a program writes it on a
 * background of its own (`\e[30;47m`), and moving it towards the page's text would lose that.
 */
function readablePalette(palette: readonly string[], background: string, direction: "darker" | "lighter") {
  const own = direction === "lighter" ? ["black"] : ["white", "bright-white"];
  return palette.map((color, index) =>
    own.includes(ANSI_COLOR_NAMES[index] as string) ? color : readableOn(color, [background], direction),
  );
}

const textRules = (palette: readonly string[]) =>
  ANSI_COLOR_NAMES.map((name, index) => `.ansi-${name}-fg{color:${palette[index]}}`).join("");
const backgroundRules = ANSI_COLOR_NAMES.map(
  (name, index) => `.ansi-${name}-bg{background-color:${TERMINAL[index]}}`,
).join("");

/** CSS for every class `ansiToHtml` emits: light colours by default, dark under `prefers-color-scheme: dark`. */
export function ansiStylesheet(): string {
  return (
    dimRule(LIGHT_PAGE_DEFAULT_TEXT, LIGHT_TERMINAL_BACKGROUND) +
    `${textRules(readablePalette(LIGHT_PAGE_TEXT, LIGHT_TERMINAL_BACKGROUND, "darker"))}${backgroundRules}` +
    ".ansi-bold{font-weight:bold}.ansi-italic{font-style:italic}" +
    ".ansi-underline{text-decoration:underline}.ansi-strikethrough{text-decoration:line-through}" +
    ".ansi-underline.ansi-strikethrough{text-decoration:underline line-through}\n" +
    `@media (prefers-color-scheme: dark){${dimRule(DARK_PAGE_DEFAULT_TEXT, DARK_TERMINAL_BACKGROUND)}${textRules(readablePalette(TERMINAL, DARK_TERMINAL_BACKGROUND, "lighter"))}}\n`
  );
}

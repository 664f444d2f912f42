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

const textRules = (palette: readonly string[]) =>
  ANSI_COLOR_NAMES.map((name, index) => `.ansi-${name}-fg{color:${palette[index]}}`).join("");
const backgroundRules = ANSI_COLOR_NAMES.map(
  (name, index) => `.ansi-${name}-bg{background-color:${TERMINAL[index]}}`,
).join("");

/** CSS for every class `ansiToHtml` emits: light colours by default, dark under `prefers-color-scheme: dark`. */
export function ansiStylesheet(): string {
  return (
    `${textRules(LIGHT_PAGE_TEXT)}${backgroundRules}` +
    ".ansi-bold{font-weight:bold}.ansi-dim{opacity:.6}.ansi-italic{font-style:italic}" +
    ".ansi-underline{text-decoration:underline}.ansi-strikethrough{text-decoration:line-through}" +
    ".ansi-underline.ansi-strikethrough{text-decoration:underline line-through}\n" +
    `@media (prefers-color-scheme: dark){${textRules(TERMINAL)}}\n`
  );
}

import { normalizeTheme, type ThemeRegistrationResolved } from "shiki/core";
import githubDark from "shiki/themes/github-dark.mjs";
import githubLight from "shiki/themes/github-light.mjs";
import { readableOn } from "../contrast.js";

/** Class of every highlighted `<pre>`; the stylesheet gives it the theme's text and background colours. */
export const CODE_BLOCK_CLASS = "shiki";

/** Name of the tokenizing theme loaded into the highlighter (see `ThemeClasses.ruleTheme`). */
export const RULE_THEME_NAME = "pi-report-rule-index";

const FONT_STYLE_CLASSES: readonly [flag: number, className: string][] = [
  [1, "hl-i"],
  [2, "hl-b"],
  [4, "hl-u"],
  [8, "hl-s"],
];

/** How tokens become class names, and the stylesheet that colours those classes. */
export interface ThemeClasses {
  /**
   * A theme whose rules are the light theme's, each foreground replaced by a colour that encodes the
   * rule's index. Tokenizing once with it tells, for every token, which rule coloured it, and so its
   * colour in both themes: one tokenization instead of one per theme, which halves the cost.
   */
  ruleTheme: ThemeRegistrationResolved;
  /** Class attribute value for a token tokenized with `ruleTheme` ('' when it has the default look). */
  classOf(color: string | undefined, fontStyle: number | undefined): string;
  /** CSS for every class `classOf` can return: light by default, dark under `prefers-color-scheme`. */
  stylesheet: string;
}

/**
 * Where highlighted code is drawn: the theme's own background, and the rows of a diff (diff-to-html.ts),
 * light and dark.
 */
export const CODE_BACKGROUNDS = {
  light: ["#ffffff", "#e6ffec", "#ffebe9"],
  dark: ["#24292e", "#12361f", "#4a1d1f"],
} as const;

/**
 * A token colour of the theme, as read on the code's backgrounds (`readableOn`). A rule with a background
 * of its own (invalid code, diff markup) keeps the pair the theme made; only `#rrggbb` colours are moved.
 */
export function readableCode(color: string, background: string, scheme: "light" | "dark"): string {
  if (background !== "" || !/^#[0-9a-f]{6}$/.test(color)) return color;
  return readableOn(color, CODE_BACKGROUNDS[scheme], scheme === "light" ? "darker" : "lighter");
}

const ruleColor = (index: number): string => `#${(index + 1).toString(16).padStart(6, "0")}`;

// The trick in `ruleTheme` is exact only when both themes list the same rules with the same font
// styles and differ in colours alone (true of github-light/-dark, generated from one source).
function assertParallel(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): void {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const mismatch = light.settings.findIndex((rule, index) => {
    const other = dark.settings[index];
    return (
      other === undefined ||
      !same(rule.scope, other.scope) ||
      (rule.settings.fontStyle ?? "") !== (other.settings.fontStyle ?? "") ||
      (rule.settings.foreground === undefined) !== (other.settings.foreground === undefined)
    );
  });
  if (mismatch !== -1 || light.settings.length !== dark.settings.length) {
    throw new Error(
      `Themes \`${light.name}\` and \`${dark.name}\` differ in their rules (first at rule ${mismatch}); ` +
        "the highlighter needs a light/dark pair with the same scopes and font styles.",
    );
  }
}

function buildThemeClasses(): ThemeClasses {
  const light = normalizeTheme(githubLight);
  const dark = normalizeTheme(githubDark);
  assertParallel(light, dark);
  const lower = (color: string | undefined) => (color ?? "").toLowerCase();
  const defaultPair = `color:${lower(light.fg)} color:${lower(dark.fg)}`;
  const pairClass = new Map<string, string>();
  const lightCss: string[] = [`.${CODE_BLOCK_CLASS}{color:${light.fg};background-color:${light.bg}}`];
  const darkCss: string[] = [`.${CODE_BLOCK_CLASS}{color:${dark.fg};background-color:${dark.bg}}`];
  // Class per rule index; colour classes are numbered per distinct (light, dark) look in rule order,
  // so the same theme pair always yields the same names and the same stylesheet. A rule's background
  // rides with its foreground (the themes define them together: diff markup, carriage returns).
  const classByRule = light.settings.map((rule, index) => {
    const darkRule = dark.settings[index]?.settings;
    const look = (fg: string, bg: string) => `color:${fg}${bg === "" ? "" : `;background-color:${bg}`}`;
    const lightBg = lower(rule.settings.background);
    const darkBg = lower(darkRule?.background);
    const lightLook = look(readableCode(lower(rule.settings.foreground), lightBg, "light"), lightBg);
    const darkLook = look(readableCode(lower(darkRule?.foreground), darkBg, "dark"), darkBg);
    const pair = `${lightLook} ${darkLook}`;
    if (rule.settings.foreground === undefined || rule.scope === undefined || pair === defaultPair) return "";
    let className = pairClass.get(pair);
    if (className === undefined) {
      className = `hl-${pairClass.size + 1}`;
      pairClass.set(pair, className);
      lightCss.push(`.${className}{${lightLook}}`);
      darkCss.push(`.${className}{${darkLook}}`);
    }
    return className;
  });
  const decorationCss =
    ".hl-i{font-style:italic}.hl-b{font-weight:bold}.hl-u{text-decoration:underline}" +
    ".hl-s{text-decoration:line-through}.hl-u.hl-s{text-decoration:underline line-through}";
  const ruleTheme: ThemeRegistrationResolved = {
    ...light,
    name: RULE_THEME_NAME,
    colorReplacements: {},
    settings: light.settings.map((rule, index) => ({
      ...rule,
      settings: {
        ...rule.settings,
        foreground: rule.settings.foreground === undefined ? undefined : ruleColor(index),
      },
    })),
  };
  return {
    ruleTheme,
    classOf(color, fontStyle) {
      const index = color === undefined ? -1 : Number.parseInt(color.slice(1, 7), 16) - 1;
      const colorClass = classByRule[index] ?? "";
      const styles = FONT_STYLE_CLASSES.filter(
        ([flag]) => fontStyle !== undefined && fontStyle > 0 && fontStyle & flag,
      );
      return [colorClass, ...styles.map(([, name]) => name)].filter((name) => name !== "").join(" ");
    },
    stylesheet: `${lightCss.join("")}${decorationCss}\n@media (prefers-color-scheme: dark){${darkCss.join("")}}\n`,
  };
}

let memo: ThemeClasses | undefined;

/** The light (github-light) and dark (github-dark) themes as CSS classes; built once. */
export function themeClasses(): ThemeClasses {
  memo ??= buildThemeClasses();
  return memo;
}

/** The stylesheet for highlighted code: every token class, light by default, dark under `prefers-color-scheme: dark`. */
export function highlightStylesheet(): string {
  return themeClasses().stylesheet;
}

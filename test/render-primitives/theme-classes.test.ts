import githubDark from "shiki/themes/github-dark.mjs";
import githubLight from "shiki/themes/github-light.mjs";
import { describe, expect, it } from "vitest";
import { highlighterOf, loadLanguage } from "../../src/render/primitives/highlight/highlighter.js";
import {
  RULE_THEME_NAME,
  readableCode,
  themeClasses,
} from "../../src/render/primitives/highlight/theme-classes.js";

const SAMPLES: [string, string][] = [
  [
    "typescript",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: quoted source code, not a template
    'import { x } from "y";\n/** doc */\nexport class A<T> extends B { #p = /re+g/gi; m(): T { return `t${1 + 2}` as T; } }',
  ],
  ["python", 'def f(a: int) -> str:\n    """doc"""\n    return f"{a!r}" if a else None  # c'],
  ["markdown", "# Title\n\n*em* **strong** `code` [l](http://x)\n\n```js\nlet a = 1\n```"],
  ["diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new"],
  ["shellscript", 'for f in *.ts; do echo "$f" | grep -v x > /dev/null 2>&1; done'],
  ["css", "a:hover { color: #fff !important; --x: calc(1px + 2em); }"],
];

// Parses the stylesheet into class -> [light colour, dark colour, whether it sets a background].
function classColours(): Map<string, [string, string, boolean]> {
  const [light = "", dark = ""] = themeClasses().stylesheet.split("@media");
  const colours = new Map<string, [string, string, boolean]>();
  for (const [, name, colour, rest] of light.matchAll(/\.(hl-\d+)\{color:(#[0-9a-f]+)([^}]*)/g))
    colours.set(name ?? "", [colour ?? "", "", (rest ?? "").includes("background")]);
  for (const [, name, colour] of dark.matchAll(/\.(hl-\d+)\{color:(#[0-9a-f]+)/g)) {
    const entry = colours.get(name ?? "");
    if (entry) entry[1] = colour ?? "";
  }
  return colours;
}

describe("one tokenization with the rule-index theme", () => {
  it("colours every character as tokenizing with github-light and github-dark separately would", async () => {
    const colours = classColours();
    const { classOf } = themeClasses();
    for (const [language, code] of SAMPLES) {
      expect(await loadLanguage(language)).toBe(true);
      // Markdown, which embeds languages lazily, has a highlighter of its own (see loadLanguage).
      const core = await highlighterOf(language);
      await core.loadTheme(githubLight, githubDark);
      // Per character: the two themes' colours and font style, as shiki gives them.
      const themed: [string | undefined, string | undefined, number][] = [];
      for (const line of core.codeToTokensWithThemes(code, {
        lang: language,
        themes: { light: "github-light", dark: "github-dark" },
        tokenizeTimeLimit: 0,
      })) {
        for (const token of line) {
          const { light, dark } = token.variants;
          const look: [string | undefined, string | undefined, number] = [
            light?.color?.toLowerCase(),
            dark?.color?.toLowerCase(),
            Math.max(light?.fontStyle ?? 0, 0),
          ];
          for (const _ of token.content) themed.push(look);
        }
      }
      const actual: string[] = [];
      const expected: string[] = [];
      for (const line of core.codeToTokensBase(code, {
        lang: language,
        theme: RULE_THEME_NAME,
        tokenizeTimeLimit: 0,
      })) {
        for (const token of line) {
          const classes = classOf(token.color, token.fontStyle).split(" ");
          const [light, dark, ownBackground] = colours.get(classes.find((c) => /^hl-\d+$/.test(c)) ?? "") ?? [
            "#24292e",
            "#e1e4e8",
            false,
          ];
          const flags =
            (classes.includes("hl-i") ? 1 : 0) |
            (classes.includes("hl-b") ? 2 : 0) |
            (classes.includes("hl-u") ? 4 : 0);
          for (const _ of token.content) {
            actual.push(`${light} ${dark} ${flags}`);
            // The themes' colours as the page shows them: moved to read at AA (contrast.test.ts holds
            // them to it), except on a rule's own background, where they are the theme's.
            const [themeLight, themeDark, style] = themed[expected.length] ?? [undefined, undefined, 0];
            const shown = (colour: string | undefined, scheme: "light" | "dark") =>
              colour === undefined ? colour : readableCode(colour, ownBackground ? "own" : "", scheme);
            expected.push(`${shown(themeLight, "light")} ${shown(themeDark, "dark")} ${style}`);
          }
        }
      }
      expect({ language, looks: actual }).toEqual({ language, looks: expected });
    }
  });
});

/**
 * WCAG 2 contrast, checked against values published with the standard, and the page's code and terminal
 * colours held to AA (4.5:1) on every background they are drawn on.
 */
import { describe, expect, it } from "vitest";
import {
  AA_CONTRAST,
  contrastRatio,
  faintestReadable,
  readableOn,
} from "../../src/render/primitives/contrast.js";
import { ansiStylesheet, diffStylesheet, highlightStylesheet } from "../../src/render/primitives/index.js";

/** `.class{color:#rrggbb}` rules without a background of their own, from one half of a stylesheet. */
function textColours(css: string, prefix: string): string[] {
  return [...css.matchAll(new RegExp(`\\.(${prefix}[\\w-]*)\\{color:(#[0-9a-f]{6})\\}`, "g"))].map(
    (match) => match[2] as string,
  );
}

/** The colours of a diff's quiet cells (numbers, signs, gap), and that nothing in it is faded by opacity. */
function quietColours(css: string): string[] {
  expect(css).not.toContain("opacity");
  return [...css.matchAll(/\.diff td:nth-child\(-n\+3\),\.diff-gap td\{color:(#[0-9a-f]{6})\}/g)].map(
    (match) => match[1] as string,
  );
}

describe("contrastRatio", () => {
  it("gives WCAG's figures: 21 for black on white, 1 for a colour on itself, 4.54 for #767676 on white", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 9);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 9);
    expect(contrastRatio("#3a7bd5", "#3a7bd5")).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails (4.48).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});

describe("readableOn", () => {
  it("leaves a colour that passes alone, and moves one that fails no further than it must", () => {
    expect(readableOn("#1d1f23", ["#ffffff"], "darker")).toBe("#1d1f23");
    // #777777 is one step from #767676: 119 x 0.99 = 117.8, rounded 118 (#767676).
    expect(readableOn("#777777", ["#ffffff"], "darker")).toBe("#767676");
    expect(readableOn("#777777", ["#000000"], "lighter")).toBe("#777777");
  });
});

describe("faintestReadable", () => {
  it("fades a colour toward its background until one more step would fall under AA", () => {
    // Black toward white: #767676 (4.54) is the last grey at AA, #777777 (4.48) the first under it; the
    // 1% steps from black are 0, 3, 5, ... 255 x 46% = 117.3 -> #757575 (4.61), x 47% = 119.85 -> #787878.
    expect(faintestReadable("#000000", "#ffffff")).toBe("#757575");
    expect(contrastRatio("#787878", "#ffffff")).toBeLessThan(AA_CONTRAST);
    // A colour already under AA is not made fainter still.
    expect(faintestReadable("#999999", "#ffffff")).toBe("#999999");
  });
});

describe("the page's code and terminal colours read at AA on their backgrounds", () => {
  const [codeLight, codeDark] = highlightStylesheet().split("@media (prefers-color-scheme: dark)") as [
    string,
    string,
  ];
  const [ansiLight, ansiDark] = ansiStylesheet().split("@media (prefers-color-scheme: dark)") as [
    string,
    string,
  ];
  const [diffLight, diffDark] = diffStylesheet().split("@media (prefers-color-scheme: dark)") as [
    string,
    string,
  ];
  const cases: [string, string[], string[]][] = [
    [
      "code, light: white and a diff's rows",
      textColours(codeLight, "hl-"),
      ["#ffffff", "#e6ffec", "#ffebe9"],
    ],
    [
      "code, dark: its background and a diff's rows",
      textColours(codeDark, "hl-"),
      ["#24292e", "#12361f", "#4a1d1f"],
    ],
    [
      "terminal, light (but white)",
      textColours(ansiLight, "ansi-(?!dim)").filter((_, index) => index !== 7 && index !== 15),
      ["#f4f4f2"],
    ],
    ["terminal, dark (but black)", textColours(ansiDark, "ansi-(?!dim)").slice(1), ["#23272e"]],
    // Dim text is a colour of its own now (it was the text at 60% opacity: 4.25:1 on the light page).
    ["terminal dim, light", textColours(ansiLight, "ansi-dim"), ["#f4f4f2"]],
    ["terminal dim, dark", textColours(ansiDark, "ansi-dim"), ["#23272e"]],
    // A diff's line numbers, signs and gap mark (they were the code's colour at 60% opacity: 4.02:1 on white).
    ["diff numbers, light: every row", quietColours(diffLight), ["#ffffff", "#e6ffec", "#ffebe9"]],
    ["diff numbers, dark: every row", quietColours(diffDark), ["#24292e", "#12361f", "#4a1d1f"]],
  ];
  for (const [what, colours, backgrounds] of cases) {
    it(what, () => {
      expect(colours.length).toBeGreaterThan(what.includes("terminal dim") || what.includes("diff") ? 0 : 5);
      for (const colour of colours) {
        for (const background of backgrounds) {
          expect(contrastRatio(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(
            AA_CONTRAST,
          );
        }
      }
    });
  }
});

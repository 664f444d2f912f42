/**
 * Every text colour of the report's and the archive's stylesheets reads at WCAG AA (4.5:1) on every
 * background the same stylesheet paints, in light and in dark: each pair the stylesheet could put
 * together, not only those a browser check happened to meet. And no text is faded by opacity, which
 * would take a passing colour under AA where no colour value shows it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AA_CONTRAST, contrastRatio } from "../../src/render/primitives/contrast.js";
import { ROOT } from "../helpers/paths.js";

/** The stylesheet's rules as `[selector, declarations]`, without comments and without `@media print`. */
function rules(css: string): [string, Map<string, string>][] {
  let text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  // Paper is black on white whatever the theme: its block is left out of the screen's pairs.
  for (let at = text.indexOf("@media print"); at !== -1; at = text.indexOf("@media print")) {
    let depth = 0;
    let end = text.indexOf("{", at);
    do {
      if (text[end] === "{") depth += 1;
      if (text[end] === "}") depth -= 1;
      end += 1;
    } while (depth > 0);
    text = text.slice(0, at) + text.slice(end);
  }
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => [
    (selector as string).replace(/^[\s\S]*\{/, "").trim(),
    new Map(
      (body as string)
        .split(";")
        .map((declaration) => declaration.split(":").map((part) => part.trim()))
        .filter((parts): parts is [string, string] => parts.length === 2 && parts[0] !== "")
        .map(([name, value]) => [name, value]),
    ),
  ]);
}

/** The custom properties a theme sets: `:root`, then for dark the `prefers-color-scheme: dark` block over it. */
function themeVariables(css: string, theme: "light" | "dark"): Map<string, string> {
  const [light, dark = ""] = css.split("@media (prefers-color-scheme: dark)");
  const declared = (part: string) =>
    [...part.slice(0, part.indexOf("}") + 1).matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(
      ([, name, value]) => [name as string, (value as string).trim()] as const,
    );
  return new Map([...declared(light as string), ...(theme === "dark" ? declared(dark) : [])]);
}

/** Text colours (`color`, and `fill` of a chart's labels) and backgrounds, as `#rrggbb` for one theme. */
function pairsOf(css: string, theme: "light" | "dark") {
  const variables = themeVariables(css, theme);
  const resolve = (value: string) =>
    value.replace(/^var\((--[\w-]+)\)$/, (_, name) => variables.get(name) ?? name);
  const isColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);
  const texts = new Set<string>();
  const backgrounds = new Set<string>();
  for (const [selector, declarations] of rules(css)) {
    if (selector === ":root") continue;
    const text =
      declarations.get("color") ?? (selector.includes("label") ? declarations.get("fill") : undefined);
    if (text !== undefined && !["inherit", "currentColor"].includes(text)) texts.add(resolve(text));
    const background = declarations.get("background-color") ?? declarations.get("background");
    if (background !== undefined && !["none", "transparent", "inherit"].includes(background)) {
      backgrounds.add(resolve(background));
    }
  }
  // The page's own background is where every rule without one of its own draws its text.
  backgrounds.add(resolve("var(--bg)"));
  for (const colour of [...texts, ...backgrounds])
    expect(isColour(colour), `${colour} in ${theme}`).toBe(true);
  return { texts: [...texts], backgrounds: [...backgrounds] };
}

const STYLESHEETS = ["templates/assets/report.css", "templates/archive/archive.css"];

describe.each(STYLESHEETS)("%s", (path) => {
  const css = readFileSync(`${ROOT}${path}`, "utf8");

  it.each(["light", "dark"] as const)("reads at AA in %s: every text colour on every background", (theme) => {
    const { texts, backgrounds } = pairsOf(css, theme);
    // The report has text in at least muted, accent, its three roles, warnings and errors; and panels.
    expect(texts.length).toBeGreaterThanOrEqual(6);
    expect(backgrounds.length).toBeGreaterThanOrEqual(3);
    const under = texts.flatMap((text) =>
      backgrounds
        .filter((background) => contrastRatio(text, background) < AA_CONTRAST)
        .map((background) => `${text} on ${background}: ${contrastRatio(text, background).toFixed(2)}`),
    );
    expect(under).toEqual([]);
  });

  it("fades no text with opacity (only hidden controls and the chart's bars)", () => {
    const faded = rules(css)
      .filter(([, declarations]) => Number(declarations.get("opacity") ?? 1) < 1)
      .map(([selector]) => selector);
    expect(
      faded.filter((selector) => !["nav-toggle", "chart-bars"].some((part) => selector.includes(part))),
    ).toEqual([]);
  });
});

import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { ansiStylesheet } from "../../src/render/primitives/ansi/ansi-stylesheet.js";
import { ansiToHtml } from "../../src/render/primitives/ansi/ansi-to-html.js";
import { stripAnsi } from "../../src/render/primitives/ansi/strip-ansi.js";

const ESC = "\u001b";

describe("ansiToHtml", () => {
  it("turns SGR colours and styles into classes and escapes the text", () => {
    expect(ansiToHtml(`${ESC}[31merror${ESC}[0m: a < b & "c"`)).toBe(
      '<span class="ansi-red-fg">error</span>: a &lt; b &amp; &quot;c&quot;',
    );
    expect(ansiToHtml(`${ESC}[1;92;44mok${ESC}[39m!`)).toBe(
      '<span class="ansi-bright-green-fg ansi-blue-bg ansi-bold">ok</span><span class="ansi-blue-bg ansi-bold">!</span>',
    );
  });

  it("brings 256-colour and true-colour values down to the nearest of the 16 colours", () => {
    // 196 is the cube's (255,0,0): bright red. 208 is (255,135,0): nearest is yellow (205,205,0).
    expect(ansiToHtml(`${ESC}[38;5;196mA${ESC}[38;5;208mB`)).toBe(
      '<span class="ansi-bright-red-fg">A</span><span class="ansi-yellow-fg">B</span>',
    );
    // (10,10,200) is nearest to blue (0,0,238).
    expect(ansiToHtml(`${ESC}[48;2;10;10;200mC`)).toBe('<span class="ansi-blue-bg">C</span>');
  });

  it("swaps colours for reverse video, a default foreground reading as white and background as black", () => {
    expect(ansiToHtml(`${ESC}[7;31mR`)).toBe('<span class="ansi-black-fg ansi-red-bg">R</span>');
    expect(ansiToHtml(`${ESC}[7mX`)).toBe('<span class="ansi-black-fg ansi-white-bg">X</span>');
  });

  it("removes other escape sequences instead of showing their remains", () => {
    const link = `${ESC}]8;;https://example.com${ESC}\\site${ESC}]8;;${ESC}\\`;
    expect(ansiToHtml(`${ESC}[2K${ESC}[1Gdone ${link} ${ESC}(B${ESC}[?25h<ok>`)).toBe("done site &lt;ok&gt;");
  });

  it("uses no inline styles and returns '' for nothing", () => {
    expect(ansiToHtml(`${ESC}[38;2;1;2;3mx${ESC}[4munder`)).not.toContain("style");
    expect(ansiToHtml("")).toBe("");
    expect(ansiToHtml(undefined as unknown as string)).toBe("");
  });
});

describe("stripAnsi", () => {
  it("leaves only the text", () => {
    expect(stripAnsi(`${ESC}[1;31mred${ESC}[0m ${ESC}]0;title\u0007plain${ESC}[`)).toBe("red plain");
  });

  // Why not Node's util.stripVTControlCharacters: it keeps a DCS string's payload and its ST, and a lone ESC,
  // so an escape would still reach Markdown, search text and JSON.
  it("removes what Node's stripVTControlCharacters leaves: DCS strings and a lone ESC", () => {
    const dcs = `${ESC}Pq#0;2;0;0;0${ESC}\\after`;
    expect(stripVTControlCharacters(dcs)).toContain(ESC);
    expect(stripAnsi(dcs)).toBe("after");
    expect(stripVTControlCharacters(`cut short${ESC}`)).toBe(`cut short${ESC}`);
    expect(stripAnsi(`cut short${ESC}`)).toBe("cut short");
  });
});

describe("ansiStylesheet", () => {
  it("styles every colour class in light and dark", () => {
    const [light, dark] = ansiStylesheet().split("@media (prefers-color-scheme: dark)");
    expect(light).toContain(".ansi-red-fg{color:#cd3131}");
    // White text is darkened to read on a light page; a white background stays light.
    expect(light).toContain(".ansi-white-fg{color:#555555}");
    expect(light).toContain(".ansi-white-bg{background-color:#e5e5e5}");
    expect(dark).toContain(".ansi-green-fg{color:#0dbc79}");
    // Green on the light page's terminal block (#f4f4f2) read at 2.3:1: darkened by 31%, 188 x 0.69 = 130.
    expect(light).toContain(".ansi-green-fg{color:#008200}");
    // Black on a dark page stays black: programs draw it on a background of their own.
    expect(dark).toContain(".ansi-black-fg{color:#000000}");
    expect(light).toContain(".ansi-bold{font-weight:bold}");
  });
});

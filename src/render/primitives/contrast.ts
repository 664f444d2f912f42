/**
 * Text colours made readable on the backgrounds they are drawn on, by WCAG 2's contrast ratio. The code
 * and terminal palettes are GitHub's and VS Code's, made for editors: several of their colours fall under
 * the 4.5:1 WCAG AA asks of body text on the page's backgrounds (github-light's orange 3.5:1, its dark
 * comments 3.0:1, the terminal's green 2.3:1 on the light page). Each is darkened (light page) or
 * lightened (dark page) only as far as it needs, so its hue stays what the palette meant.
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex([red, green, blue]: readonly number[]): string {
  return `#${[red, green, blue]
    .map((part) =>
      Math.round(part ?? 0)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Relative luminance of an sRGB colour (`#rrggbb`), as WCAG 2 defines it. */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = channels(hex).map((part) => {
    const unit = part / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2 contrast ratio of two colours (`#rrggbb`), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` (`#rrggbb`), mixed toward black (`"darker"`) or white (`"lighter"`) in steps of 1% until it
 * reaches `AA_CONTRAST` on every one of `backgrounds`; unchanged when it already does.
 */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  direction: "darker" | "lighter",
): string {
  const start = channels(color);
  const target = direction === "darker" ? 0 : 255;
  for (let step = 0; step <= 100; step += 1) {
    const mixed = toHex(start.map((part) => part + ((target - part) * step) / 100));
    if (backgrounds.every((background) => contrastRatio(mixed, background) >= AA_CONTRAST)) return mixed;
  }
  return toHex(start.map(() => target));
}

/**
 * `color` (`#rrggbb`) mixed toward `background` in steps of 1% as far as it still reaches `AA_CONTRAST`
 * on it: the faintest readable form of a colour (a terminal's dim text). Unchanged when it is already
 * under AA.
 */
export function faintestReadable(color: string, background: string): string {
  const start = channels(color);
  const end = channels(background);
  let faintest = color;
  for (let step = 1; step <= 100; step += 1) {
    const mixed = toHex(start.map((part, index) => part + (((end[index] as number) - part) * step) / 100));
    if (contrastRatio(mixed, background) < AA_CONTRAST) break;
    faintest = mixed;
  }
  return faintest;
}

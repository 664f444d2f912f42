/** The 16 terminal colours in anser's naming, in SGR order (30-37, then 90-97). */
export const ANSI_COLOR_NAMES = [
  "black",
  "red",
  "green",
  "yellow",
  "blue",
  "magenta",
  "cyan",
  "white",
  "bright-black",
  "bright-red",
  "bright-green",
  "bright-yellow",
  "bright-blue",
  "bright-magenta",
  "bright-cyan",
  "bright-white",
] as const;

// xterm's default RGB for the 16 colours: what 256-colour and true-colour values are matched against.
const XTERM_16: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
];

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255];

/** RGB of an xterm 256-colour palette index (16-231: the 6x6x6 cube; 232-255: the grey ramp). */
export function paletteRgb(index: number): [number, number, number] {
  if (index < 16) return [...(XTERM_16[index] ?? [0, 0, 0])] as [number, number, number];
  if (index >= 232) {
    const grey = 8 + 10 * (index - 232);
    return [grey, grey, grey];
  }
  const cube = index - 16;
  const level = (n: number) => CUBE_LEVELS[n] ?? 0;
  return [level(Math.floor(cube / 36)), level(Math.floor(cube / 6) % 6), level(cube % 6)];
}

/** The name of the nearest of the 16 colours to an RGB value. */
export function nearestAnsiColor(rgb: readonly [number, number, number]): string {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  XTERM_16.forEach((candidate, index) => {
    const distance = candidate.reduce((sum, value, channel) => sum + (value - (rgb[channel] ?? 0)) ** 2, 0);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return ANSI_COLOR_NAMES[best] ?? "white";
}

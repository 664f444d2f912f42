/** The few styles a table of costs uses: SGR codes, each undone by its own reset. */
const STYLES = {
  bold: ["\u001b[1m", "\u001b[22m"],
  dim: ["\u001b[2m", "\u001b[22m"],
  yellow: ["\u001b[33m", "\u001b[39m"],
  cyan: ["\u001b[36m", "\u001b[39m"],
} as const;

export type Style = keyof typeof STYLES;

/** Styles text for a terminal, or leaves it as it is. */
export type Paint = (style: Style, text: string) => string;

/**
 * How output is painted: in colour only on a terminal, and never when `NO_COLOR` is set to anything
 * (no-color.org), so a pipe, a file or a log gets plain text.
 */
export function paintFor(out: { isTTY?: boolean }, env: Record<string, string | undefined>): Paint {
  const colour = out.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === "");
  if (!colour) return (_, text) => text;
  return (style, text) => (text === "" ? text : `${STYLES[style][0]}${text}${STYLES[style][1]}`);
}

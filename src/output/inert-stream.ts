import { showControlCharactersInLine } from "../render/primitives/control-characters.js";

/** A stream of messages for people: standard error, or what a test or Pi collects in its place. */
export interface MessageStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** What a progress line starts with to be drawn again over itself. */
export const REDRAW = "\r";
/** What a progress line ends with: the cursor back to the start, the line erased. */
export const CLEAR_LINE = "\r\x1b[K";

/**
 * The one way out to a terminal or a log for every message of the tool: `stream` with each chunk taken
 * as one message, its text made inert by `showControlCharactersInLine` (an escape sequence in a file name
 * or a session's title is shown as `⟪ESC⟫…`, a line feed inside it as `⟪LF⟫`, so nothing a file holds can
 * start a line of its own) and the one line feed that ends it kept. The progress lines' own controls,
 * `REDRAW` before the text and `CLEAR_LINE` alone, are the only ones written as they are.
 */
export function inertStream(stream: MessageStream): MessageStream {
  return {
    ...(stream.isTTY === undefined ? {} : { isTTY: stream.isTTY }),
    write(chunk) {
      if (chunk === CLEAR_LINE) return stream.write(chunk);
      if (chunk.startsWith(REDRAW))
        return stream.write(`${REDRAW}${showControlCharactersInLine(chunk.slice(REDRAW.length))}`);
      const ended = chunk.endsWith("\n");
      return stream.write(
        `${showControlCharactersInLine(ended ? chunk.slice(0, -1) : chunk)}${ended ? "\n" : ""}`,
      );
    },
  };
}

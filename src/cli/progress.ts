import { CLEAR_LINE, REDRAW } from "../output/inert-stream.js";

/** A one-line progress note on stderr, redrawn in place; silent when stderr is not a terminal. */
export function progressLine(
  stderr: { write(chunk: string): unknown; isTTY?: boolean },
  what: string,
): { update: (done: number, total: number) => void; done: () => void } {
  let drawn = false;
  return {
    update(done, total) {
      if (stderr.isTTY !== true || total < 500) return;
      stderr.write(`${REDRAW}${what} ${done}/${total}`);
      drawn = true;
    },
    done() {
      if (drawn) stderr.write(CLEAR_LINE);
    },
  };
}

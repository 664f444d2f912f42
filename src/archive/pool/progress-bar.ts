import { CLEAR_LINE, REDRAW } from "../../output/inert-stream.js";

const WIDTH = 24;

/**
 * A progress bar on stderr, redrawn in place as sessions finish; nothing at all when stderr is not a
 * terminal, so logs and pipes get only the summary line. `doing` names the work ("archiving").
 */
export function progressBar(
  stderr: { write(chunk: string): unknown; isTTY?: boolean },
  total: number,
  doing = "archiving",
): { tick: () => void; done: () => void } {
  const live = stderr.isTTY === true && total > 0;
  let finished = 0;
  let drawn = "";
  const draw = (): void => {
    const filled = Math.round((finished / total) * WIDTH);
    const line = `${REDRAW}${doing} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${finished}/${total} sessions`;
    if (line !== drawn) stderr.write(line);
    drawn = line;
  };
  if (live) draw();
  return {
    tick() {
      finished += 1;
      if (live) draw();
    },
    done() {
      if (live) stderr.write(CLEAR_LINE);
    },
  };
}

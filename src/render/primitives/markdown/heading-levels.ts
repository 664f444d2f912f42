/**
 * The level a message's heading takes on the page. The page's title is its `h1`, its sections `h2` and
 * each transcript entry an `h3`, so a message's outline starts at `h4`; each heading then sits one level
 * below the nearest heading before it that it is deeper than, never further (`#` then `###` is h4 then h5),
 * so a screen reader's list of headings never skips a level, whatever levels the message used.
 */
export const MESSAGE_TOP_HEADING = 4;

/** Levels as a message's headings come (`#` is 1): one tracker per message, as its tokens come. */
export class HeadingLevels {
  /** The headings still open: their level in the message and on the page, outermost first. */
  private readonly open: { written: number; shown: number }[] = [];

  /** The page level (`MESSAGE_TOP_HEADING` to 6) of the next heading, written at `written` (1 to 6). */
  next(written: number): number {
    while ((this.open.at(-1)?.written ?? 0) >= written) this.open.pop();
    const shown = Math.min(6, (this.open.at(-1)?.shown ?? MESSAGE_TOP_HEADING - 1) + 1);
    this.open.push({ written, shown });
    return shown;
  }
}

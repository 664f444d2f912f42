/** The id prefix of a text without footnotes: it makes no ids, so any prefix gives the same HTML. */
export const DEFAULT_ID_PREFIX = "user-content-";

const FOOTNOTE = /\[\^/;

/**
 * Whether a text may have footnotes, the only markdown that creates ids: only such a text's HTML depends
 * on its id prefix, that is on where it stands on a page.
 */
export function mayHaveFootnotes(text: string): boolean {
  return FOOTNOTE.test(text);
}

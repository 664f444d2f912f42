/** GitHub refuses a comment (and a pull request or issue body) longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/**
 * The longest rendering that fits within `limit` characters, trimming lists in `order`: each list is cut
 * to the most items that fit (found by bisection: lengths grow with the items shown), or to none before
 * the next list is touched. Null when nothing fits even with every list empty.
 *
 * Characters are counted as JavaScript string length (UTF-16 code units), never fewer than GitHub counts.
 */
export function fitWithin<K extends string>(
  render: (limits: Record<K, number>) => string,
  full: Readonly<Record<K, number>>,
  order: readonly K[],
  limit = GITHUB_COMMENT_LIMIT,
): string | null {
  const limits = { ...full } as Record<K, number>;
  let text = render(limits);
  if (text.length <= limit) return text;
  for (const key of order) {
    const none = render({ ...limits, [key]: 0 });
    if (none.length > limit) {
      limits[key] = 0;
      continue;
    }
    // Invariant: `low` items fit, `high` items do not.
    let low = 0;
    let high = limits[key];
    text = none;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      const attempt = render({ ...limits, [key]: middle });
      if (attempt.length <= limit) {
        low = middle;
        text = attempt;
      } else high = middle;
    }
    return text;
  }
  return null;
}

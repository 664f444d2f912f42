/**
 * The longest rendering within `limit` characters, deciding the lists in `priority` order: each list in
 * turn shows the most items that fit beside the lists decided before it, with the lists after it empty.
 * The result is `fitWithin`'s (summary/fit-summary.ts, which trims in the reverse order), found without
 * rendering any list whole first: the number of items is found by doubling from 1, then by bisection, so
 * no rendering is much longer than the limit. A comment over 5,000 sessions and 15,000 files took 32 s
 * with `fitWithin` (every attempt serializes the whole of every other list); 2.4 s this way
 * (test/pr/pr-comment.test.ts).
 *
 * Lengths are JavaScript string lengths (UTF-16 code units), never fewer than GitHub counts. Should even
 * every list empty not fit, that rendering is returned: the caller's fixed text is its own to bound.
 */
export function fitByPriority<K extends string>(
  render: (limits: Readonly<Record<K, number>>) => string,
  full: Readonly<Record<K, number>>,
  priority: readonly K[],
  limit: number,
): string {
  const limits = Object.fromEntries(priority.map((key) => [key, 0])) as Record<K, number>;
  for (const key of priority) {
    const count = full[key];
    const fits = (items: number): boolean => render({ ...limits, [key]: items }).length <= limit;
    // Invariant: `low` items fit; `high` items do not (once the doubling stops short of `count`).
    let low = 0;
    let high = 1;
    while (high < count && fits(high)) {
      low = high;
      high *= 2;
    }
    if (high >= count) {
      if (count > 0 && fits(count)) {
        limits[key] = count;
        continue;
      }
      high = count;
    }
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (fits(middle)) low = middle;
      else high = middle;
    }
    limits[key] = low;
  }
  return render(limits);
}

/** Dollar cost of a piece of usage, split as Pi records it. */
export interface Cost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  total: number;
  /** Set when `total` is what the provider billed (Pi 1.6's `totalFromProvider`), not Pi's estimate from rates. */
  fromProvider?: true;
}

/**
 * The one usage shape of this project. The four counts add up as they are (`input` excludes `cacheRead`);
 * `reasoning` is already inside `output` and `cacheWrite1h` inside `cacheWrite`: never add them again.
 */
export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  reasoning: number;
  cacheWrite1h: number;
  cost: Cost;
  /**
   * Set when the stored cost could not be read (text, negative, not a number) and was read as 0: what
   * these tokens cost is unknown, which is neither a cost nor unpriced (a problem says where).
   */
  costUnreadable?: true;
}

/** Usage of nothing. */
export function emptyUsage(): Usage {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    reasoning: 0,
    cacheWrite1h: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
}

/** The sum of two usages (neither is modified). */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum = {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    totalTokens: a.totalTokens + b.totalTokens,
    reasoning: a.reasoning + b.reasoning,
    cacheWrite1h: a.cacheWrite1h + b.cacheWrite1h,
    cost: {
      input: a.cost.input + b.cost.input,
      output: a.cost.output + b.cost.output,
      cacheRead: a.cost.cacheRead + b.cost.cacheRead,
      cacheWrite: a.cost.cacheWrite + b.cost.cacheWrite,
      total: a.cost.total + b.cost.total,
    },
  };
  return a.costUnreadable || b.costUnreadable ? { ...sum, costUnreadable: true } : sum;
}

/** Tokens that reached or left the model: what a context-size or token total counts. */
export function tokenCount(usage: Usage): number {
  return usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/**
 * Usage with tokens and a recorded cost of 0: a subscription, a custom or local provider. Not free:
 * unpriced. A cost that could not be read is not one of these: it is unknown (`costUnreadable`).
 */
export function isUnpriced(usage: Usage): boolean {
  return usage.cost.total === 0 && usage.totalTokens > 0 && usage.costUnreadable !== true;
}

/**
 * Usage that records nothing: no tokens and no cost. Some providers record none (Pi then writes zeros),
 * so such a model call's usage is unknown, neither free nor unpriced. A cost that could not be read is
 * not one of these: something was recorded.
 */
export function isUnrecorded(usage: Usage): boolean {
  return (
    usage.totalTokens === 0 &&
    tokenCount(usage) === 0 &&
    usage.cost.total === 0 &&
    usage.costUnreadable !== true
  );
}

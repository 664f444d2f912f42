import { type Cost, emptyUsage, type Usage } from "./usage.js";

/** Usage converted from a file, and what was wrong with the stored value (if anything). */
export interface ConvertedUsage {
  usage: Usage;
  /** Set when the stored value was not a usage object or held a field that is not a count. */
  issue?: string;
}

const COUNT_FIELDS = ["input", "output", "cacheRead", "cacheWrite", "reasoning", "cacheWrite1h"] as const;
const COST_FIELDS = ["input", "output", "cacheRead", "cacheWrite"] as const;

/**
 * The only place the file's usage shapes become a {@link Usage} (FORMAT.md §5): assistant messages,
 * tool results, summaries and `usage` entries store `cost` as an object; sub-agent results as a number.
 * A missing `totalTokens` is the sum of the four counts; a missing `cost.total` the sum of its parts.
 * A missing count is 0; a present one that is not a non-negative number is 0 and reported, and a cost
 * read so marks the usage `costUnreadable` (its tokens are then not unpriced: their cost is unknown).
 */
export function toUsage(stored: unknown): ConvertedUsage {
  const usage = emptyUsage();
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) {
    return stored === undefined
      ? { usage }
      : { usage, issue: `usage ${JSON.stringify(stored)} is not an object` };
  }
  const record = stored as Record<string, unknown>;
  const bad: string[] = [];
  for (const field of COUNT_FIELDS) usage[field] = readCount(record[field], field, bad);
  const recordedTotal = record.totalTokens;
  usage.totalTokens =
    typeof recordedTotal === "number" && Number.isFinite(recordedTotal) && recordedTotal >= 0
      ? recordedTotal
      : usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  const badCounts = bad.length;
  usage.cost = readCost(record.cost, bad);
  if (bad.length > badCounts) usage.costUnreadable = true;
  if (bad.length === 0) return { usage };
  const said = (fields: string[], one: string, many: string) =>
    fields.length === 0 ? [] : [`${fields.join(", ")} ${fields.length > 1 ? many : one}`];
  const what = [
    ...said(bad.slice(0, badCounts), "is not a count", "are not counts"),
    ...said(bad.slice(badCounts), "is not an amount", "are not amounts"),
  ];
  return { usage, issue: `usage field ${what.join("; ")}; read as 0` };
}

function readCount(value: unknown, field: string, bad: string[]): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  bad.push(`\`${field}\` (${JSON.stringify(value)})`);
  return 0;
}

function readCost(value: unknown, bad: string[]): Cost {
  const cost: Cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
  if (value === undefined || value === null) return cost;
  if (typeof value === "number") {
    cost.total = readCount(value, "cost", bad);
    return cost;
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    bad.push(`\`cost\` (${JSON.stringify(value)})`);
    return cost;
  }
  const record = value as Record<string, unknown>;
  for (const field of COST_FIELDS) cost[field] = readCount(record[field], `cost.${field}`, bad);
  cost.total =
    record.total === undefined || record.total === null
      ? cost.input + cost.output + cost.cacheRead + cost.cacheWrite
      : readCount(record.total, "cost.total", bad);
  if (record.totalFromProvider === true) cost.fromProvider = true;
  return cost;
}

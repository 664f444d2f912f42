import type { SessionAnalysis } from "../pipeline.js";
import { isPlainObject } from "../plain-object.js";

/** The usage Pi 1.6's footer adds up, by where it is stored (footer.js `getSessionStats`). */
export type PiFooterSource = "assistant" | "toolResult" | "summary" | "usageEntry";

/** One usage record Pi's footer adds, with the cost it adds as stored (unchecked, as Pi adds it). */
export interface PiFooterItem {
  entryIndex: number;
  source: PiFooterSource;
  cost: unknown;
}

/**
 * What Pi 1.6's footer shows for a file: its cost as Pi prints it, a cost of 0 (or not a number) it leaves
 * out, or nothing at all where its code throws; and its tokens, null where it shows none or their sum is
 * no number.
 */
export type PiFooter =
  | { kind: "shown"; cost: number; printed: string; tokens: number | null; items: PiFooterItem[] }
  | { kind: "no cost"; tokens: number | null; items: PiFooterItem[] }
  | { kind: "none"; reason: string; tokens: number | null; items: PiFooterItem[] };

type Sums = { input: unknown; output: unknown; cacheRead: unknown; cacheWrite: unknown; cost: unknown };

/**
 * Pi 1.6's footer, as its code does it (dist/modes/interactive/components/footer.js `getSessionStats` and
 * `render`, with dist/core/usage-totals.js `addUsageToTotals`): over every entry it read, abandoned
 * branches included, it adds the usage of `usage` entries, assistant replies, tool results that carry one,
 * and compaction and branch-summary entries that carry one, unchecked; prints the cost as
 * `"$" + cost.toFixed(3)` when it is not 0 (or NaN). A reply without usage, or a usage without `cost`,
 * makes its code throw: the footer shows nothing.
 * `dropped` are the lines Pi's reader cannot parse (it skips them).
 */
export function piFooter(analysis: SessionAnalysis, dropped: Set<number | null>): PiFooter {
  const items: PiFooterItem[] = [];
  if (analysis.session.inputVersion === 4) {
    return { kind: "none", reason: V4_REASON, tokens: null, items };
  }
  if (!(analysis.session.piReading?.headerFirst ?? analysis.session.headerFirst)) {
    // session-manager.js: loadEntriesFromFile keeps nothing, and a file that is not empty is refused.
    return {
      kind: "none",
      reason:
        'the first line Pi can parse is not the session header, so Pi 1.6 does not open it ("not a valid pi session")',
      tokens: null,
      items,
    };
  }
  const sums: Sums = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
  for (const entry of analysis.tree.entries) {
    if (dropped.has(entry.line)) continue;
    const found = footerUsage(entry.body);
    if (found === null) continue;
    const failure = addLikePi(sums, found.usage);
    if (failure !== null) {
      const what = found.source === "assistant" ? "the reply" : `the ${SOURCE_NOUNS[found.source]}`;
      return {
        kind: "none",
        reason: `${what} on line ${entry.line} stores no ${failure}, and Pi's footer fails on it`,
        tokens: null,
        items,
      };
    }
    items.push({ entryIndex: entry.index, source: found.source, cost: costOf(found.usage) });
  }
  const tokenSum = (sums.input as number) + (sums.output as number) + (sums.cacheRead as number);
  const tokens = tokenSum + (sums.cacheWrite as number);
  const tokenCount = typeof tokens === "number" && Number.isFinite(tokens) ? tokens : null;
  const cost = sums.cost;
  // `if (usageTotals.cost)`: 0 and NaN are left out; text is truthy and `toFixed` then throws.
  if (typeof cost === "number" && (cost === 0 || Number.isNaN(cost))) {
    if (cost === 0) return { kind: "no cost", tokens: tokenCount, items };
    return { kind: "none", reason: oddSumReason(analysis, items, "not a number"), tokens: tokenCount, items };
  }
  if (typeof cost !== "number") {
    return { kind: "none", reason: oddSumReason(analysis, items, "text"), tokens: null, items };
  }
  return { kind: "shown", cost, printed: `$${cost.toFixed(3)}`, tokens: tokenCount, items };
}

/** Pi 1.6's `SessionManager.open` refuses a v4 file: "Session file is not a valid pi session". */
const V4_REASON =
  'it is a version 4 file, written by a host built on Pi\'s agent core, which Pi 1.6 does not open ("not a valid pi session")';

const SOURCE_NOUNS: Readonly<Record<PiFooterSource, string>> = {
  assistant: "reply",
  toolResult: "tool result",
  summary: "summary",
  usageEntry: "usage entry",
};

/** The usage record Pi's footer reads from an entry, if any (the stored value, whatever shape we gave it). */
function footerUsage(
  body: SessionAnalysis["tree"]["entries"][number]["body"],
): { source: PiFooterSource; usage: unknown } | null {
  const raw: unknown = body.type === "other" ? body.value : body;
  if (!isPlainObject(raw)) return null;
  if (raw.type === "usage") return { source: "usageEntry", usage: raw.usage };
  if ((raw.type === "compaction" || raw.type === "branch_summary") && raw.usage)
    return { source: "summary", usage: raw.usage };
  if (raw.type !== "message" || !isPlainObject(raw.message)) return null;
  if (raw.message.role === "assistant") return { source: "assistant", usage: raw.message.usage };
  if (raw.message.role === "toolResult" && raw.message.usage)
    return { source: "toolResult", usage: raw.message.usage };
  return null;
}

/** `addUsageToTotals`: JavaScript's `+` on whatever is stored; null, or what was missing where Pi's code throws. */
function addLikePi(sums: Sums, usage: unknown): string | null {
  if (usage === null || usage === undefined) return "usage";
  const stored = usage as Record<string, unknown>;
  for (const key of ["input", "output", "cacheRead", "cacheWrite"] as const)
    sums[key] = (sums[key] as number) + (stored[key] as number);
  if (stored.cost === null || stored.cost === undefined) return "cost";
  sums.cost = (sums.cost as number) + ((stored.cost as Record<string, unknown>).total as number);
  return null;
}

function costOf(usage: unknown): unknown {
  return (usage as { cost: Record<string, unknown> }).cost.total;
}

function oddSumReason(analysis: SessionAnalysis, items: PiFooterItem[], what: string): string {
  const odd = items.find((item) => typeof item.cost !== "number" || Number.isNaN(item.cost));
  if (odd === undefined) return `its sum is ${what}`;
  const line = analysis.tree.entries[odd.entryIndex]?.line;
  return `its sum is ${what}, from the cost stored on line ${line} (${JSON.stringify(odd.cost) ?? "no total"})`;
}

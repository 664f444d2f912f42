import { emptyTotals, type Totals } from "../usage/totals.js";
import type { UsageSource } from "../usage/usage-item.js";
import type { DigestUsage, SessionDigest } from "./session-digest.js";

/**
 * One piece of a session's usage as archive.json carries it, for merging archives of several machines:
 * the entry that holds it (`entryKey`: id and timestamp, the same on every machine a copy is on; null
 * for an entry without a timestamp, never matched), and only the figures that are not zero.
 */
export interface EntryUsage {
  entry: string | null;
  day: string | null;
  source: UsageSource;
  provider: string | null;
  model: string | null;
  totals: Partial<Totals>;
}

/** Totals without their zeros: most pieces of usage hold five figures of eleven. */
function nonZero(totals: Totals): Partial<Totals> {
  return Object.fromEntries(Object.entries(totals).filter(([, value]) => value !== 0));
}

/** A session's usage, entry by entry, for archive.json. */
export function entryUsageOf(digest: SessionDigest): EntryUsage[] {
  return digest.usage.map((item) => ({
    entry: digest.entryKeys[item.entry] ?? null,
    day: item.day,
    source: item.source,
    provider: item.provider,
    model: item.model,
    totals: nonZero(item.totals),
  }));
}

/**
 * The digest's `entryKeys` and `usage` again from archive.json's pieces: only entries that record
 * usage come back (the others never counted anything). A piece with no entry gets a key of its own.
 */
export function digestUsageOf(pieces: readonly EntryUsage[]): {
  entryKeys: (string | null)[];
  usage: DigestUsage[];
} {
  const entryKeys: (string | null)[] = [];
  const at = new Map<string, number>();
  const usage = pieces.map((piece): DigestUsage => {
    let entry: number;
    if (piece.entry === null) {
      entry = entryKeys.push(null) - 1;
    } else {
      entry = at.get(piece.entry) ?? entryKeys.push(piece.entry) - 1;
      at.set(piece.entry, entry);
    }
    const { entry: _, totals, ...rest } = piece;
    return { ...rest, entry, totals: { ...emptyTotals(), ...totals } };
  });
  return { entryKeys, usage };
}

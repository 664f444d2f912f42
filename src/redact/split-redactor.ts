import type { Redactor, RedactResult } from "./create-redactor.js";

/** What another thread's redactor made of a batch: only the strings it changed, and the counts by kind. */
export interface RemoteRedaction {
  /** `[index in the batch, redacted text]`, for the strings that changed. */
  changed: [number, string][];
  counts: Record<string, number>;
}

/**
 * A redactor in another thread; `null` when it could not answer (the thread is gone). It is sent distinct
 * strings, and how many times each stands in the batch, for the counts.
 */
export type RemoteRedactor = (
  strings: readonly string[],
  occurrences: readonly number[],
) => Promise<RemoteRedaction | null>;

/**
 * Below this many characters a batch is redacted here. Sending a share costs little, but the report thread
 * has better use for that time on a mid-sized session: warming grammars up before the page's first block
 * (its tokenizing is then what the page waits for). On the 2.3 MB real file, redacting here alone and
 * letting the thread warm up took the HTML report from 1.70 to 1.60 s (5 runs each); on the 20 MB bench
 * session, where redaction is 0.7 s, splitting it saves more than that. (Measured while the thread warmed
 * grammars up, which issue 26 removed for gaining too little: the threshold is worth measuring again.)
 */
export const SPLIT_MIN_CHARS = 4_000_000;

/**
 * A redactor that hands part of a large batch (by characters, counting each distinct string once: what
 * lies past `LOCAL_SHARE`) to `remote` and redacts the rest itself meanwhile. Each side gets each of its
 * strings once, with how many times it occurs: a session repeats many (the 20 MB bench session holds 16.7
 * million characters, 5.7 million distinct), and sending copies to the other thread cost a structured
 * clone of each. Each string is redacted on its own, so the result is exactly `local`'s on the whole
 * batch: the same strings (unchanged ones the very same), the same counts. Should the other thread fail,
 * its share is redacted here.
 */
export function splitRedactor(local: Redactor, remote: RemoteRedactor): Redactor {
  return {
    secrets: local.secrets,
    async redact(strings, occurrences) {
      // Distinct strings in the order first met, how often each occurs, and which one each occurrence is.
      const distinctIndex = new Map<string, number>();
      const distinct: string[] = [];
      const times: number[] = [];
      const which = strings.map((text, at) => {
        const count = occurrences?.[at] ?? 1;
        let index = distinctIndex.get(text);
        if (index === undefined) {
          index = distinct.length;
          distinct.push(text);
          times.push(count);
          distinctIndex.set(text, index);
        } else {
          times[index] = (times[index] ?? 0) + count;
        }
        return index;
      });
      const cut = cutByLength(distinct);
      if (cut === undefined) return local.redact(strings, occurrences);
      const later = distinct.slice(cut);
      const laterTimes = times.slice(cut);
      // Sent before this thread's share is worked on, so both are redacted at once. A failure to send
      // is the same as no answer: that share is redacted here.
      const away = remote(later, laterTimes).catch(() => null);
      const first = await local.redact(distinct.slice(0, cut), times.slice(0, cut));
      const second = (await away) ?? changesOf(later, await local.redact(later, laterTimes));
      const redactedDistinct = [...first.strings, ...later];
      for (const [index, text] of second.changed) redactedDistinct[cut + index] = text;
      const redacted = which.map((index, at) => {
        const text = redactedDistinct[index] as string;
        // An unchanged string comes back as the very one given, not an equal one met earlier.
        return text === distinct[index] ? (strings[at] as string) : text;
      });
      return { strings: redacted, counts: addCounts(first.counts, second.counts) };
    },
  };
}

/** The strings of `result` that differ from `strings`, as a remote redactor reports them. */
export function changesOf(strings: readonly string[], result: RedactResult): RemoteRedaction {
  const changed: [number, string][] = [];
  result.strings.forEach((text, index) => {
    if (text !== strings[index]) changed.push([index, text]);
  });
  return { changed, counts: result.counts };
}

/**
 * The share of a batch's characters redacted in the calling thread: more than half, because the other
 * thread's share is copied to it first and its answer is read only once this thread's share is done.
 * Timed on the bench session without a profiler, 5 runs each (this thread's share, then the other's):
 * half, 129-173 against 146-190 ms; 0.6, 133-164 against 146-160 ms; two thirds, 157-315 against
 * 118-166 ms. Wall times of the whole report do not tell them apart (11 interleaved runs each, medians
 * 0.5 2.72 s, 0.6 2.64 s, 0.667 2.68 s, each with a spread of ±0.15 s).
 */
export const LOCAL_SHARE = 0.6;

/** Where `LOCAL_SHARE` of the characters are behind; undefined for a batch too small to split. */
function cutByLength(strings: readonly string[]): number | undefined {
  let total = 0;
  for (const text of strings) total += text.length;
  if (total < SPLIT_MIN_CHARS) return undefined;
  let seen = 0;
  for (let index = 0; index < strings.length; index += 1) {
    seen += strings[index]?.length ?? 0;
    if (seen >= total * LOCAL_SHARE) return index + 1 < strings.length ? index + 1 : undefined;
  }
  return undefined;
}

/** Counts by kind added up, keys sorted as a redactor gives them. */
function addCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const sum = new Map<string, number>(Object.entries(a));
  for (const [kind, count] of Object.entries(b)) sum.set(kind, (sum.get(kind) ?? 0) + count);
  const sorted: Record<string, number> = {};
  for (const kind of [...sum.keys()].sort()) sorted[kind] = sum.get(kind) ?? 0;
  return sorted;
}

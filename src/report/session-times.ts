import type { Session } from "../migrate/type-entries.js";

/** When a session started and ended, as ISO strings; null when no timestamp can be read. */
export interface SessionTimes {
  startedAt: string | null;
  endedAt: string | null;
}

/**
 * The earliest and latest readable timestamps of the header and the entries. Not simply the header's:
 * some agents write the header after their first entries (a real file has it later than all of them).
 */
export function sessionTimes(session: Session): SessionTimes {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const consider = (value: string | undefined): void => {
    if (value === undefined) return;
    const time = Date.parse(value);
    if (Number.isNaN(time)) return;
    if (time < first) first = time;
    if (time > last) last = time;
  };
  consider(session.header.timestamp);
  for (const entry of session.entries) consider(entry.timestamp);
  if (!Number.isFinite(first)) return { startedAt: null, endedAt: null };
  return { startedAt: new Date(first).toISOString(), endedAt: new Date(last).toISOString() };
}

import type { Session } from "../migrate/type-entries.js";

/** When a session started and ended, as ISO strings; null when no timestamp can be read. */
export interface SessionTimes {
  startedAt: string | null;
  endedAt: string | null;
}

/**
 * When the session started: the earliest readable timestamp of the header and the entries (not simply the
 * header's: some agents write the header after their first entries, and a real file has it later than all
 * of them). A fork (`/fork`, `/clone`: a header naming its `parentSession`) started when it was made, the
 * header's time: the entries it copied keep the original's timestamps, and dated by them a fork made today
 * read as last week's, in the archive's order, durations and date filters too. When it ended: the latest
 * entry's, since the header says when the file was made, not when anything happened in it; null without
 * entries.
 */
export function sessionTimes(session: Session): SessionTimes {
  const forkedAt =
    session.header.parentSession === undefined ? Number.NaN : Date.parse(session.header.timestamp ?? "");
  let first = Number.isNaN(forkedAt) ? Number.POSITIVE_INFINITY : forkedAt;
  let last = Number.NEGATIVE_INFINITY;
  const consider = (value: string | undefined, isEntry: boolean): void => {
    if (value === undefined) return;
    const time = Date.parse(value);
    if (Number.isNaN(time)) return;
    if (time < first && Number.isNaN(forkedAt)) first = time;
    if (isEntry && time > last) last = time;
  };
  consider(session.header.timestamp, false);
  for (const entry of session.entries) consider(entry.timestamp, true);
  return {
    startedAt: Number.isFinite(first) ? new Date(first).toISOString() : null,
    endedAt: Number.isFinite(last) ? new Date(last).toISOString() : null,
  };
}

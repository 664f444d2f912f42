import type { CountedSession } from "../archive/model/archive-model.js";
import type { DigestUsage } from "../sessions/session-digest.js";
import { zonedDay } from "../sessions/time-zone.js";

/** When a piece of usage happened: its entry's timestamp (in its `entryKey`), else its session's start. */
export function timeOf(item: DigestUsage, session: CountedSession): string | null {
  const key = session.digest.entryKeys[item.entry];
  if (key !== null && key !== undefined) {
    try {
      const [, timestamp] = JSON.parse(key) as [unknown, unknown];
      if (typeof timestamp === "string" && !Number.isNaN(Date.parse(timestamp))) return timestamp;
    } catch {
      // A key is always the JSON `entryKey` writes; one that is not says nothing of the time.
    }
  }
  return session.digest.startedAt;
}

/**
 * The day a piece of usage falls on in `zone`: the day of its entry's timestamp, else of its session's
 * start (as the archive's `DigestUsage.day`, which is this in UTC); null when neither reads as a time.
 */
export function dayOf(item: DigestUsage, session: CountedSession, zone: string): string | null {
  return zonedDay(timeOf(item, session), zone);
}

/** The Monday (YYYY-MM-DD) of the week a day (YYYY-MM-DD) is in: weeks run Monday to Sunday, as ISO's do. */
export function weekOf(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, date);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

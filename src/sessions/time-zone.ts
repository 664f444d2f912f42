import { UsageError } from "../output/usage-error.js";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** What a formatter tells of a time: its calendar day, or its hour and minute. */
const PARTS = {
  day: { year: "numeric", month: "2-digit", day: "2-digit" },
  minute: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
} as const;

/** One formatter per zone and part: made once, as a session's every piece of usage asks for its day. */
function formatterOf(zone: string, part: keyof typeof PARTS): Intl.DateTimeFormat {
  let formatter = formatters.get(`${part} ${zone}`);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...PARTS[part] });
    formatters.set(`${part} ${zone}`, formatter);
  }
  return formatter;
}

/** The UTC calendar day of an ISO timestamp, or null when it does not read as a time. */
export function utcDay(timestamp: string | null | undefined): string | null {
  if (timestamp === null || timestamp === undefined) return null;
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * The calendar day (YYYY-MM-DD) of an ISO timestamp in an IANA time zone, or null when it does not read as
 * a time. In UTC it is `utcDay`'s day: the archive's days are UTC days.
 */
export function zonedDay(timestamp: string | null | undefined, zone: string): string | null {
  if (zone === "UTC") return utcDay(timestamp);
  if (timestamp === null || timestamp === undefined) return null;
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return null;
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterOf(zone, "day").formatToParts(time)) parts[type] = value;
  return `${(parts.year ?? "").padStart(4, "0")}-${parts.month}-${parts.day}`;
}

/** "2025-06-01 09:30": an ISO timestamp's day and minute in `zone`; null when it does not read as a time. */
export function zonedMinute(timestamp: string | null, zone: string): string | null {
  const day = zonedDay(timestamp, zone);
  if (day === null || timestamp === null) return null;
  return `${day} ${formatterOf(zone, "minute").format(Date.parse(timestamp))}`;
}

/**
 * The time zone named, as Intl spells it (`utc` is `UTC`).
 *
 * @throws {UsageError} when no such zone is known.
 */
export function checkTimeZone(flag: string, zone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new UsageError(
      `${flag} ${zone}: not a time zone; give an IANA name such as UTC, Europe/Berlin or America/New_York.`,
    );
  }
}

/**
 * This machine's time zone: `TZ` when it names one Intl knows, else the one the system reports (UTC when
 * it reports none).
 */
export function localTimeZone(env: Record<string, string | undefined>): string {
  const named = env.TZ?.replace(/^:/, "");
  if (named !== undefined && named !== "") {
    try {
      return checkTimeZone("TZ", named);
    } catch {
      // A POSIX rule (`EST5EDT,M3.2.0,M11.1.0`) or a path: the system's own answer below.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
}

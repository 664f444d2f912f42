import { formatTime } from "../view/format.js";
import type { PrSession } from "./pr-sessions.js";

/** Characters of a session id shown at least, where two rows need it to be told apart (as `git` shortens). */
const SHORT_ID = 8;

/** When a session started, to the minute ("2026-05-01 11:00 UTC"); "start unknown" without a time. */
function startOf(session: PrSession): string {
  const time = formatTime(session.startedAt);
  return time === null ? "start unknown" : `${time.slice(0, 16)} UTC`;
}

/** Each id cut to the shortest prefix (from SHORT_ID characters) that no other id of the list shares. */
function shortIds(ids: readonly string[]): string[] {
  return ids.map((id) => {
    for (let length = SHORT_ID; length < id.length; length += 1) {
      const prefix = id.slice(0, length);
      if (ids.every((other) => other === id || !other.startsWith(prefix))) return prefix;
    }
    return id;
  });
}

/** Groups the positions of a list by a key, in order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): number[][] {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [index]);
    else group.push(index);
  });
  return [...groups.values()];
}

/**
 * The sessions table's titles: each session's as it is (`titles`, one per session), and where several
 * share one (two sessions both titled "hi"), each told apart by when it started, then, for sessions that
 * started in the same minute, by the start of its id (the prefix `pi --session` takes; its file's name
 * for a file without an id).
 */
export function rowTitles(sessions: readonly PrSession[], titles: readonly string[]): string[] {
  const shown = [...titles];
  for (const same of groupBy(titles, (title) => title)) {
    if (same.length < 2) continue;
    for (const minute of groupBy(same, (index) => startOf(sessions[index] as PrSession))) {
      const starts = minute.map((index) => startOf(sessions[index] as PrSession));
      if (minute.length === 1) {
        shown[minute[0] as number] = `${titles[minute[0] as number]} (${starts[0]})`;
        continue;
      }
      const names = minute.map((index) => {
        const session = sessions[index] as PrSession;
        return session.sessionId ?? session.path.split(/[\\/]/).pop() ?? session.path;
      });
      const short = shortIds(names);
      minute.forEach((index, at) => {
        shown[index] = `${titles[index]} (${starts[at]}, ${short[at]})`;
      });
    }
  }
  return shown;
}

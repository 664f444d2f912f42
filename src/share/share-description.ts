import { showControlCharactersInLine } from "../render/primitives/control-characters.js";

/**
 * How a gist says it is a pi-report share: its description, `pi-report: <title> (session <id>)`. The
 * description is all `--list` needs, on any machine the same account is logged in on.
 */

const PREFIX = "pi-report: ";
/** Titles are one line and cut here: a session name or first prompt can be any length. */
const TITLE_MAX = 100;
const PATTERN = /^pi-report: (.*) \(session ([^\s()]+)\)$/s;

/**
 * The description of the gist that shares this session: one line, its controls shown by name (GitHub
 * shows it, `share --list` prints it).
 */
export function shareDescription(title: string, sessionId: string): string {
  const line = showControlCharactersInLine(title.replace(/\s+/g, " ").trim());
  const cut = line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
  return `${PREFIX}${cut} (session ${showControlCharactersInLine(sessionId).replace(/[\s()]/g, "_")})`;
}

/** The title and session id a pi-report share's description holds; null for any other gist. */
export function parseShareDescription(
  description: string | null | undefined,
): { title: string; sessionId: string } | null {
  const match = PATTERN.exec(description ?? "");
  if (match === null) return null;
  return { title: match[1] ?? "", sessionId: match[2] ?? "" };
}

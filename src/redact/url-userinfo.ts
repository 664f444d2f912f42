import type { Detector, Finding } from "./finding.js";
import { looksLikePlaceholder } from "./placeholder.js";

// `scheme://user:password@host/db`: only the password is hidden. The user, host and database stay, since
// they say what the session was talking to, and redacting them would gut every connection string shown.

/**
 * A password in a URL's userinfo; the user part may be empty (`https://:token@host`). The password runs
 * to the last `@` before the host, so an unencoded `@` inside it does not leave its tail visible.
 */
const URL_USERINFO =
  /\b([a-z][a-z0-9+.-]{1,30}):\/\/([^\s:/?#@"'<>]{0,256}):([^\s/?#"'<>]{1,256})@(?=[^\s/?#@"'<>])/dgi;

/** Which kind a URL's password gets, by scheme: the same names secretlint's findings are given. */
export function urlPasswordKind(scheme: string): string {
  const lower = scheme.toLowerCase();
  if (lower.startsWith("postgres")) return "postgres-password";
  if (lower.startsWith("mysql") || lower === "mariadb") return "mysql-password";
  if (lower.startsWith("mongodb")) return "mongodb-password";
  if (["http", "https", "ftp", "ftps"].includes(lower)) return "basic-auth";
  return "url-password";
}

/**
 * Where the password of the first `scheme://user:password@` URL in `text[start, end)` lies, or null
 * when that range holds none (secretlint reports whole URLs; this narrows them).
 */
export function userinfoPasswordSpan(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } | null {
  const scheme = text.indexOf("://", start);
  if (scheme === -1 || scheme >= end) return null;
  const authorityStart = scheme + 3;
  let authorityEnd = authorityStart;
  while (
    authorityEnd < end &&
    !"/?#".includes(text.charAt(authorityEnd)) &&
    !/\s/.test(text.charAt(authorityEnd))
  ) {
    authorityEnd += 1;
  }
  const at = text.lastIndexOf("@", authorityEnd - 1);
  const colon = text.indexOf(":", authorityStart);
  if (at < authorityStart || colon === -1 || colon >= at) return null;
  return { start: colon + 1, end: at };
}

/** Passwords in URLs of any scheme (`redis://:pw@`, `amqp://u:pw@`, `https://u:pw@`). */
export const urlUserinfoDetector: Detector = {
  kind: "url-password",
  find(text) {
    if (!text.includes("://")) return [];
    const findings: Finding[] = [];
    for (const match of text.matchAll(URL_USERINFO)) {
      const password = match[3] ?? "";
      const span = match.indices?.[3];
      if (span === undefined || password.length < 3 || looksLikePlaceholder(password)) continue;
      findings.push({ start: span[0], end: span[1], kind: urlPasswordKind(match[1] ?? ""), generic: true });
    }
    return findings;
  },
};

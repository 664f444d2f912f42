import { type Detector, regexDetector } from "./finding.js";
import { looksLikePlaceholder } from "./placeholder.js";
import { urlUserinfoDetector } from "./url-userinfo.js";
import { looksWordMade } from "./value-shape.js";

// Secrets recognised by where they sit rather than by a provider prefix: what agent logs are full of
// (curl commands, HTTP dumps, connection strings, `cat ~/.ssh/id_rsa`) and presets only partly cover.

const KEY_LABEL = "[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----";
/**
 * A PEM private key, up to its END line; when the END line is missing (output cut short), the base64 and
 * header lines that follow the BEGIN line. Bodies may be JSON-escaped (`\n`, seen as `\ `: see escaped-view).
 */
const PRIVATE_KEY = new RegExp(
  String.raw`-----BEGIN${KEY_LABEL}(?:[A-Za-z0-9+/=\s\\:,.-]{0,65536}?-----END${KEY_LABEL}` +
    String.raw`|(?:(?:\s|\\[nrt ])+(?:[A-Za-z0-9+/=]{4,}|[A-Z][A-Za-z-]+: [^\n\\]+)){0,2000})`,
  "g",
);

/** Header and payload are base64url JSON (`{"` is `eyJ`); an unsigned token still carries its claims. */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.ey[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;

/** RFC 6750 token68 after `Bearer`, in a header, a curl `-H`, or JSON. */
const BEARER = /\b(?:Bearer|bearer|BEARER)[ \t]+([A-Za-z0-9._~+/-]{8,}=*)/g;

/** Other `Authorization` schemes (Basic, Token, Bot, …); Bearer is the detector above. */
const AUTHORIZATION =
  /\bAuthorization["']?[ \t]*[:=][ \t]*["']?(?:Basic|Token|Bot|ApiKey|Key|Digest|NTLM|Negotiate)[ \t]+([A-Za-z0-9._~+/=:-]{8,})/gi;

/** `curl -u user:password`, `--user user:password`. */
const CURL_USER = /(?:^|\s)(?:-u|--user)[ \t]+["']?[^\s:"']+:([^\s"']+)/g;

/** `Password=…` / `AccountKey=…` inside a `;`-separated connection string (ADO.NET, Azure Storage). */
const CONNECTION_PASSWORD = /(?<=^|[;"'\s])(?:Password|Pwd)[ \t]*=[ \t]*([^;"'\s]+)/gi;
const AZURE_KEY =
  /(?<=^|[;"'\s])(?:AccountKey|SharedAccessKey|SharedAccessSignature)[ \t]*=[ \t]*([^;"'\s]+)/gi;

/** A `.netrc` entry: `machine host login user password PASS`, on one line or several. */
const NETRC = /\bmachine[ \t]+\S+(?:\s+(?:login|account)[ \t]+\S+)*\s+password[ \t]+(\S+)/g;

/**
 * An Azure shared-access signature in a URL (`…?sv=2022-11-02&…&sig=…`): the signature is the secret, to
 * its end (base64, percent-escaped). Other services' `sig=` are signatures of their own (the context
 * detector's); this one names Azure only where the URL carries Azure's `sv=` version.
 */
const AZURE_SAS = /[?&]sig=([A-Za-z0-9%+/=_-]{16,})/g;

/** The URL a match stands in, up to the match: back to white space or a quote, 4,096 characters at most. */
function urlBefore(match: RegExpExecArray): string {
  const limit = Math.max(0, match.index - 4096);
  let from = match.index;
  while (from > limit && !/[\s"'<>()]/.test(match.input.charAt(from - 1))) from -= 1;
  return match.input.slice(from, match.index);
}

/** A Discord webhook URL: its last part is the token. */
const DISCORD_WEBHOOK =
  /\bhttps?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/([A-Za-z0-9_-]{20,})/g;

/** A PuTTY private key (`.ppk`): the base64 lines after `Private-Lines: N`. */
const PUTTY_PRIVATE =
  /Private-Lines:[ \t]*\d+[ \t]*\r?\n[ \t]*((?:[A-Za-z0-9+/=]{4,}[ \t]*\r?\n[ \t]*)*[A-Za-z0-9+/=]{4,})(?=[ \t]*(?:\r?\n|$))/g;

/**
 * Tokens are random: long, or with a digit, and not words (`Bearer authentication` in prose, `Bearer
 * test-key-123` in a test).
 */
const looksLikeToken = (value: string): boolean =>
  !looksLikePlaceholder(value) && (value.length >= 16 || /\d/.test(value)) && !looksWordMade(value);

/** `Name=value` (a pair of a connection string), and `;Name=` right after a match. */
const PAIR = /^\s*[A-Za-z][\w .-]*[\w.-]=[^\s;][^;\n]*$/;
const PAIR_AFTER = /^\s*;\s*[A-Za-z][\w .-]*[\w.-]=/;

/** `Name=value;` right before the match, or `;Name=` right after it: the shape of a connection string. */
function inConnectionString(match: RegExpExecArray): boolean {
  const end = match.index + match[0].length;
  // The pair before is read from its start (a regex anchored at its end would be tried at every position).
  const before = match.input.slice(Math.max(0, match.index - 256), match.index).trimEnd();
  if (before.endsWith(";")) {
    const pair = before.slice(
      Math.max(before.lastIndexOf(";", before.length - 2), before.lastIndexOf("\n")) + 1,
      -1,
    );
    if (PAIR.test(pair)) return true;
  }
  return PAIR_AFTER.test(match.input.slice(end, end + 256));
}

/** Detectors for secrets known by their context; the order breaks ties between equal spans. */
export const structureDetectors: readonly Detector[] = [
  regexDetector("private-key", PRIVATE_KEY, {
    needle: "-----BEGIN",
    // A header alone (code that checks for one, a doc with `...`) holds nothing to hide.
    accept: (match) => /[A-Za-z0-9+/=]{20,}/.test(match[0].slice(match[0].indexOf("KEY") + 3)),
  }),
  regexDetector("jwt", JWT, { needle: "eyJ" }),
  regexDetector("bearer-token", BEARER, {
    group: 1,
    needle: /bearer/i,
    generic: true,
    accept: (match) => looksLikeToken(match[1] ?? ""),
  }),
  regexDetector("authorization-header", AUTHORIZATION, {
    group: 1,
    needle: /authorization/i,
    generic: true,
    accept: (match) => looksLikeToken(match[1] ?? ""),
  }),
  urlUserinfoDetector,
  regexDetector("basic-auth", CURL_USER, {
    group: 1,
    needle: /-u[ \t]|--user/,
    generic: true,
    // `docker run -u 1000:1000` is a uid:gid, not a login.
    accept: (match) => !/^\d+$/.test(match[1] ?? "") && !looksLikePlaceholder(match[1] ?? ""),
  }),
  regexDetector("azure-storage-key", AZURE_KEY, {
    group: 1,
    needle: /AccountKey|SharedAccess/i,
    accept: (match) => (match[1] ?? "").length >= 20,
  }),
  regexDetector("password", NETRC, {
    group: 1,
    needle: "machine",
    generic: true,
    accept: (match) => !looksLikePlaceholder(match[1] ?? ""),
  }),
  regexDetector("azure-sas-signature", AZURE_SAS, {
    group: 1,
    needle: "sig=",
    accept: (match) => /[?&]sv=\d{4}-\d\d-\d\d/.test(urlBefore(match)),
  }),
  regexDetector("discord-webhook", DISCORD_WEBHOOK, { group: 1, needle: "/api/webhooks/" }),
  regexDetector("private-key", PUTTY_PRIVATE, { group: 1, needle: "Private-Lines:" }),
  regexDetector("connection-string-password", CONNECTION_PASSWORD, {
    group: 1,
    needle: /p(?:ass)?w(?:or)?d\s*=/i,
    accept: (match) => inConnectionString(match) && !looksLikePlaceholder(match[1] ?? ""),
  }),
];

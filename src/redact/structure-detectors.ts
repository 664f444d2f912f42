import { type Detector, regexDetector } from "./finding.js";
import { looksLikePlaceholder } from "./placeholder.js";
import { urlUserinfoDetector } from "./url-userinfo.js";

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
const CONNECTION_PASSWORD = /(?<=^|[;"'\s])(?:Password|Pwd)[ \t]*=[ \t]*([^;"'\r\n]*[^;"'\s])/gi;
const AZURE_KEY =
  /(?<=^|[;"'\s])(?:AccountKey|SharedAccessKey|SharedAccessSignature)[ \t]*=[ \t]*([^;"'\s]+)/gi;

/** `mysql -pPASS` (no space: a space makes `-p` ask, and the next word the database). */
const MYSQL_PASSWORD =
  /\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;&]*?[ \t]-p('[^'\n]+'|"[^"\n]+"|[^\s'"-][^\s'"]*)/g;

/** `sshpass -p PASS ssh …`. */
const SSHPASS = /\bsshpass\b[^\n|;&]*?[ \t]-p[ \t]*('[^'\n]+'|"[^"\n]+"|[^\s'"-][^\s'"]*)/g;

/** A `.netrc` entry: `machine host login user password PASS`, on one line or several. */
const NETRC = /\bmachine[ \t]+\S+(?:\s+(?:login|account)[ \t]+\S+)*\s+password[ \t]+(\S+)/g;

/** An Azure shared-access signature in a URL (`…?sv=…&sig=…`): the signature is the secret. */
const AZURE_SAS = /[?&]sig=([A-Za-z0-9%+/=]{16,})/g;

/** A Discord webhook URL: its last part is the token. */
const DISCORD_WEBHOOK =
  /\bhttps?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/([A-Za-z0-9_-]{20,})/g;

/** A PuTTY private key (`.ppk`): the base64 lines after `Private-Lines: N`. */
const PUTTY_PRIVATE =
  /Private-Lines:[ \t]*\d+[ \t]*\r?\n[ \t]*((?:[A-Za-z0-9+/=]{4,}[ \t]*\r?\n[ \t]*)*[A-Za-z0-9+/=]{4,})(?=[ \t]*(?:\r?\n|$))/g;

/** Tokens are random: long, or with a digit; `Bearer authentication` in prose is not one. */
const looksLikeToken = (value: string): boolean =>
  !looksLikePlaceholder(value) && (value.length >= 16 || /\d/.test(value));

/** A value without the quotes around it. */
const unquote = (value: string): string => value.replace(/^(['"])(.*)\1$/s, "$2");

/** `Name=value;` right before the match, or `;Name=` right after it: the shape of a connection string. */
const PAIR_BEFORE = /[A-Za-z][\w .-]*[\w.-]=[^\s;][^;\n]*;\s*$/;
const PAIR_AFTER = /^\s*;\s*[A-Za-z][\w .-]*[\w.-]=/;

function inConnectionString(match: RegExpExecArray): boolean {
  const end = match.index + match[0].length;
  return (
    PAIR_BEFORE.test(match.input.slice(Math.max(0, match.index - 256), match.index)) ||
    PAIR_AFTER.test(match.input.slice(end, end + 256))
  );
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
  regexDetector("password", MYSQL_PASSWORD, {
    group: 1,
    needle: /mysql|mariadb/,
    generic: true,
    accept: (match) => !looksLikePlaceholder(unquote(match[1] ?? "")),
  }),
  regexDetector("password", SSHPASS, {
    group: 1,
    needle: "sshpass",
    generic: true,
    accept: (match) => !looksLikePlaceholder(unquote(match[1] ?? "")),
  }),
  regexDetector("password", NETRC, {
    group: 1,
    needle: "machine",
    generic: true,
    accept: (match) => !looksLikePlaceholder(match[1] ?? ""),
  }),
  regexDetector("azure-sas-signature", AZURE_SAS, { group: 1, needle: "sig=" }),
  regexDetector("discord-webhook", DISCORD_WEBHOOK, { group: 1, needle: "/api/webhooks/" }),
  regexDetector("private-key", PUTTY_PRIVATE, { group: 1, needle: "Private-Lines:" }),
  regexDetector("connection-string-password", CONNECTION_PASSWORD, {
    group: 1,
    needle: /p(?:ass)?w(?:or)?d\s*=/i,
    accept: (match) => inConnectionString(match) && !looksLikePlaceholder(match[1] ?? ""),
  }),
];

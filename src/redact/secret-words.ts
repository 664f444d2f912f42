// The words that make a name say "secret", and the words around them that take it back. Names are read
// word by word (`SESSION_COOKIE_SIGNING`, `x-goog-signature`, `apiKey`), so a word inside another word
// (`author`, `keyboard`, `design`) never counts.

/** What a secret-naming word says its value is: the kind its marker gets. */
export type SecretKind =
  | "password"
  | "secret"
  | "token"
  | "api-key"
  | "secret-key"
  | "credential"
  | "auth"
  | "cookie"
  | "session"
  | "signature"
  | "dsn"
  | "license-key";

/**
 * How much a value must look like a secret to be taken for one. `any`: any real value (a password can be
 * a word). `unworded`: not made of ordinary words (`my-app-settings` is a setting's name). `random`: also
 * 8 characters or more with a letter and a digit (what a cookie, a session or a signature holds). `token`:
 * also 12 characters or more and no space (a key that only a provider's name says is one, `OPENAI_KEY`, but
 * also `i18nKey`).
 */
export type SecretLevel = "any" | "unworded" | "random" | "token";

/** The order of the levels, from the least demanding. */
export const LEVELS: readonly SecretLevel[] = ["any", "unworded", "random", "token"];

/** A secret-naming word. */
export interface SecretWord {
  kind: SecretKind;
  level: SecretLevel;
  /** The word alone names something else (`PWD` the working directory, `pass` a test verdict, `key`). */
  needsWordBefore?: boolean;
  /** Words right before it that make it something else (`max_tokens`, `sort_key`). */
  notAfter?: ReadonlySet<string>;
}

/** Words before `token` that make it a cursor, a count or a model-vocabulary term, not a credential. */
const NOT_CREDENTIAL_TOKEN = new Set(
  (
    "next page continuation cancellation cancel resume sync cursor max min num total input output bos eos pad " +
    "unk sep cls mask special stop start end prompt completion reasoning cached cache context thinking response " +
    "request usage estimated used remaining generated design lexer parser syntax word sub vocab eof last first " +
    "prev previous new"
  ).split(" "),
);

/** Words before `key` that make it a credential; other words before it name a provider (`OPENAI_KEY`). */
export const KEY_QUALIFIERS: ReadonlySet<string> = new Set(
  (
    "api access secret private signing encryption master client auth account license licence service storage " +
    "shared app ssh sas webhook subscription hmac jwt session cookie pass admin root deploy"
  ).split(" "),
);

/** Words before `key` that make it a database, cache or UI key: never a credential, whatever its value. */
const NOT_CREDENTIAL_KEY = new Set(
  (
    "primary foreign sort partition cache public pub hash row range idempotency dedup lookup map object react " +
    "unique composite natural index shortcut hot i18n translation locale message dict hotkey keyboard group " +
    "query route cursor state"
  ).split(" "),
);

const word = (kind: SecretKind, level: SecretLevel, extra: Partial<SecretWord> = {}): SecretWord => ({
  kind,
  level,
  ...extra,
});

/** Secret-naming words, as whole words of a name. */
export const SECRET_WORDS: ReadonlyMap<string, SecretWord> = new Map([
  ["password", word("password", "any")],
  ["passwd", word("password", "any")],
  ["passphrase", word("password", "any")],
  ["passcode", word("password", "any")],
  ["passwort", word("password", "any")],
  ["pwd", word("password", "any", { needsWordBefore: true })],
  ["pass", word("password", "any", { needsWordBefore: true })],
  ["pw", word("password", "any", { needsWordBefore: true })],
  ["secret", word("secret", "any")],
  ["secretkey", word("secret-key", "unworded")],
  ["token", word("token", "unworded", { notAfter: NOT_CREDENTIAL_TOKEN })],
  ["tokens", word("token", "random", { notAfter: NOT_CREDENTIAL_TOKEN })],
  ["apikey", word("api-key", "unworded")],
  ["key", word("secret-key", "unworded", { needsWordBefore: true, notAfter: NOT_CREDENTIAL_KEY })],
  ["keys", word("secret-key", "unworded", { needsWordBefore: true, notAfter: NOT_CREDENTIAL_KEY })],
  ["auth", word("auth", "random")],
  ["authorization", word("auth", "random")],
  ["authentication", word("auth", "random")],
  ["credential", word("credential", "any")],
  ["credentials", word("credential", "random")],
  ["cred", word("credential", "random")],
  ["creds", word("credential", "random")],
  ["cookie", word("cookie", "random")],
  ["cookies", word("cookie", "random")],
  ["session", word("session", "random")],
  ["sessionid", word("session", "random")],
  ["sessid", word("session", "random")],
  ["phpsessid", word("session", "random")],
  ["jsessionid", word("session", "random")],
  ["signing", word("secret-key", "random")],
  ["sig", word("signature", "random")],
  ["signature", word("signature", "random")],
  ["dsn", word("dsn", "any")],
  ["license", word("license-key", "random")],
  ["licence", word("license-key", "random")],
  ["private", word("secret", "random")],
  ["bearer", word("token", "random")],
  ["jwt", word("token", "random")],
  ["hmac", word("secret-key", "random")],
  ["sk", word("secret-key", "token", { needsWordBefore: true })],
]);

/** English words that end in `pass` (a glued `DBPASS`, `storepass` is a password). */
const PASS_WORDS = new Set(
  "bypass compass overpass underpass trespass surpass encompass impass multipass".split(" "),
);

/** A secret word glued to the word before it, in one word: `PGPASSWORD`, `clientsecret`, `authToken`. */
export function gluedSecretWord(part: string): SecretWord | undefined {
  if (/^[a-z0-9]{1,12}(?:password|passwd|passphrase|passcode)$/.test(part))
    return SECRET_WORDS.get("password");
  if (/^[a-z0-9]{2,12}pass$/.test(part) && !PASS_WORDS.has(part)) return SECRET_WORDS.get("password");
  if (/^[a-z0-9]{2,12}secret$/.test(part)) return SECRET_WORDS.get("secret");
  if (/^[a-z]{2,12}token$/.test(part)) return SECRET_WORDS.get("token");
  const key = /^([a-z]{2,12})key$/.exec(part);
  if (key !== null && KEY_QUALIFIERS.has(key[1] ?? ""))
    return word(key[1] === "api" ? "api-key" : "secret-key", "unworded");
  return undefined;
}

/**
 * Words after a secret word that say the value is about the secret, not the secret itself:
 * `TOKEN_COUNT`, `PASSWORD_FILE`, `SECRET_NAME`, `KEY_ID`, `SESSION_TIMEOUT`.
 */
export const ABOUT_WORDS: ReadonlySet<string> = new Set(
  (
    "count counts num number file files filename filepath path paths dir directory folder name names id ids uid " +
    "type types kind length len size bytes bits url uri urls link links endpoint host hostname port env var vars " +
    "variable header headers field fields param params parameter prefix suffix format mode enabled enable " +
    "disabled disable required optional expiry expires expiration expire expired exp ttl timeout lifetime age " +
    "duration interval limit limits max min hint prompt label title message msg error errors description desc " +
    "help placeholder example sample template policy policies version rotation rotate usage used cost budget " +
    "window ratio estimate total left remaining reset store cache manager provider helper source location ref " +
    "reference arn command cmd script method algorithm alg algo scheme strategy config settings options opts " +
    "schema class handler fn func function callback event listener validator valid invalid validation check " +
    "regex pattern exists present missing changed updated created at date time timestamp index idx position " +
    "offset start end line list map table column input output button form page screen modal dialog view " +
    "component route audience scope scopes issuer subject owner user username login hash digest checksum " +
    "strength status state flag flags region domain realm backend driver secure samesite httponly generator " +
    "factory builder parser tokenizer encoder decoder mask masked mac expression expr " +
    // A file's extension: `agent-session.js:525:` is grep's output, `token.json` a file.
    "js mjs cjs ts tsx jsx py rb go rs java kt swift php json yaml yml toml ini md txt html css sh log lock pem"
  ).split(" "),
);

/** Words after a secret word that still name the secret: its value, its encoding, its environment. */
export const VALUE_WORDS: ReadonlySet<string> = new Set(
  (
    "value val base b64 base64 hex raw prod production live test testing dev development staging stage local " +
    "main current new old primary secondary backup alt enc encoded plain data"
  ).split(" "),
);

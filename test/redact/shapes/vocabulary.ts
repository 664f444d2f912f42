// The words and values the shape generator builds from: secret words (each the core of a name), the words a
// name may carry around its core, the ways names are written, and values that are secrets or plainly not.
import fc from "fast-check";

/**
 * Cores of secret-naming names, by the words they are made of (issue 31: token, key, secret, pass, password,
 * passwd, passphrase, pwd, auth, credential, cookie, session, signing, sig, dsn, license, private, bearer,
 * apikey, …). `<p>` stands for a provider word (STRIPE_SK, OPENAI_KEY): those cores need one before them.
 */
export const CORES: Readonly<Record<string, readonly string[]>> = {
  token: ["token"],
  "access-token": ["access", "token"],
  "refresh-token": ["refresh", "token"],
  "auth-token": ["auth", "token"],
  "bot-token": ["bot", "token"],
  "id-token": ["id", "token"],
  "session-token": ["session", "token"],
  "api-token": ["api", "token"],
  "api-key": ["api", "key"],
  apikey: ["apikey"],
  "secret-key": ["secret", "key"],
  "private-key": ["private", "key"],
  "signing-key": ["signing", "key"],
  "access-key": ["access", "key"],
  "encryption-key": ["encryption", "key"],
  "master-key": ["master", "key"],
  "license-key": ["license", "key"],
  "provider-key": ["<p>", "key"],
  "provider-sk": ["<p>", "sk"],
  secret: ["secret"],
  "client-secret": ["client", "secret"],
  "webhook-secret": ["webhook", "secret"],
  "jwt-secret": ["jwt", "secret"],
  password: ["password"],
  passwd: ["passwd"],
  passphrase: ["passphrase"],
  "prefixed-pwd": ["<p>", "pwd"],
  "prefixed-pass": ["<p>", "pass"],
  "glued-password": ["<p>password"],
  auth: ["auth"],
  "x-auth": ["x", "auth"],
  credential: ["credential"],
  credentials: ["credentials"],
  cookie: ["cookie"],
  "session-cookie": ["session", "cookie"],
  session: ["session"],
  signing: ["signing"],
  "cookie-signing": ["session", "cookie", "signing"],
  sig: ["sig"],
  signature: ["signature"],
  "goog-signature": ["x", "goog", "signature"],
  dsn: ["dsn"],
  license: ["license"],
  licence: ["licence"],
  private: ["private"],
  bearer: ["bearer"],
  "bearer-token": ["bearer", "token"],
  jwt: ["jwt"],
};

/** Words a core may follow: providers, services, scopes. None turns a secret word into something else. */
export const PREFIX_WORDS = [
  "stripe",
  "github",
  "openai",
  "db",
  "aws",
  "app",
  "prod",
  "smtp",
  "redis",
  "my",
  "backend",
  "slack",
  "sentry",
  "service",
  "admin",
  "discord",
  "telegram",
  "twilio",
  "azure",
  "firebase",
  "supabase",
  "vercel",
  "internal",
  "legacy",
  "mongo",
  "postgres",
  "mailgun",
  "cloudflare",
] as const;

/** Words a core may precede without ceasing to name the secret itself (`API_KEY_PROD`, `TOKEN_V2`). */
export const SUFFIX_WORDS = ["value", "prod", "live", "test", "v2", "b64", "raw", "current", "main"] as const;

/** How a name's words are joined and cased. */
export const STYLES = {
  screaming: (words: readonly string[]) => words.join("_").toUpperCase(),
  snake: (words: readonly string[]) => words.join("_"),
  camel: (words: readonly string[]) =>
    words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join(""),
  pascal: (words: readonly string[]) =>
    words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(""),
  kebab: (words: readonly string[]) => words.join("-"),
  header: (words: readonly string[]) =>
    words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("-"),
  dotted: (words: readonly string[]) => words.join("."),
} as const;

export type Style = keyof typeof STYLES;

/** A name around `core`: provider words before it (where the core asks for one, at least one), maybe a suffix. */
export function nameArbitrary(core: string, styles: readonly Style[]): fc.Arbitrary<string> {
  const words = CORES[core] ?? [core];
  const needsProvider = words.some((word) => word.includes("<p>"));
  return fc
    .record({
      before: fc.array(fc.constantFrom(...PREFIX_WORDS), { minLength: needsProvider ? 1 : 0, maxLength: 2 }),
      after: fc.option(fc.constantFrom(...SUFFIX_WORDS), { freq: 3 }),
      style: fc.constantFrom(...styles),
    })
    .map(({ before, after, style }) => {
      const [provider = "acme", ...rest] = before;
      const core = words.map((word) => word.replace("<p>", provider));
      const all = [...(needsProvider ? rest : before), ...core, ...(after === null ? [] : [after])];
      return STYLES[style](all);
    });
}

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const ALNUM = LOWER + UPPER + DIGITS;

/** Characters a secret value may hold, by where it stands (a bare shell word, a URL, a quoted string). */
export const ALPHABETS = {
  alnum: ALNUM,
  hex: `${DIGITS}abcdef`,
  base64url: `${ALNUM}-_`,
  /** A URL query value: unreserved characters and percent escapes. */
  url: `${ALNUM}-_.~`,
  /** A bare word in a shell, .env or YAML line. */
  bare: `${ALNUM}-_.+/=~%@!*^`,
  /** Inside quotes (no quote or backslash). */
  quoted: `${ALNUM}-_.+/=~%@!*^#$&()[]{};:,?| `,
} as const;

export type Alphabet = keyof typeof ALPHABETS;

/**
 * A random secret over `alphabet`, 12 to 72 characters, starting with a letter or digit and holding at least
 * one letter and one digit (what sets a credential apart from a word). Sometimes in dotted parts (a JWT-like
 * value) or percent-escaped (a signature in a URL).
 */
export function secretArbitrary(alphabet: Alphabet): fc.Arbitrary<string> {
  const chars = ALPHABETS[alphabet];
  const body = fc
    .array(fc.constantFrom(...chars), { minLength: 10, maxLength: 70 })
    .map((list) => list.join("").trim());
  return fc
    .tuple(
      fc.constantFrom(...LOWER, ...UPPER),
      body,
      fc.constantFrom(...DIGITS),
      fc.constantFrom("", "%3D", "=="),
    )
    .map(([first, middle, digit, end]) => {
      const value = `${first}${middle.slice(0, middle.length >> 1)}${digit}${middle.slice(middle.length >> 1)}`;
      // Padding only where the alphabet allows it.
      if (end === "==" && !chars.includes("=")) return value;
      if (end === "%3D" && !chars.includes("%") && alphabet !== "url") return value;
      return value + end;
    });
}

/** Values that stand for a secret or say something about it, and are never one (issue 31's list). */
export const NOT_SECRET_VALUES: readonly string[] = [
  "true",
  "false",
  "null",
  "0",
  "1",
  "42",
  "3600",
  "/etc/app/token",
  "./secrets/db.txt",
  "~/.config/app/key",
  // A shell reference, written apart so it is plainly no template literal gone wrong.
  "$" + "{API_TOKEN}",
  "$(cat /run/secrets/token)",
  "$GITHUB_TOKEN",
  "<your-api-key>",
  "<token>",
  "xxxxxxxxxxxxxxxx",
  "XXXX-XXXX-XXXX",
  "sk-xxxxxxxxxxxxxxxxxxxx",
  "********",
  "changeme",
  "change-me",
  "your_token_here",
  "your-secret-here",
  "{{ secrets.API_KEY }}",
  "%API_KEY%",
  "process.env.API_KEY",
  "os.environ",
];

/** Descriptions of a secret in prose, in several scripts: a template's hint where the value would go. */
export const PROSE_VALUES: readonly string[] = [
  "توكن البوت من Discord",
  "ضع مفتاح الواجهة هنا",
  "the token you got from BotFather",
  "paste your API key here",
  "ваш токен доступа",
  "在这里填写你的密钥",
  "ここにAPIキーを入力",
  "अपना टोकन यहाँ डालें",
  "votre mot de passe ici",
  "tu clave secreta de Stripe",
];

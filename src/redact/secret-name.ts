import { looksLikePlaceholder } from "./placeholder.js";

/** What a secret-sounding name says its value is, and how sure the name alone makes us. */
export interface SecretName {
  kind: "password" | "secret" | "token" | "api-key" | "secret-key" | "credential" | "auth";
  /** Weak names (`auth`, `credentials`) often hold ordinary words; their values must look random too. */
  strong: boolean;
  /**
   * The name says key and nothing more (`OPENAI_KEY`, but also `i18nKey`, `translationKey`): only a value
   * shaped like a token counts, 16 or more token characters with a letter and a digit.
   */
  tokenOnly?: boolean;
}

/** Words before `token` that make it a cursor or a model-vocabulary term, not a credential. */
const NOT_CREDENTIAL_TOKEN = new Set([
  "next",
  "page",
  "continuation",
  "cancellation",
  "cancel",
  "resume",
  "sync",
  "cursor",
  "max",
  "min",
  "num",
  "total",
  "input",
  "output",
  "bos",
  "eos",
  "pad",
  "unk",
  "sep",
  "cls",
  "mask",
  "special",
  "stop",
  "start",
  "end",
]);

/** Words before `key` that make it a credential; `sort_key`, `primary_key`, `cache_key` are not. */
const KEY_QUALIFIERS = new Set([
  "api",
  "access",
  "secret",
  "private",
  "signing",
  "encryption",
  "master",
  "client",
  "auth",
  "account",
  "license",
  "service",
  "storage",
  "shared",
  "app",
  "ssh",
  "sas",
  "webhook",
  "subscription",
  "hmac",
  "jwt",
  "session",
  "cookie",
]);

/** A password word glued to what it is for, in one word: `PGPASSWORD`, `dbpassword`. */
const GLUED_PASSWORD = /^[a-z0-9]{1,12}(?:password|passwd)$/;

/** Words before `key` that make it a database, cache or UI key: never a credential, whatever its value. */
const NOT_CREDENTIAL_KEY = new Set([
  "primary",
  "foreign",
  "sort",
  "partition",
  "cache",
  "public",
  "pub",
  "hash",
  "row",
  "range",
  "idempotency",
  "dedup",
  "lookup",
  "map",
  "object",
  "react",
  "unique",
  "composite",
  "natural",
  "index",
  "shortcut",
  "hot",
]);

/** Splits `AWS_SECRET_ACCESS_KEY`, `apiKey`, `X-Api-Key`, `db.password` into lowercase words. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/**
 * Whether a variable, key or header name says its value is a secret, judged by its LAST word so that
 * `TOKEN_COUNT`, `PASSWORD_FILE` and `SECRET_NAME` (which say something about a secret) do not count.
 * `PWD` and `pass` alone do not count either: `PWD` is the working directory, `pass` a test verdict.
 */
export function classifySecretName(name: string): SecretName | null {
  let parts = words(name);
  // `SECRET_KEY_BASE` (Rails), `SIGNING_KEY_VALUE`: the key's name, then what of it.
  if (parts.length > 2 && ["base", "value", "b64", "hex"].includes(parts.at(-1) ?? ""))
    parts = parts.slice(0, -1);
  const last = parts.at(-1);
  const previous = parts.at(-2);
  if (last !== undefined && GLUED_PASSWORD.test(last)) return { kind: "password", strong: true };
  switch (last) {
    case "password":
    case "passwd":
    case "passphrase":
      return { kind: "password", strong: true };
    case "pwd":
    case "pass":
      return previous === undefined ? null : { kind: "password", strong: true };
    case "secret":
    case "secretkey":
      return { kind: "secret", strong: true };
    case "token":
    case "accesstoken":
    case "authtoken":
      return previous !== undefined && NOT_CREDENTIAL_TOKEN.has(previous)
        ? null
        : { kind: "token", strong: true };
    case "apikey":
      return { kind: "api-key", strong: true };
    case "key":
    case "keys":
      if (previous === undefined) return null;
      if (KEY_QUALIFIERS.has(previous))
        return { kind: previous === "api" ? "api-key" : "secret-key", strong: true };
      // `OPENAI_KEY`, `STRIPE_KEY`: a provider's key; `sort_key: name` is not one. Such a name takes only a
      // random-looking value (weak), and never one of the names that say what kind of key it is not.
      return NOT_CREDENTIAL_KEY.has(previous) ? null : { kind: "api-key", strong: false, tokenOnly: true };
    case "credential":
      return { kind: "credential", strong: true };
    case "credentials":
      return { kind: "credential", strong: false };
    case "auth":
      return { kind: "auth", strong: false };
    default:
      return null;
  }
}

/**
 * Whether a value held by a secret-sounding name is worth redacting: not a placeholder or reference, at
 * least 4 characters, and for weak names at least 8 with both letters and digits.
 */
export function isSecretValue(value: string, name: SecretName): boolean {
  if (value.length < 4 || looksLikePlaceholder(value) || value.includes("[redacted")) return false;
  if (name.strong) return true;
  if (name.tokenOnly === true && !/^[A-Za-z0-9_+/=-]{16,}$/.test(value)) return false;
  return value.length >= 8 && /\p{L}/u.test(value) && /\d/.test(value);
}

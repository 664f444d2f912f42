import { looksLikePlaceholder } from "./placeholder.js";

/** What a secret-sounding name says its value is, and how sure the name alone makes us. */
export interface SecretName {
  kind: "password" | "secret" | "token" | "api-key" | "secret-key" | "credential" | "auth";
  /** Weak names (`auth`, `credentials`) often hold ordinary words; their values must look random too. */
  strong: boolean;
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
  const parts = words(name);
  const last = parts.at(-1);
  const previous = parts.at(-2);
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
      if (previous === undefined || !KEY_QUALIFIERS.has(previous)) return null;
      return { kind: previous === "api" ? "api-key" : "secret-key", strong: true };
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
  return value.length >= 8 && /\p{L}/u.test(value) && /\d/.test(value);
}

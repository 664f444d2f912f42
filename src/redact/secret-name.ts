import {
  ABOUT_WORDS,
  gluedSecretWord,
  KEY_QUALIFIERS,
  LEVELS,
  SECRET_WORDS,
  type SecretKind,
  type SecretLevel,
  VALUE_WORDS,
} from "./secret-words.js";

/** What a secret-sounding name says its value is, and how much the value must look like a secret. */
export interface SecretName {
  kind: SecretKind;
  level: SecretLevel;
}

/** Splits `AWS_SECRET_ACCESS_KEY`, `apiKey`, `X-Api-Key`, `db.password` into lowercase words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

const stricter = (a: SecretLevel, b: SecretLevel): SecretLevel =>
  LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b;

/** Words after the secret word that are a value's version, environment or encoding (`TOKEN_V2`, `KEY_B`). */
const valueWord = (word: string): boolean => VALUE_WORDS.has(word) || /^(?:v?\d+|[a-z])$/.test(word);

/**
 * Whether a variable, key, header, flag or parameter name says its value is a secret: it holds a secret
 * word (secret-words.ts) as a whole word, with any words before it (`STRIPE_SK`, `x-goog-signature`,
 * `SESSION_COOKIE_SIGNING`) and after it, unless a word after it says the value is about the secret
 * (`TOKEN_COUNT`, `PASSWORD_FILE`, `SECRET_NAME`) or a word before it makes it something else
 * (`max_tokens`, `sort_key`). The last secret word decides. Words after it other than a value's
 * version or environment (`API_KEY_PROD`) make the name less sure: its value must not be words.
 */
export function classifySecretName(name: string): SecretName | null {
  // `token.close`, `db.password`: a dotted path names its last part (`token` is the object there). Parts
  // after it that are a value's environment or encoding (`db.password.prod`) stay with it.
  const segments = name.split(".").filter((segment) => segment !== "");
  let last = segments.length - 1;
  while (last > 0 && nameWords(segments[last] ?? "").every(valueWord)) last -= 1;
  const parts = segments.slice(last).flatMap(nameWords);
  const context = nameWords(segments[last - 1] ?? "").at(-1);
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index] as string;
    const word = SECRET_WORDS.get(part) ?? gluedSecretWord(part);
    if (word === undefined) continue;
    const before = parts[index - 1] ?? context;
    if (word.needsWordBefore === true && before === undefined) return null;
    if (before !== undefined && word.notAfter?.has(before) === true) return null;
    const after = parts.slice(index + 1);
    if (after.some((rest) => ABOUT_WORDS.has(rest))) return null;
    let { kind, level } = word;
    if ((part === "key" || part === "keys") && before !== undefined) {
      // `API_KEY`, `SIGNING_KEY` say credential; `OPENAI_KEY`, `i18nKey` only a value shaped like a token.
      if (KEY_QUALIFIERS.has(before)) kind = before === "api" ? "api-key" : "secret-key";
      else [kind, level] = ["api-key", "token"];
    }
    if (!after.every(valueWord)) level = stricter(level, "unworded");
    return { kind, level };
  }
  return null;
}

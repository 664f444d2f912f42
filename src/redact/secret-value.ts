import { looksLikePlaceholder } from "./placeholder.js";
import type { SecretName } from "./secret-name.js";
import { describesSecret, looksLikeProse, looksWordMade } from "./value-shape.js";

// A name that says secret is half the evidence; the value is the other half. Values that cannot be secrets
// stay: booleans, small numbers, paths, URLs without credentials, references and placeholders, and prose
// in any script (a template's "توكن البوت من Discord", "paste your key here").

/** Checks look at this many characters at most: what a value is shows in its start, and checks stay linear. */
const HEAD = 256;

/** A count, a port, a duration: 6 digits or fewer. */
const SMALL_NUMBER = /^[+-]?\d{1,6}(?:\.\d+)?$/;

/** A file's path (`/run/secrets/db`, `./token.txt`, `~/.ssh/id_rsa`, `C:\keys\k.pem`): where a secret is. */
const PATH = /^(?:(?:~|\.{1,2})?\/[\w.~@%+-]*(?:\/[\w.~@%+-]*)*|[A-Za-z]:\\[^\s"']*)$/;

/** A colour (`#9ece6a`), as themes and CSS write them. */
const COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A URL with no password in it (one that has one is a URL-password finding of its own). */
const PLAIN_URL = /^[a-z][a-z0-9+.-]{1,20}:\/\/[^\s@]*$/i;

/**
 * Whether a value held by a secret-sounding name is a secret: not a stand-in, a small number, a path, a
 * URL or prose, at least 4 characters, and as random as the name's level asks (see SecretLevel).
 */
export function isSecretValue(value: string, name: SecretName): boolean {
  const text = value.trim();
  if (text.length < 4) return false;
  const head = text.length > HEAD ? text.slice(0, HEAD) : text;
  if (head.includes("[redacted") || looksLikePlaceholder(head)) return false;
  if (SMALL_NUMBER.test(head) || PATH.test(head) || COLOUR.test(head)) return false;
  if (name.kind !== "dsn" && PLAIN_URL.test(head)) return false;
  // A password of words is a passphrase, unless the words describe one.
  if (looksLikeProse(head) && (name.kind !== "password" || describesSecret(head))) return false;
  switch (name.level) {
    case "any":
      return true;
    case "unworded":
      return !looksWordMade(head);
    case "random":
      return text.length >= 8 && /\p{L}/u.test(head) && /\d/.test(head) && !looksWordMade(head);
    case "token":
      return (
        text.length >= 12 &&
        !/\s/.test(head) &&
        /\p{L}/u.test(head) &&
        /\d/.test(head) &&
        !looksWordMade(head)
      );
  }
}

import { looksWordMade } from "./value-shape.js";

// Docs, READMEs and the agent's own code are full of `password: "<your password>"` and
// `TOKEN=${GITHUB_TOKEN}`: names that say secret next to values that are not. Redacting those would fill
// reports with markers and inflate the counts people read as "how much leaked", so they stay.

/** Values that stand for a secret rather than being one (compared lowercased). */
const PLACEHOLDER_WORDS = new Set(
  (
    "true false yes no on off null nil none undefined string number boolean any unknown required optional " +
    "password passwd secret token apikey api_key changeme change-me change_me changeit changethis replaceme " +
    "replace-me replace_me todo tbd fixme dummy fake example placeholder sample redacted hidden masked omitted " +
    "include omit same-origin default empty notset not-set unset n/a " +
    // The passwords of examples and tests.
    "asdf asdfg asdfgh qwer qwerty qwertz hunter2 letmein passw0rd p@ssw0rd p@ssword password1 password123 " +
    "secret123 s3cr3t test123 testpassword foo bar baz foobar"
  ).split(" "),
);

/** Template and variable references: `${X}`, `{{x}}`, `$X`, `%X%`, `$(cmd)`, `<your key>`, `[key]`, `@X@`. */
const REFERENCE =
  /^(?:\$\{.*\}|\$\{\{.*\}\}|\{\{.*\}\}|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\$\(.*\)|`.*`|<[^<>]*>|\[[^[\]]*\]|@[A-Za-z_]\w*@)$/s;

/** A secret manager's address: 1Password, Vault, AWS ARNs, `ref+` (vals), Doppler and SOPS references. */
const SECRET_REFERENCE = /^(?:op|vault|gcpsm|azkv|awssm|doppler|sops|ref\+[a-z]+):\/\/|^arn:aws[\w-]*:/i;

/** A dotted access path such as `process.env.TOKEN`, `self.password`, `options?.apiKey`, `o3.tokens`. */
const ACCESS_PATH = /^[A-Za-z_$][\w$]*(?:[?!]?\.[A-Za-z_$][\w$]*)+$/;

/** An access path's parts are names (or a minifier's short ones), not the halves of a token with a dot. */
function isAccessPath(value: string): boolean {
  if (!ACCESS_PATH.test(value)) return false;
  return value.split(/[?!]?\./).every((part) => {
    // A bundler renames `process` to `process$1`; digits elsewhere are a token's.
    const name = part.replace(/\$\d+$/, "");
    return name.length <= 3 || (!/\d/.test(name) && looksWordMade(name.replace(/\$/g, "")));
  });
}

/** Example fillers in a value's parts: `abc123`, `xyz`, `123456`, `test-key-123`, `jwt_abc123`. */
const FILLER =
  /^(?:abc|xyz|test|demo|example|sample|dummy|fake|foo|bar|key|token|secret|pass|password)\d{0,6}$|^(?:abc|xyz)?(?:0+|1|12|123|1234|12345|123456)$/i;

/** A run of the alphabet or of the digits, a keyboard row: `abcdefg`, `123456789`, `qwertyuiop`. */
const SEQUENCES = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "1234567890", "qwertyuiop", "asdfghjkl"];

/** `your_token_here`, `my-secret`, `insert-key`, `paste your key`: the words of a template. */
const TEMPLATE_WORDING = /^(?:your|my|insert|enter|paste|put|replace|add)(?:[\s_-]|$)|[\s_-](?:here|goes)$/i;

/** The name of an environment variable (`KIMCHI_API_KEY`): Pi's models.json and many configs hold those. */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** A shown-by-example prefix: `sk-ant-...`, `gsk_…`; a longer prefix is kept as a possible real key. */
const ELLIPSIS_EXAMPLE = /^.{0,12}(?:\.{3}|…)$/su;

/** Characters masks and fillers are written with. */
const MASK_CHARS = /[xX*•.…#_\s-]/g;

/**
 * A mask: `xxxx`, `****`, `XXXX-XXXX`, `sk-xxxxxxxxxxxx`, `ghp_••••••` (at least four mask characters, and
 * little else).
 */
function looksLikeMask(value: string): boolean {
  const rest = value.replace(MASK_CHARS, "");
  return value.length - rest.length >= 4 && rest.length <= 4;
}

/**
 * Whether a value found next to a secret-sounding name is a stand-in (a reference, a template, a mask, a
 * type, a keyword) rather than a literal secret.
 */
export function looksLikePlaceholder(value: string): boolean {
  const trimmed = value.trim();
  // A marker of an earlier redaction (`[redacted: kind]`, or its first word where a value ends at a space).
  if (trimmed === "" || trimmed.startsWith("[redacted")) return true;
  if (PLACEHOLDER_WORDS.has(trimmed.toLowerCase())) return true;
  if (REFERENCE.test(trimmed) || TEMPLATE_WORDING.test(trimmed)) return true;
  // `process.env.TOKEN`, not `g.DYQcxq81ZIDpNw` (a token with a dot in it).
  if (isAccessPath(trimmed)) return true;
  // A template literal (`${prefix}…`) is built by code; what it holds is not known here.
  if (/\$\{[\w.\s]+\}/.test(trimmed)) return true;
  const lower = trimmed.toLowerCase();
  if (lower.length >= 4 && SEQUENCES.some((run) => run.startsWith(lower))) return true;
  const parts = trimmed.split(/[-_.:=\s]+/).filter((part) => part !== "");
  if (
    parts.some((part) => FILLER.test(part) && /\d|abc|xyz/i.test(part)) &&
    parts.every((part) => FILLER.test(part) || /^\p{L}+$/u.test(part))
  )
    return true;
  if (ENV_NAME.test(trimmed) || ELLIPSIS_EXAMPLE.test(trimmed) || SECRET_REFERENCE.test(trimmed)) return true;
  // `!op read 'op://…'`: a command whose output is the secret (Pi's models.json allows these).
  if (trimmed.startsWith("!")) return true;
  // The same character over and over (`aaaa`, `0000`) is a mask or filler.
  return /^(.)\1*$/su.test(trimmed) || looksLikeMask(trimmed);
}

// Docs, READMEs and the agent's own code are full of `password: "<your password>"` and
// `TOKEN=${GITHUB_TOKEN}`: names that say secret next to values that are not. Redacting those would fill
// reports with markers and inflate the counts people read as "how much leaked", so they stay.

/** Values that stand for a secret rather than being one (compared lowercased). */
const PLACEHOLDER_WORDS = new Set([
  "true",
  "false",
  "null",
  "nil",
  "none",
  "undefined",
  "string",
  "number",
  "boolean",
  "any",
  "unknown",
  "required",
  "optional",
  "password",
  "passwd",
  "secret",
  "token",
  "apikey",
  "api_key",
  "changeme",
  "example",
  "placeholder",
  "redacted",
  "hidden",
  "masked",
  "omitted",
  "include",
  "omit",
  "same-origin",
]);

/** Template and variable references: `${X}`, `{{x}}`, `$X`, `%X%`, `$(cmd)`, `<your key>`, `[key]`. */
const REFERENCE = /^(?:\$\{.*\}|\{\{.*\}\}|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\$\(.*\)|<[^<>]*>|\[[^[\]]*\])$/;

/** A dotted access path such as `process.env.TOKEN`, `self.password`, `args.api_key`. */
const ACCESS_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** `your_token_here`, `my-secret`, `xxx-xxx`, `***`, `....`: words of a template, or a mask. */
const TEMPLATE_WORDING = /^(?:your|my)[\s_-]|[\s_-]here$|^[x*.•_-]+$/i;

/** The name of an environment variable (`KIMCHI_API_KEY`): Pi's models.json and many configs hold those. */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** A shown-by-example prefix: `sk-ant-...`, `gsk_…`; a longer prefix is kept as a possible real key. */
const ELLIPSIS_EXAMPLE = /^.{0,12}(?:\.{3}|…)$/su;

/**
 * Whether a value found next to a secret-sounding name is a stand-in (a reference, a template, a mask, a
 * type, a keyword) rather than a literal secret.
 */
export function looksLikePlaceholder(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === "") return true;
  if (PLACEHOLDER_WORDS.has(trimmed.toLowerCase())) return true;
  if (REFERENCE.test(trimmed) || ACCESS_PATH.test(trimmed) || TEMPLATE_WORDING.test(trimmed)) return true;
  if (ENV_NAME.test(trimmed) || ELLIPSIS_EXAMPLE.test(trimmed)) return true;
  // `!op read 'op://…'`: a command whose output is the secret (Pi's models.json allows these).
  if (trimmed.startsWith("!")) return true;
  // The same character over and over (`aaaa`, `0000`) is a mask or filler.
  return /^(.)\1*$/su.test(trimmed);
}

import type { Detector, Finding } from "./finding.js";
import { classifySecretName, isSecretValue, type SecretName } from "./secret-name.js";

// Secrets the scanners have no pattern for still arrive with a name: `DB_PASSWORD=…` in a .env,
// `"apiKey": "…"` in JSON, `X-Api-Key: …` in a header dump, `?access_token=…` in a URL. The name decides,
// the value is redacted and the name kept, so the report still says what was there.

const NAME = String.raw`([A-Za-z_][\w.-]{0,80})`;

/** `NAME = "value"`, `"NAME": "value"`, `'NAME' => 'value'`, also JSON-in-a-string (`\"NAME\": \"value\"`). */
const QUOTED = new RegExp(
  String.raw`(?<![\w.-])(?:-{1,2})?\\?["']?${NAME}\\?["']?[ \t]*(?::=|=>|[:=])[ \t]*` +
    String.raw`(?:\\"((?:[^"\\\n]|\\[^"\n])*)\\"|"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)')`,
  "gd",
);

/**
 * `NAME=value` with nothing around the `=`: shell, .env, `--flag=value`, query strings. A value followed
 * by `(` is a call (`token=getToken()`), not a literal. A value ends at a backslash (the `\n` of
 * JSON-escaped text) and at `&` only where a query string goes on (`&next=`), since `&` is a common
 * password character.
 */
const BARE = new RegExp(
  String.raw`(?<![\w.-])(?:-{1,2})?${NAME}=([^\s'"\x60;&|<>(){}[\],=\\](?:[^\s'"\x60;&|<>(){}[\],\\]|&(?![\w.-]+=))*)` +
    String.raw`(?=[\s'"\x60;&|<>)}\],\\]|$)`,
  "gd",
);

/** A whole line `NAME: value` (YAML, HTTP headers) or `NAME = value` (INI), the value one bare word. */
const LINE = new RegExp(
  String.raw`^[ \t]*(?:export[ \t]+|-[ \t]+)?${NAME}[ \t]*([:=])[ \t]*([^\s'"#,;(){}<>[\]]+)[ \t]*\r?$`,
  "gmd",
);

/** A header inside quotes, as curl and HTTP code write them: `-H "X-Api-Key: …"`, `'PRIVATE-TOKEN: …'`. */
const HEADER = new RegExp(String.raw`["']${NAME}:[ \t]*([^\s"'\\][^"'\n\\]*?)[ \t]*["']`, "gd");

/** `--password X`, `--api-key 'X'`: a long flag whose name says secret, and the word after it. */
const FLAG =
  /(?<![\w-])--([A-Za-z][\w-]{0,60})[ \t]+(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"\\`|<-][^\s'"\\`|]*))/dg;
const SECRET_FLAG = /--[\w-]*(?:pass|secret|token|key|auth|credential)/i;

/**
 * Cheap gate, one scan per string: every match of the regexes above has a name ending in one of these
 * words (or one and `_base`, as `SECRET_KEY_BASE`) right before its `:` or `=` (the full regexes try every word start, which costs on megabytes).
 */
const SECRET_WORD_ASSIGNED =
  /(?:pass(?:word|wd)?|phrase|pwd|secret|token|keys?|auth|credentials?)(?:[_.-]?(?:base|value|b64|hex))?\\?["']?[ \t]*[:=]/i;

/** A bare value that is itself an identifier naming the secret: `password=db_password`, `token=token_value`. */
function namesItself(value: string, name: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(value)) return false;
  const last =
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .at(-1) ?? "";
  return last !== "" && value.toLowerCase().includes(last);
}

function push(
  findings: Finding[],
  match: RegExpExecArray,
  group: number,
  secretName: SecretName,
  strict: boolean,
): void {
  const value = match[group];
  const span = match.indices?.[group];
  if (value === undefined || span === undefined) return;
  const name = strict ? { ...secretName, strong: false } : secretName;
  if (isSecretValue(value, name))
    findings.push({ start: span[0], end: span[1], kind: secretName.kind, generic: true });
}

/**
 * Finds values assigned to secret-sounding names (see {@link classifySecretName}); the finding covers the
 * value only. Its kind is what the name says: `password`, `secret`, `token`, `api-key`, `secret-key`,
 * `credential` or `auth`.
 */
export const assignmentDetector: Detector = {
  kind: "password",
  find(text) {
    const findings: Finding[] = [];
    if (SECRET_FLAG.test(text)) {
      scan(FLAG, text, (match, secretName) => {
        const group = match[2] !== undefined ? 2 : match[3] !== undefined ? 3 : 4;
        // `--ssh-key ~/.ssh/id_rsa`, `--token-file ./t`: a path says where the secret is, not what. Help
        // text (`--api-key requires a model`) puts words after a flag: only a value with a digit counts.
        if (!/^[/~.]/.test(match[group] ?? "")) push(findings, match, group, secretName, true);
      });
    }
    if (!SECRET_WORD_ASSIGNED.test(text)) return findings;
    scan(QUOTED, text, (match, secretName) => {
      const group = match[2] !== undefined ? 2 : match[3] !== undefined ? 3 : 4;
      push(findings, match, group, secretName, false);
    });
    scan(BARE, text, (match, secretName) => {
      if (!namesItself(match[2] ?? "", match[1] ?? "")) push(findings, match, 2, secretName, false);
    });
    scan(HEADER, text, (match, secretName) => push(findings, match, 2, secretName, false));
    scan(LINE, text, (match, secretName) => {
      if (namesItself(match[3] ?? "", match[1] ?? "")) return;
      // `name = word` is how code assigns a variable; only a random-looking word is taken for a secret
      // there. `NAME=word` with nothing around the `=` is a .env line, where any word is the value.
      push(findings, match, 3, secretName, match[2] === "=" && /[ \t]=|=[ \t]/.test(match[0]));
    });
    return findings;
  },
};

/**
 * Runs a regex whose group 1 is a name, handing on matches whose name sounds secret. After any other
 * match the search resumes right after the name rather than after the value: `URL=…\nPASSWORD=…` in
 * JSON-escaped text, or `"cmd": "export TOKEN=…"`, hold an assignment inside another one's value.
 */
function scan(regex: RegExp, text: string, found: (match: RegExpExecArray, name: SecretName) => void): void {
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    const secretName = classifySecretName(match[1] ?? "");
    if (secretName !== null) found(match, secretName);
    else regex.lastIndex = Math.max(match.index + 1, match.indices?.[1]?.[1] ?? 0);
  }
}

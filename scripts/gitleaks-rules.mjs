// Turns gitleaks' default rules (data/gitleaks/gitleaks.toml, see data/gitleaks/SOURCE.md) into
// src/redact/gitleaks-rules.generated.ts: the same rules with their Go RE2 regexes rewritten as JavaScript
// regexes that Node 20 runs. Rules that cannot be used are left out and listed, with why.
//   node scripts/gitleaks-rules.mjs
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "smol-toml";

const here = (/** @type {string} */ path) => fileURLToPath(new URL(path, import.meta.url));
const SOURCE = here("../data/gitleaks/gitleaks.toml");
const TARGET = here("../src/redact/gitleaks-rules.generated.ts");

/** POSIX classes RE2 allows inside brackets, as JavaScript class contents. */
const POSIX = {
  alnum: "A-Za-z0-9",
  alpha: "A-Za-z",
  digit: "0-9",
  lower: "a-z",
  upper: "A-Z",
  space: "\\s",
  word: "\\w",
  xdigit: "0-9A-Fa-f",
};

const isLower = (/** @type {string} */ c) => c >= "a" && c <= "z";
const isUpper = (/** @type {string} */ c) => c >= "A" && c <= "Z";
const otherCase = (/** @type {string} */ c) => (isLower(c) ? c.toUpperCase() : c.toLowerCase());

/**
 * Rewrites one RE2 regex as a JavaScript regex source. Inline flags (`(?i)`, `(?i:…)`, `(?-i:…)`, `(?s…)`)
 * become plain groups with their effect spelled out: a letter under `i` becomes `[aA]`, a class gains the
 * other case, `.` under `s` becomes `[\s\S]`. Throws on a construct it does not know.
 * @param {string} go
 * @returns {string}
 */
export function toJavaScript(go) {
  let out = "";
  /** Flags of the groups open around the current position (the last is the innermost). */
  const stack = [{ i: false, s: false }];
  const flags = () => /** @type {{ i: boolean, s: boolean }} */ (stack.at(-1));
  let at = 0;
  while (at < go.length) {
    const c = go.charAt(at);
    if (c === "\\") {
      const next = go.charAt(at + 1);
      if (next === "z") out += "$";
      else if (next === "A") out += "^";
      else if (next === "x") {
        out += go.slice(at, at + 4);
        at += 4;
        continue;
      } else if (next === "Q" || next === "p" || next === "P") throw new Error(`unsupported \\${next}`);
      else out += `\\${next}`;
      at += 2;
    } else if (c === "[") {
      const [cls, end] = readClass(go, at, flags().i);
      out += cls;
      at = end;
    } else if (c === "(") {
      const inline = /^\(\?([a-zA-Z-]*)(\)|:)/.exec(go.slice(at));
      if (go.startsWith("(?P<", at)) {
        stack.push({ ...flags() });
        out += "(?<";
        at += 4;
      } else if (inline !== null && inline[1] !== "") {
        const [on, off = ""] = (inline[1] ?? "").split("-");
        if (/[^is]/.test(on + off)) throw new Error(`unsupported flags (?${inline[1]})`);
        const set = { ...flags() };
        for (const flag of on ?? "") set[/** @type {"i" | "s"} */ (flag)] = true;
        for (const flag of off) set[/** @type {"i" | "s"} */ (flag)] = false;
        if (inline[2] === ")") {
          // `(?i)`: from here to the end of the enclosing group.
          stack[stack.length - 1] = set;
        } else {
          stack.push(set);
          out += "(?:";
        }
        at += inline[0].length;
      } else {
        stack.push({ ...flags() });
        out += "(";
        at += 1;
      }
    } else if (c === ")") {
      stack.pop();
      if (stack.length === 0) throw new Error("unbalanced )");
      out += ")";
      at += 1;
    } else if (c === "." && flags().s) {
      out += "[\\s\\S]";
      at += 1;
    } else if (c === "{") {
      // A repetition is copied whole, so its digits are never taken for literals.
      const repeat = /^\{\d*(?:,\d*)?\}/.exec(go.slice(at));
      const text = repeat?.[0] ?? "\\{";
      out += text;
      at += repeat === null ? 1 : text.length;
    } else if (flags().i && (isLower(c) || isUpper(c))) {
      out += `[${c}${otherCase(c)}]`;
      at += 1;
    } else {
      out += c;
      at += 1;
    }
  }
  if (stack.length !== 1) throw new Error("unbalanced (");
  return out;
}

/**
 * Reads the bracket class starting at `go[start]`; returns it as JavaScript and the index after it.
 * @param {string} go
 * @param {number} start
 * @param {boolean} caseless
 * @returns {[string, number]}
 */
function readClass(go, start, caseless) {
  let at = start + 1;
  let open = "[";
  if (go.charAt(at) === "^") {
    open += "^";
    at += 1;
  }
  let out = "";
  let extra = "";
  let first = true;
  while (at < go.length && (go.charAt(at) !== "]" || first)) {
    first = false;
    const posix = /^\[:(\^?)([a-z]+):\]/.exec(go.slice(at));
    if (posix !== null) {
      const body = POSIX[/** @type {keyof typeof POSIX} */ (posix[2])];
      if (body === undefined || posix[1] === "^") throw new Error(`unsupported class ${posix[0]}`);
      out += body;
      at += posix[0].length;
      continue;
    }
    let item;
    if (go.charAt(at) === "\\") {
      const next = go.charAt(at + 1);
      item = next === "x" ? go.slice(at, at + 4) : go.slice(at, at + 2);
      if (next === "p" || next === "P") throw new Error("unsupported \\p in a class");
    } else if (go.charAt(at) === "[") {
      item = "\\[";
      at -= 1; // one source character, two output characters
    } else {
      item = go.charAt(at);
    }
    at += item === "\\[" ? 2 : item.length;
    // A range `a-z`: the other case gets the same range.
    if (go.charAt(at) === "-" && go.charAt(at + 1) !== "]" && go.charAt(at + 1) !== "") {
      const to = go.charAt(at + 1) === "\\" ? go.slice(at + 1, at + 3) : go.charAt(at + 1);
      at += 1 + to.length;
      out += `${item}-${to}`;
      if (caseless && item.length === 1 && to.length === 1) {
        if (isLower(item) && isLower(to)) extra += `${item.toUpperCase()}-${to.toUpperCase()}`;
        else if (isUpper(item) && isUpper(to)) extra += `${item.toLowerCase()}-${to.toLowerCase()}`;
      }
      continue;
    }
    out += item;
    if (caseless && item.length === 1 && (isLower(item) || isUpper(item))) extra += otherCase(item);
  }
  if (go.charAt(at) !== "]") throw new Error("unterminated class");
  // The other cases go first: after a class's literal trailing `-` they would make a range.
  return [`${open}${extra}${out}]`, at + 1];
}

/**
 * A regex with a leading `(?i)` and no other inline flag keeps it as the JavaScript `i` flag (a smaller
 * regex than spelled-out cases); any other is rewritten. A leading `[\w.-]{0,50}?` (gitleaks' way of
 * including the name before `=` in the match) is dropped: it never changes the secret found, and trying it
 * at every position of megabytes of text costs.
 * @param {string} go
 * @returns {{ source: string, flags: string }}
 */
export function convert(go) {
  let body = jsonEscapeAware(go);
  let flags = "";
  if (body.startsWith("(?i)") && !/\(\?-?[a-z]*[is]/.test(body.slice(4))) {
    body = body.slice(4);
    flags = "i";
  }
  const lead = "[\\w.-]{0,50}?";
  if (body.startsWith(lead)) body = body.slice(lead.length);
  else if (body.startsWith(`(?i)${lead}`)) body = `(?i)${body.slice(4 + lead.length)}`;
  const source = toJavaScript(body);
  new RegExp(source, `${flags}gd`); // throws if Node cannot compile it
  return { source, flags };
}

/**
 * gitleaks scans files; sessions also hold JSON-escaped text (tool arguments kept as a JSON string, a tool
 * that printed JSON), where a quote around a name or a value stands as `\"`. The rules' own pieces
 * for "quotes and spaces between the name and the value" and "what ends a value" take a backslash there
 * too, as their end already takes the `\n` of escaped text.
 * @param {string} go
 */
function jsonEscapeAware(go) {
  return go
    .replaceAll(`[\\s'"]{0,3}`, `[\\s'"\\\\]{0,3}`)
    .replaceAll(`[\\x60'"\\s=]{0,5}`, `[\\x60'"\\s=\\\\]{0,5}`)
    .replaceAll(`(?:[\\x60'"\\s;]|\\\\[nr]|$)`, `(?:[\\x60'"\\s;]|\\\\[nr"'\\x60]|$)`);
}

/** Kinds are letters and dashes (see markerFor); these ids hold digits. */
const KIND_NAMES = {
  "1password-secret-key": "onepassword-secret-key",
  "1password-service-account-token": "onepassword-token",
  "heroku-api-key-v2": "heroku-api-key",
  "intra42-client-secret": "intra-client-secret",
  "jwt-base64": "jwt",
};

/**
 * Rules whose keywords miss what their regex needs: gitleaks wakes a rule only on a keyword, and these
 * rules' tokens never hold theirs (an Airtable token is `pat…`, without "airtable").
 */
const KEYWORD_FIXES = {
  "airtable-personnal-access-token": ["pat"],
};

/**
 * Allowlist regexes that Go's engine runs in linear time and JavaScript's does not (three overlapping runs
 * of blanks: cubic), with a rewrite that matches the same placeholders: `{{ name }}`.
 */
const LINEAR_REWRITES = {
  "^\\{\\{[ \\t]*[\\w ().|]+[ \\t]*}}$": "^\\{\\{[\\w ().|\\t]+}}$",
};

/** @param {string} go */
const linear = (go) => LINEAR_REWRITES[/** @type {keyof typeof LINEAR_REWRITES} */ (go)] ?? go;

/** @param {any} list */
const allowlist = (list) => ({
  regexes: (list.regexes ?? []).map((/** @type {string} */ go) => convert(linear(go))),
  target: list.regexTarget ?? "secret",
  stopwords: list.stopwords ?? [],
});

function main() {
  const config = parse(readFileSync(SOURCE, "utf8"));
  const rules = [];
  const dropped = [];
  for (const rule of /** @type {any[]} */ (config.rules)) {
    if (rule.regex === undefined) {
      dropped.push({ id: rule.id, why: "matches file paths only" });
      continue;
    }
    try {
      // An allowlist that names paths applies to files by name; a session's strings have none, so it never applies.
      const allowlists = (rule.allowlists ?? []).filter(
        (/** @type {any} */ list) => list.paths === undefined,
      );
      rules.push({
        id: rule.id,
        kind: KIND_NAMES[/** @type {keyof typeof KIND_NAMES} */ (rule.id)] ?? rule.id,
        ...convert(rule.regex),
        secretGroup: rule.secretGroup ?? 0,
        entropy: rule.entropy ?? 0,
        keywords: (
          KEYWORD_FIXES[/** @type {keyof typeof KEYWORD_FIXES} */ (rule.id)] ??
          rule.keywords ??
          []
        ).map((/** @type {string} */ word) => word.toLowerCase()),
        allowlists: allowlists.map(allowlist),
      });
    } catch (error) {
      dropped.push({ id: rule.id, why: String(error instanceof Error ? error.message : error) });
    }
  }
  const global = /** @type {any} */ (config.allowlist);
  const data = {
    source: "gitleaks config/gitleaks.toml at b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b (MIT)",
    rules,
    dropped,
    allowlist: {
      regexes: global.regexes.map((/** @type {string} */ go) => convert(linear(go))),
      stopwords: global.stopwords,
    },
  };
  const text =
    "// Generated by scripts/gitleaks-rules.mjs from data/gitleaks/gitleaks.toml (gitleaks, MIT). Do not edit.\n" +
    "// biome-ignore-all lint: regex sources, not code\n" +
    `import type { GitleaksData } from "./gitleaks-types.js";\n\n` +
    `export const GITLEAKS: GitleaksData = ${JSON.stringify(data)};\n`;
  writeFileSync(TARGET, text);
  execFileSync("npx", ["biome", "format", "--write", TARGET], { stdio: "inherit" });
  console.log(`${rules.length} rules, ${dropped.length} left out:`, dropped);
}

// Run as a script (a test imports the converter alone).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();

import type { Detector, Finding } from "./finding.js";
import { isSecretValue } from "./secret-value.js";

// Short flags say nothing by their name: `-p` is a password to `docker login` and `mysql`, a port to
// `docker run`. What a flag means belongs to its tool, so these are listed by tool: the flags that take a
// password, and the subcommand they need (`login`). Long flags that say password (`--password`) need no
// list: the context detector reads their name.

/** How one tool takes a password on its command line. */
interface ToolFlags {
  /** Flags whose next word is the password. */
  spaced?: readonly string[];
  /** Flags with the password glued on (`-pSECRET`; with a space, the tool asks for it instead). */
  glued?: readonly string[];
  /** Flags whose next word is `user<sep>password` (`smbclient -U alice%pw`, `lftp -u alice,pw`). */
  userPassword?: readonly (readonly [flag: string, separator: string])[];
  /** A word that must come before the flag (`docker login -p`, but `docker run -p 8080:80`). */
  subcommand?: string;
}

const LOGIN: ToolFlags = { spaced: ["-p"], subcommand: "login" };
const MYSQL: ToolFlags = { glued: ["-p"] };
const LDAP: ToolFlags = { spaced: ["-w"] };
const MONGO: ToolFlags = { spaced: ["-p"] };
const SEVEN_ZIP: ToolFlags = { glued: ["-p"] };
const KEYTOOL: ToolFlags = {
  spaced: ["-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-srckeypass", "-destkeypass"],
};
const MOSQUITTO: ToolFlags = { spaced: ["-P"] };
const SQLSERVER: ToolFlags = { spaced: ["-P"] };

/** Tools whose short flags take a password, by the name they are run as. */
const TOOLS: ReadonlyMap<string, ToolFlags> = new Map([
  ["docker", LOGIN],
  ["podman", LOGIN],
  ["nerdctl", LOGIN],
  ["buildah", LOGIN],
  ["skopeo", LOGIN],
  ["helm", LOGIN],
  ["az", LOGIN],
  ["mysql", MYSQL],
  ["mysqldump", MYSQL],
  ["mysqladmin", MYSQL],
  ["mysqlimport", MYSQL],
  ["mysqlshow", MYSQL],
  ["mysqlcheck", MYSQL],
  ["mariadb", MYSQL],
  ["mariadb-dump", MYSQL],
  ["mariadb-admin", MYSQL],
  ["openssl", { spaced: ["-pass", "-passin", "-passout", "-k"] }],
  ["sshpass", { spaced: ["-p"], glued: ["-p"] }],
  ["redis-cli", { spaced: ["-a", "--pass"] }],
  ["ldapsearch", LDAP],
  ["ldapadd", LDAP],
  ["ldapmodify", LDAP],
  ["ldapdelete", LDAP],
  ["ldapwhoami", LDAP],
  ["ldappasswd", LDAP],
  ["sqlcmd", SQLSERVER],
  ["bcp", SQLSERVER],
  ["osql", SQLSERVER],
  ["zip", { spaced: ["-P"] }],
  ["unzip", { spaced: ["-P"] }],
  ["7z", SEVEN_ZIP],
  ["7za", SEVEN_ZIP],
  ["7zz", SEVEN_ZIP],
  ["rar", SEVEN_ZIP],
  ["unrar", SEVEN_ZIP],
  ["ssh-keygen", { spaced: ["-N", "-P"] }],
  ["mosquitto_pub", MOSQUITTO],
  ["mosquitto_sub", MOSQUITTO],
  ["mongosh", MONGO],
  ["mongo", MONGO],
  ["mongodump", MONGO],
  ["mongorestore", MONGO],
  ["mongoexport", MONGO],
  ["mongoimport", MONGO],
  ["twine", { spaced: ["-p"] }],
  ["smbclient", { userPassword: [["-U", "%"]] }],
  ["rpcclient", { userPassword: [["-U", "%"]] }],
  ["lftp", { userPassword: [["-u", ","]] }],
  ["keytool", KEYTOOL],
  ["jarsigner", KEYTOOL],
  ["nmcli", { spaced: ["password"] }],
]);

/** A tool's name as a command word (after a path's `/`, not inside another word). */
const TOOL_WORD = new RegExp(
  `(?<![\\w.-])(?:${[...TOOLS.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.-]/g, "\\$&"))
    .join("|")})(?![\\w.-])`,
  "g",
);

/** Words of one command, with their spans; stops at `|`, `;`, `&&`, a line's end. */
function* commandWords(text: string, from: number): Generator<{ start: number; end: number; word: string }> {
  let at = from;
  while (at < text.length) {
    while (at < text.length && (text.charAt(at) === " " || text.charAt(at) === "\t")) at += 1;
    const char = text.charAt(at);
    if (at >= text.length || "\n\r|;&".includes(char)) return;
    const start = at;
    let quote: string | null = null;
    while (at < text.length) {
      const here = text.charAt(at);
      if (quote !== null) {
        if (here === quote) quote = null;
        else if (here === "\n") break;
      } else if (here === '"' || here === "'") quote = here;
      else if (" \t\n\r|;&".includes(here)) break;
      at += 1;
    }
    yield { start, end: at, word: text.slice(start, at) };
  }
}

/** A value's span without the quotes around it, and without openssl's `pass:` (`env:` and `file:` name no secret). */
function valueSpan(text: string, start: number, end: number): { start: number; end: number } | null {
  let [from, to] = [start, end];
  const first = text.charAt(from);
  if ((first === '"' || first === "'") && text.charAt(to - 1) === first && to - from >= 2)
    [from, to] = [from + 1, to - 1];
  const value = text.slice(from, to);
  if (/^(?:env|file|fd):|^stdin$/.test(value)) return null;
  if (value.startsWith("pass:")) from += 5;
  return to > from ? { start: from, end: to } : null;
}

/** Passwords given to command-line tools through their own flags (`docker login -p`, `mysql -p…`, `openssl -pass pass:…`). */
export const passwordFlagDetector: Detector = {
  kind: "password",
  find(text) {
    const findings: Finding[] = [];
    const take = (start: number, end: number): void => {
      const span = valueSpan(text, start, end);
      if (
        span !== null &&
        isSecretValue(text.slice(span.start, span.end), { kind: "password", level: "any" })
      )
        findings.push({ ...span, kind: "password", generic: true });
    };
    let parsedUntil = 0;
    TOOL_WORD.lastIndex = 0;
    for (let match = TOOL_WORD.exec(text); match !== null; match = TOOL_WORD.exec(text)) {
      if (match.index < parsedUntil) continue;
      // Tools met in this command so far (`docker exec db mysql -p…`), and the words seen.
      const active: ToolFlags[] = [];
      const seen = new Set<string>();
      let expect: ((start: number, end: number) => void) | null = null;
      for (const { start, end, word } of commandWords(text, match.index)) {
        parsedUntil = end;
        if (expect !== null) {
          if (!word.startsWith("-")) expect(start, end);
          expect = null;
          continue;
        }
        const tool = TOOLS.get(word.slice(word.lastIndexOf("/") + 1));
        if (tool !== undefined) active.push(tool);
        seen.add(word);
        for (const flags of active) {
          if (flags.subcommand !== undefined && !seen.has(flags.subcommand)) continue;
          if (flags.spaced?.includes(word)) expect = take;
          const glued = flags.glued?.find((flag) => word.startsWith(flag) && word.length > flag.length);
          if (glued !== undefined) take(start + glued.length, end);
          const pair = flags.userPassword?.find(([flag]) => flag === word);
          if (pair !== undefined)
            expect = (from, to) => {
              const at = text.slice(from, to).indexOf(pair[1]);
              if (at !== -1) take(from + at + 1, to);
            };
        }
      }
    }
    return findings;
  },
};

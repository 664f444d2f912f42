// The places a named secret stands in (issue 31): assignments, env files, YAML, JSON, headers, flags, URL
// query parameters (Markdown links too), code; cookies; the password flags of command-line tools. Each
// context writes a line from a name and a value, and says what of the line must survive redaction.
import type { Alphabet, Style } from "./vocabulary.js";

/** A line holding a value, and the parts of it that are no secret (they must come out unchanged). */
export interface Placed {
  text: string;
  keep: string[];
}

/** A context where a name says what its value is. */
export interface NamedContext {
  /** How names are written here. */
  styles: readonly Style[];
  /** What characters a value can hold here without quoting. */
  alphabet: Alphabet;
  /** Whether a value with spaces can stand here (prose does not fit a bare shell word). */
  spaces: boolean;
  write(name: string, value: string): Placed;
}

const ENV: readonly Style[] = ["screaming", "snake"];
const KEYS: readonly Style[] = ["snake", "camel", "screaming", "kebab", "pascal"];
const CODE: readonly Style[] = ["snake", "camel", "screaming"];
const HEADERS: readonly Style[] = ["header", "kebab"];
const FLAGS: readonly Style[] = ["kebab", "snake"];
const PARAMS: readonly Style[] = ["snake", "camel", "kebab", "header"];

const context = (
  styles: readonly Style[],
  alphabet: Alphabet,
  spaces: boolean,
  write: NamedContext["write"],
): NamedContext => ({ styles, alphabet, spaces, write });

export const NAMED_CONTEXTS: Readonly<Record<string, NamedContext>> = {
  "env-bare": context(ENV, "bare", false, (n, v) => ({
    text: `${n}=${v}\nNEXT_STEP=1`,
    keep: [n, "NEXT_STEP=1"],
  })),
  "env-export": context(ENV, "bare", false, (n, v) => ({ text: `export ${n}=${v}`, keep: [`export ${n}=`] })),
  "env-export-quoted": context(ENV, "quoted", true, (n, v) => ({
    text: `export ${n}="${v}"\nexport REGION=eu`,
    keep: [`export ${n}="`, "export REGION=eu"],
  })),
  "dotenv-single": context(ENV, "quoted", true, (n, v) => ({
    text: `${n}='${v}'\nDEBUG=1`,
    keep: [n, "DEBUG=1"],
  })),
  "shell-inline": context(ENV, "bare", false, (n, v) => ({
    text: `${n}=${v} npm run deploy`,
    keep: [n, "npm run deploy"],
  })),
  yaml: context(KEYS, "bare", true, (n, v) => ({
    text: `config:\n  ${n}: ${v}\n  region: eu`,
    keep: [`  ${n}:`, "region: eu"],
  })),
  "yaml-quoted": context(KEYS, "quoted", true, (n, v) => ({
    text: `auth:\n  ${n}: "${v}"\n  timeout: 30`,
    keep: [n, "timeout: 30"],
  })),
  "compose-env": context(ENV, "bare", false, (n, v) => ({
    text: `    environment:\n      - ${n}=${v}\n      - PORT=8080`,
    keep: [n, "PORT=8080"],
  })),
  json: context(KEYS, "quoted", true, (n, v) => ({
    text: `{"${n}": "${v}", "region": "eu"}`,
    keep: [`"${n}": "`, `"region": "eu"}`],
  })),
  "json-compact": context(KEYS, "quoted", true, (n, v) => ({
    text: `The config is {"${n}":"${v}","retries":3}.`,
    keep: [`{"${n}":"`, `","retries":3}.`],
  })),
  "json-escaped": context(KEYS, "quoted", true, (n, v) => ({
    text: `{\\"${n}\\": \\"${v}\\", \\"region\\": \\"eu\\"}`,
    keep: [`\\"${n}\\": \\"`, `\\"region\\": \\"eu\\"}`],
  })),
  "header-line": context(HEADERS, "bare", false, (n, v) => ({
    text: `HTTP/1.1 200 OK\n${n}: ${v}\nContent-Type: text/plain`,
    keep: [`${n}: `, "Content-Type: text/plain"],
  })),
  "curl-header-double": context(HEADERS, "quoted", true, (n, v) => ({
    text: `curl -H "${n}: ${v}" https://api.example.com/v1`,
    keep: [`"${n}: `, `" https://api.example.com/v1`],
  })),
  "curl-header-single": context(HEADERS, "quoted", true, (n, v) => ({
    text: `curl -sS -H '${n}: ${v}' https://api.example.com/v1`,
    keep: [`'${n}: `, `' https://api.example.com/v1`],
  })),
  "flag-space": context(FLAGS, "bare", false, (n, v) => ({
    text: `./deploy --${n} ${v} --verbose`,
    keep: [`--${n} `, " --verbose"],
  })),
  "flag-equals": context(FLAGS, "bare", false, (n, v) => ({
    text: `./deploy --${n}=${v} --verbose`,
    keep: [`--${n}=`, " --verbose"],
  })),
  "flag-quoted": context(FLAGS, "quoted", true, (n, v) => ({
    text: `./deploy --${n} "${v}" --verbose`,
    keep: [`--${n} "`, `" --verbose`],
  })),
  "query-first": context(PARAMS, "url", false, (n, v) => ({
    text: `GET https://api.example.com/v1/items?${n}=${v}&page=2 HTTP/1.1`,
    keep: [`?${n}=`, "&page=2 HTTP/1.1"],
  })),
  "query-later": context(PARAMS, "url", false, (n, v) => ({
    text: `fetching https://api.example.com/v1/items?page=2&${n}=${v} done`,
    keep: [`&${n}=`, " done"],
  })),
  "markdown-link": context(PARAMS, "url", false, (n, v) => ({
    text: `See [the docs](https://docs.example.com/p?lang=en&${n}=${v}) for more.`,
    keep: [`&${n}=`, ") for more."],
  })),
  fragment: context(PARAMS, "url", false, (n, v) => ({
    text: `redirected to https://app.example.com/callback#${n}=${v}&state=xyz`,
    keep: [`#${n}=`, "&state=xyz"],
  })),
  python: context(CODE, "quoted", true, (n, v) => ({
    text: `${n} = "${v}"\nprint(${n})`,
    keep: [`${n} = "`],
  })),
  "js-const": context(CODE, "quoted", true, (n, v) => ({
    text: `const ${n} = '${v}';\nexport default ${n};`,
    keep: [`const ${n} = '`, "';"],
  })),
  go: context(CODE, "quoted", true, (n, v) => ({ text: `\t${n} := "${v}"`, keep: [`${n} := "`] })),
  "php-array": context(CODE, "quoted", true, (n, v) => ({
    text: `    '${n}' => '${v}',\n    'debug' => false,`,
    keep: [`'${n}' => '`, "'debug' => false"],
  })),
  "ts-object": context(CODE, "quoted", true, (n, v) => ({
    text: `const config = {\n  ${n}: "${v}",\n  retries: 3,\n};`,
    keep: [`${n}: "`, "retries: 3"],
  })),
  toml: context(["snake", "kebab"], "quoted", true, (n, v) => ({
    text: `[service]\n${n} = "${v}"\nport = 8080`,
    keep: [`${n} = "`, "port = 8080"],
  })),
  ini: context(["snake", "kebab", "dotted"], "bare", false, (n, v) => ({
    text: `[client]\n${n} = ${v}\nhost = db.internal`,
    keep: [`${n} = `, "host = db.internal"],
  })),
  powershell: context(ENV, "quoted", true, (n, v) => ({
    text: `$env:${n} = "${v}"`,
    keep: [`$env:${n} = "`],
  })),
  "cmd-set": context(ENV, "bare", false, (n, v) => ({
    text: `set ${n}=${v}\r\ncall run.bat`,
    keep: [n, "call run.bat"],
  })),
  dockerfile: context(ENV, "bare", false, (n, v) => ({
    text: `ENV ${n}=${v}\nRUN make`,
    keep: [n, "RUN make"],
  })),
  kwargs: context(["snake"], "quoted", true, (n, v) => ({
    text: `client = Client(${n}="${v}", timeout=30)`,
    keep: [`${n}="`, `", timeout=30)`],
  })),
  "docker-env": context(ENV, "bare", false, (n, v) => ({
    text: `docker run -e ${n}=${v} app:latest`,
    keep: [`-e ${n}=`, " app:latest"],
  })),
};

/** Cookie names: a session's, a framework's, a random word. */
export const COOKIE_NAMES = [
  "sid",
  "sessionid",
  "_app_session",
  "__Host-session",
  "remember_token",
  "connect.sid",
  "JSESSIONID",
  "PHPSESSID",
  "csrftoken",
  "auth",
  "user_prefs",
  "_gh_sess",
] as const;

/** Where a cookie's value stands: request and response headers, curl's cookie flags. */
export const COOKIE_CONTEXTS: Readonly<Record<string, (name: string, value: string) => Placed>> = {
  "cookie-header": (n, v) => ({
    text: `Cookie: ${n}=${v}; theme=dark`,
    keep: [`Cookie: ${n}=`, "; theme=dark"],
  }),
  "cookie-later": (n, v) => ({
    text: `cookie: theme=dark; ${n}=${v}\naccept: */*`,
    keep: ["theme=dark; ", "accept: */*"],
  }),
  "curl-cookie-header": (n, v) => ({
    text: `curl -H 'Cookie: ${n}=${v}' https://app.example.com/me`,
    keep: [`${n}=`, "' https://app.example.com/me"],
  }),
  "set-cookie": (n, v) => ({
    text: `HTTP/2 200\nSet-Cookie: ${n}=${v}; Path=/; Secure; HttpOnly`,
    keep: [`Set-Cookie: ${n}=`, "; Path=/; Secure; HttpOnly"],
  }),
  "set-cookie-lower": (n, v) => ({
    text: `< set-cookie: ${n}=${v}; Max-Age=3600; SameSite=Lax`,
    keep: [`set-cookie: ${n}=`, "; Max-Age=3600; SameSite=Lax"],
  }),
  "curl-cookie-flag": (n, v) => ({
    text: `curl --cookie "${n}=${v}" https://app.example.com/me`,
    keep: [`"${n}=`, `" https://app.example.com/me`],
  }),
};

/** Command lines where a tool's own flag takes a password (`{}` is the value). */
export const TOOL_LINES: Readonly<Record<string, string>> = {
  "docker-login": "docker login -u alice -p {} registry.example.com",
  "podman-login": "podman login --username alice -p {} quay.io",
  "helm-registry": "helm registry login oci.example.com -u alice -p {}",
  mysql: "mysql -h db -u root -p{} app < schema.sql",
  mysqldump: "mysqldump -u backup -p{} --all-databases > all.sql",
  mariadb: "mariadb -u root -p{} -e 'show databases'",
  "openssl-enc": "openssl enc -aes-256-cbc -pass pass:{} -in notes.txt -out notes.enc",
  "openssl-passout": "openssl pkcs12 -export -in cert.pem -inkey key.pem -passout pass:{} -out cert.p12",
  "openssl-passin": "openssl rsa -in key.pem -passin pass:{} -out plain.pem",
  sshpass: "sshpass -p {} ssh deploy@app.internal uptime",
  "redis-cli": "redis-cli -h cache.internal -a {} ping",
  ldapsearch: "ldapsearch -x -D cn=admin,dc=example,dc=org -w {} -b dc=example,dc=org",
  sqlcmd: "sqlcmd -S db.internal -U sa -P {} -Q 'select 1'",
  zip: "zip -P {} backup.zip notes.txt",
  "7z": "7z a -p{} archive.7z reports/",
  "ssh-keygen": "ssh-keygen -t ed25519 -N {} -f deploy_key",
  mosquitto: "mosquitto_pub -h broker -u sensor -P {} -t home/temp -m 21",
  mongosh: "mongosh mongodb://db.internal/admin -u admin -p {}",
  twine: "twine upload -u __token__ -p {} dist/*",
  smbclient: "smbclient //nas/share -U alice%{} -c ls",
  "az-login": "az login -u alice@example.com -p {}",
  keytool: "keytool -list -keystore app.jks -storepass {}",
};

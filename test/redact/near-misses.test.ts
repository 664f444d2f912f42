import { describe, expect, test } from "vitest";
import { createRedactor } from "../../src/redact/index.js";
import { randomString } from "./fake-secrets.js";

// Precision: things that look like secrets, or sit next to secret words, but are not secrets. A marker
// here would be a false positive in a shared report (and a wrong count in its header).

const hex = (length: number, seed: number) => randomString("0123456789abcdef", length, seed);

const NOT_SECRETS: readonly [string, string][] = [
  ["a UUID", "session 123e4567-e89b-12d3-a456-426614174000 started"],
  ["a git sha", `commit ${hex(40, 1)}\nAuthor: Alice <alice@example.com>`],
  ["a short sha and an 8-hex id", `HEAD is now at ${hex(7, 2)} fix; toolCallId ${hex(8, 3)}`],
  ["a sha256 checksum in a lockfile line", `"checksum": "sha256:${hex(64, 4)}"`],
  ["an npm integrity hash", `"integrity": "sha512-${randomString("ABCDEFGHabcdefgh0123456789+/", 86, 5)}=="`],
  [
    "`password` the word in prose",
    "Reset your password from the settings page; the password must be 12 characters.",
  ],
  [
    "`token` counts (TOKEN_COUNT=42: the last word, `count`, is what the name is about)",
    "TOKEN_COUNT=42\nmax_tokens: 4096",
  ],
  ["usage numbers", '{"input_tokens": 1234, "output_tokens": 56, "totalTokens": 1290}'],
  ["a secret's file, not the secret", "PASSWORD_FILE=/run/secrets/db_password\nSECRET_NAME=prod-db"],
  [
    "an env var name as the value (Pi's models.json)",
    'apiKey: "OPENAI_API_KEY",\n"apiKey": "OLLAMA_API_KEY"',
  ],
  ["an example with an ellipsis", "export ANTHROPIC_API_KEY=sk-ant-...\nexport GROQ_API_KEY=gsk_..."],
  // "$" + "{": written apart so the string is plainly not a template literal gone wrong.
  [
    "references and templates",
    "password: $" + '{DB_PASSWORD}\ntoken=$(cat token.txt)\n"secret": "{{ secret }}"',
  ],
  ["placeholders", 'API_KEY=<your-api-key>\n"password": ""\n"token": "your_token_here"\nPASSWORD=changeme'],
  ["code reading a secret", "const token = getToken();\npassword=password\nconn(password=db_password)"],
  ["a type annotation", "interface Login {\n  password: string;\n  token: string\n}"],
  [
    "Bearer in prose and in templates",
    'Use Bearer authentication.\n-H "Authorization: Bearer $TOKEN"\nBearer <token>',
  ],
  [
    "URLs without a password",
    "https://example.com:8443/x postgres://localhost:5432/db git@github.com:o/r.git https://user:@host.io",
  ],
  ["a uid:gid", "docker run -u 1000:1000 image"],
  [
    "keys that are not credentials",
    'primary_key=id\nsort_key: name\n{ "key": "value" }\nnextPageToken: "CAEQAA"',
  ],
  ["a Stripe publishable key", `pk_live_${randomString("ABCDEFabcdef0123456789", 24, 6)}`],
  [
    "identifiers with a provider prefix",
    "from huggingface_hub import hf_hub_download\nsk-learn is not scikit-learn",
  ],
  ["AWS's documented example key id", "AKIAIOSFODNN7EXAMPLE"],
  [
    "public keys and certificates",
    `-----BEGIN PUBLIC KEY-----\nMIIB${randomString("ABCDEFGHabcdefgh0123456789", 60, 7)}\n-----END PUBLIC KEY-----`,
  ],
  ["a private-key header alone, as code", 'if (pem.startsWith("-----BEGIN RSA PRIVATE KEY-----")) {'],
  ["half a JWT", "the header eyJhbGciOiJIUzI1NiJ9 alone"],
  ["a connection-string word outside a connection string", "set Password= in the dialog"],
  [
    "flags naming where a secret is, not the secret",
    "ssh-add --ssh-key ~/.ssh/id_rsa --token-file ./token --password-file /run/pw --password $DB_PASSWORD",
  ],
  [
    "a flag in help text and docs",
    '"--api-key requires a model to be specified"\n| `--api-key <key>` | API key (overrides environment) |',
  ],
  ["mysql asking for the password (a space after -p)", "mysql -u root -p app < dump.sql"],
  [
    "names ending in key that are no credential",
    'cache_key=user_123abc\nSORT_KEY: name_1\nOPENAI_KEY=OPENAI_API_KEY\nmap_key: k1\n"i18nKey": "nav.home-title2"',
  ],
  [
    "identifiers that start like a provider token",
    "re_render_component2(); secret_santa_2024; key-value-store-v2; sl.log(x); pul-request-42",
  ],
  ["a short sig in a query string", "https://example.com/a?sig=abc123&v=2"],
  ["coloured test output", "\u001b[32mPASS\u001b[0m test/foo.test.ts\n\x1b[31mFAIL\x1b[0m bar"],
  ["a machine and a password in prose", "the machine is down; password reset is tomorrow"],
  ["a markdown table and a diff", "| name | value |\n|---|---|\n| auth | none |\n-  old line\n+  new line"],
];

describe("near misses are left alone", () => {
  for (const [what, text] of NOT_SECRETS) {
    test(what, async () => {
      const redactor = await createRedactor({ homeDirs: ["/home/alice"] });
      const { strings, counts } = await redactor.redact([text]);
      expect(strings[0]).toBe(text);
      expect(counts).toEqual({});
    });
  }
});

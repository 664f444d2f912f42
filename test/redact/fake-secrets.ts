// Fake secrets in the real formats. Built from a seeded generator at run time, so no key-shaped literal
// sits in the repository for a scanner to flag, and every run sees the same values.

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE64 = `${ALNUM}+/`;
const BASE64URL = `${ALNUM}-_`;

/** A deterministic pseudo-random string (mulberry32). */
export function randomString(alphabet: string, length: number, seed: number): string {
  let state = seed >>> 0;
  let out = "";
  for (let index = 0; index < length; index += 1) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    out += alphabet.charAt(Math.floor(value * alphabet.length));
  }
  return out;
}

const alnum = (length: number, seed: number) => randomString(ALNUM, length, seed);
const digits = (length: number, seed: number) => randomString("0123456789", length, seed);
const b64url = (text: string) => Buffer.from(text).toString("base64url");

/** One seeded secret: the line it sits in (`{}` marks the secret) and the kind it must be redacted as. */
export interface Seed {
  kind: string;
  secret: string;
  line: string;
}

const pemBody = Array.from({ length: 6 }, (_, row) => randomString(BASE64, 64, 900 + row)).join("\n");

/** Secrets of 24 kinds, each in the kind of line an agent session holds it in. */
export const SEEDS: readonly Seed[] = [
  {
    kind: "github-token",
    secret: `ghp_${alnum(36, 1)}`,
    line: "git remote set-url origin https://x:{}@github.com/o/r",
  },
  {
    kind: "github-fine-grained-token",
    secret: `github_pat_${alnum(22, 2)}_${alnum(59, 3)}`,
    line: "gh auth login --with-token <<< {}",
  },
  {
    kind: "aws-access-key-id",
    secret: `AKIA${randomString("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, 4)}`,
    line: "aws_access_key_id = {}",
  },
  { kind: "aws-secret-access-key", secret: randomString(BASE64, 40, 5), line: "aws_secret_access_key = {}" },
  {
    kind: "slack-token",
    secret: `xoxb-${digits(12, 6)}-${digits(13, 7)}-${alnum(24, 8)}`,
    line: 'SLACK_BOT="{}"',
  },
  {
    kind: "slack-webhook",
    secret: `https://hooks.slack.com/services/T${alnum(8, 9)}/B${alnum(8, 10)}/${alnum(24, 11)}`,
    line: 'curl -X POST {} -d \'{"text":"deployed"}\'',
  },
  { kind: "npm-token", secret: `npm_${alnum(36, 12)}`, line: "//registry.npmjs.org/:_authToken={}" },
  {
    kind: "openai-api-key",
    secret: `sk-proj-${randomString(BASE64URL, 120, 13)}`,
    line: "client = OpenAI(api_key={})",
  },
  {
    kind: "anthropic-api-key",
    secret: `sk-ant-api03-${randomString(BASE64URL, 93, 14)}AA`,
    line: "  -H 'x-api-key: {}' \\",
  },
  { kind: "stripe-secret-key", secret: `sk_live_${alnum(99, 15)}`, line: "stripe.api_key = '{}'" },
  {
    kind: "google-api-key",
    secret: `AIza${randomString(BASE64URL, 35, 16)}`,
    line: "fetch(`https://x.googleapis.com/v1?key={}`)",
  },
  {
    kind: "jwt",
    secret: `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"fake-user","iat":1700000000}')}.${randomString(BASE64URL, 43, 17)}`,
    line: "Cookie: session={}",
  },
  {
    kind: "private-key",
    secret: `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${pemBody}\n-----END OPENSSH PRIVATE KEY-----`,
    line: "$ cat ~/.ssh/id_ed25519\n{}\n$ ls",
  },
  {
    kind: "bearer-token",
    secret: randomString(BASE64URL, 48, 18),
    line: 'curl -H "Authorization: Bearer {}" https://api.example.com',
  },
  {
    kind: "basic-auth",
    secret: `p${alnum(15, 19)}`,
    line: "pip install --index-url https://deploy:{}@pypi.example.com/simple pkg",
  },
  {
    kind: "postgres-password",
    secret: `${alnum(18, 20)}`,
    line: "DATABASE_URL=postgres://app:{}@db.internal:5432/prod",
  },
  { kind: "password", secret: `Tr0ub4dor&${digits(3, 21)}`, line: "DB_PASSWORD={}" },
  { kind: "sendgrid-api-key", secret: `SG.${alnum(22, 22)}.${alnum(43, 23)}`, line: "SENDGRID_KEY: {}" },
  { kind: "huggingface-token", secret: `hf_${alnum(34, 24)}`, line: "huggingface-cli login --token {}" },
  {
    kind: "gitlab-token",
    secret: `glpat-${randomString(BASE64URL, 20, 25)}`,
    line: "git clone https://oauth2:{}@gitlab.com/g/p.git",
  },
  {
    kind: "azure-storage-key",
    secret: `${randomString(BASE64, 86, 26)}==`,
    line: "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={};EndpointSuffix=core.windows.net",
  },
  {
    kind: "connection-string-password",
    secret: `S3rv3r-${alnum(12, 27)}!`,
    line: "Server=tcp:db.example.net,1433;Initial Catalog=app;User ID=app;Password={};Encrypt=True;",
  },
  { kind: "api-key", secret: alnum(40, 28), line: '{ "provider": "acme", "apiKey": "{}" }' },
  {
    kind: "openrouter-api-key",
    secret: `sk-or-v1-${randomString("0123456789abcdef", 64, 29)}`,
    line: "OR={}",
  },
];

/** A seed's line with its secret in place. */
export const withSecret = (seed: Seed): string => seed.line.replace("{}", () => seed.secret);

/** A seed's line as it must come out: the secret replaced by its marker. */
export const withMarker = (seed: Seed): string => seed.line.replace("{}", () => `[redacted: ${seed.kind}]`);

const hex = (length: number, seed: number) => randomString("0123456789abcdef", length, seed);
const upperAlnum = (length: number, seed: number) =>
  randomString("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", length, seed);
const puttyPrivate = randomString(BASE64, 64, 300);

/**
 * Issue 20, F9: secrets known by the name, header, flag or file format around them, as developers'
 * sessions hold them (env files, curl headers, command-line flags, .netrc, SAS URLs, PuTTY keys).
 */
export const NAMED_SEEDS: readonly Seed[] = [
  { kind: "secret-key", secret: hex(64, 101), line: "SECRET_KEY_BASE={}" },
  { kind: "password", secret: `Hunter2${alnum(9, 102)}`, line: "PGPASSWORD={} psql -h db -U app" },
  { kind: "secret-key", secret: alnum(20, 103), line: "HMAC_KEY={}" },
  { kind: "api-key", secret: alnum(24, 104), line: "OPENAI_KEY={}" },
  { kind: "api-key", secret: alnum(20, 105), line: "API_KEYS={}" },
  { kind: "api-key", secret: hex(32, 106), line: 'curl -H "X-Api-Key: {}" https://api.example.com/v1' },
  {
    kind: "token",
    secret: alnum(20, 107),
    line: "curl --header 'PRIVATE-TOKEN: {}' https://gitlab.example.com/api/v4/projects",
  },
  { kind: "password", secret: `S3cr3t${alnum(8, 108)}`, line: "mysql -u root -p{} app" },
  { kind: "password", secret: `Sup3r${alnum(8, 109)}`, line: "sshpass -p {} ssh deploy@host uptime" },
  { kind: "password", secret: `pw${alnum(12, 110)}`, line: "./deploy.sh --password {} --host prod" },
  {
    kind: "password",
    secret: `n3t${alnum(10, 111)}`,
    line: "machine api.example.com login alice password {}",
  },
  {
    kind: "azure-sas-signature",
    secret: `${randomString(BASE64URL.replace(/[-_]/g, ""), 43, 112)}%3D`,
    line: "https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&sig={}",
  },
  {
    kind: "private-key",
    secret: puttyPrivate,
    line: `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAI${alnum(20, 113)}\nPrivate-Lines: 1\n{}\nPrivate-MAC: ${hex(64, 114)}`,
  },
  {
    kind: "discord-webhook",
    secret: randomString(BASE64URL, 68, 115),
    line: `curl -X POST https://discord.com/api/webhooks/${digits(18, 116)}/{} -d '{"content":"deployed"}'`,
  },
];

/**
 * Issue 20, F10: provider tokens by their prefix, bare in a line of output (no name around them), and
 * F: a token of another length after an unambiguous prefix.
 */
export const PREFIX_SEEDS: readonly Seed[] = [
  ["github-token", `ghp_${alnum(30, 201)}`],
  ["github-fine-grained-token", `github_pat_${alnum(30, 202)}_${alnum(40, 203)}`],
  ["telegram-bot-token", `${digits(9, 204)}:AA${randomString(BASE64URL, 33, 205)}`],
  ["twilio-api-key", `SK${hex(32, 206)}`],
  ["mailgun-api-key", `key-${hex(32, 207)}`],
  ["atlassian-api-token", `ATATT3xFfGF0${randomString(BASE64URL, 180, 208)}`],
  ["notion-token", `ntn_${alnum(46, 209)}`],
  ["notion-token", `secret_${alnum(43, 210)}`],
  ["vault-token", `hvs.${randomString(BASE64URL, 90, 211)}`],
  ["terraform-token", `${alnum(14, 212)}.atlasv1.${alnum(67, 213)}`],
  ["postman-api-key", `PMAK-${hex(24, 214)}-${hex(34, 215)}`],
  ["sentry-token", `sntrys_eyJ${alnum(80, 216)}`],
  ["grafana-token", `glsa_${alnum(32, 217)}_${hex(8, 218)}`],
  ["new-relic-api-key", `NRAK-${upperAlnum(27, 219)}`],
  ["age-secret-key", `AGE-SECRET-KEY-1${randomString("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58, 220)}`],
  ["doppler-token", `dp.st.prd.${alnum(43, 221)}`],
  ["supabase-token", `sbp_${hex(40, 222)}`],
  ["planetscale-token", `pscale_pw_${alnum(43, 223)}`],
  ["mapbox-token", `sk.eyJ1Ijoi${alnum(60, 224)}.${alnum(22, 225)}`],
  ["pulumi-token", `pul-${hex(40, 226)}`],
  ["fly-token", `FlyV1 fm2_${randomString(BASE64, 100, 227)}`],
  ["heroku-api-key", `HRKU-${randomString(BASE64URL, 60, 228)}`],
  ["replicate-token", `r8_${alnum(37, 229)}`],
  ["perplexity-api-key", `pplx-${alnum(48, 230)}`],
  ["tailscale-key", `tskey-auth-${alnum(12, 231)}-${alnum(30, 232)}`],
  ["onepassword-token", `ops_eyJ${alnum(260, 233)}`],
  ["docker-token", `dckr_pat_${randomString(BASE64URL, 27, 234)}`],
  ["bitbucket-token", `ATBB${alnum(32, 235)}`],
  ["jfrog-token", `AKCp${alnum(69, 236)}`],
  ["square-token", `sq0csp-${randomString(BASE64URL, 43, 237)}`],
  ["contentful-token", `CFPAT-${randomString(BASE64URL, 43, 238)}`],
  ["figma-token", `figd_${randomString(BASE64URL, 40, 239)}`],
  ["resend-api-key", `re_${alnum(8, 240)}_${alnum(24, 241)}`],
  ["netlify-token", `nfp_${alnum(36, 242)}`],
  ["dropbox-token", `sl.${randomString(BASE64URL, 135, 243)}`],
].map(([kind, secret]) => ({
  kind: kind as string,
  secret: secret as string,
  line: "$ ./check-env\n{}\nok",
}));

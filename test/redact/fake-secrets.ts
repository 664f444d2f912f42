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

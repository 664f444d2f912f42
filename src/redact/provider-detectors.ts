import { type Detector, type Finding, regexDetector } from "./finding.js";

// Key formats secretlint's recommended preset (11.x) has no rule for, or only a narrower one: its OpenAI
// rule needs the `T3BlbkFJ` marker and its Anthropic rule an exact length ending in `AA`, which keys pasted
// into a chat (or shortened by hand) often lack. Each pattern is anchored on the provider's prefix and
// fenced by character-class boundaries so a longer identifier that merely contains one is left alone.

/** Not preceded by a character that could continue a key. */
const START = "(?<![A-Za-z0-9_-])";
/** Not followed by one. */
const END = "(?![A-Za-z0-9_-])";

const re = (source: string): RegExp => new RegExp(source, "g");

/** Random keys mix letters and digits; this keeps `sk-` + a long English slug from counting. */
const hasLetterAndDigit = (match: RegExpExecArray): boolean =>
  /\d/.test(match[0]) && /[A-Za-z]/.test(match[0]);

/**
 * Prefixes no word or identifier starts with, so whatever token follows one is a secret, of whatever
 * length: rule sets pin exact lengths (a GitHub token is `ghp_` + 36), and a token whose length differs (a
 * new format, a fine-grained token whose parts have other lengths, one cut short) would pass them.
 */
const UNAMBIGUOUS_PREFIXES: readonly [kind: string, prefix: string][] = [
  ["github-token", "gh[pousr]_"],
  ["github-fine-grained-token", "github_pat_"],
  ["gitlab-token", "glpat-"],
  ["slack-token", "xox[abeoprs]-"],
  ["vault-token", "hv[sbr]\\."],
  ["postman-api-key", "PMAK-"],
  ["sentry-token", "sntry[su]_"],
  ["grafana-token", "gl(?:sa|c)_"],
  ["new-relic-api-key", "NR(?:AK|II|JS)-"],
  ["age-secret-key", "AGE-SECRET-KEY-1"],
  ["doppler-token", "dp\\.(?:st|pt|ct|sa|scim|audit)\\.(?:[a-z0-9_-]{1,30}\\.)?"],
  ["supabase-token", "sb[pa]_"],
  ["planetscale-token", "pscale_(?:pw|tkn|oauth)_"],
  ["mapbox-token", "sk\\.eyJ"],
  ["fly-token", "FlyV1 "],
  ["heroku-api-key", "HRKU-"],
  ["replicate-token", "r8_"],
  ["perplexity-api-key", "pplx-"],
  ["tailscale-key", "tskey-(?:auth|api|client|scim|webhook)-"],
  ["onepassword-token", "ops_eyJ"],
  ["docker-token", "dckr_(?:pat|oat)_"],
  ["bitbucket-token", "ATBB"],
  ["atlassian-api-token", "ATATT3"],
  ["jfrog-token", "AKCp"],
  ["netlify-token", "nfp_"],
  ["square-token", "sq0(?:csp|atp)-"],
  ["contentful-token", "CFPAT-"],
  ["figma-token", "figd_"],
  ["notion-token", "ntn_"],
  ["linear-api-key", "lin_(?:api|oauth)_"],
  ["shopify-token", "shp(?:at|ca|pa|ss)_"],
  ["stripe-secret-key", "(?:sk|rk)_(?:live|test)_"],
  ["npm-token", "npm_"],
  ["nvidia-api-key", "nvapi-"],
  ["tavily-api-key", "tvly-"],
  ["together-api-key", "tgp_v1_"],
  ["brevo-api-key", "xkeysib-"],
  ["buildkite-token", "bkua_"],
];

/**
 * The prefixes as one detector (one scan per string): a prefix, then at least 16 token characters
 * (base64 and base64url) holding a digit and a letter, and further `.`-separated parts (a Mapbox token is
 * a JWT) of 8 or more, so a sentence's period stays.
 */
const PREFIXED = new RegExp(
  `${START}(?:${UNAMBIGUOUS_PREFIXES.map(([, prefix]) => `(${prefix})`).join("|")})[A-Za-z0-9_=+/-]{16,}(?:\\.[A-Za-z0-9_=+/-]{8,})*`,
  "g",
);
const prefixDetector: Detector = {
  kind: "provider-token",
  find(text) {
    const findings: Finding[] = [];
    for (const match of text.matchAll(PREFIXED)) {
      if (!hasLetterAndDigit(match)) continue;
      const which = match.findIndex((group, index) => index > 0 && group !== undefined);
      const kind = UNAMBIGUOUS_PREFIXES[which - 1]?.[0] ?? "provider-token";
      findings.push({ start: match.index, end: match.index + match[0].length, kind });
    }
    return findings;
  },
};

/** Provider API keys and tokens recognised by their prefix. */
export const providerDetectors: readonly Detector[] = [
  regexDetector("anthropic-api-key", re(`${START}sk-ant-[a-z]{2,8}\\d{0,2}-[A-Za-z0-9_-]{20,}`), {
    needle: "sk-ant-",
  }),
  regexDetector("openrouter-api-key", re(`${START}sk-or-v\\d+-[A-Za-z0-9]{32,}${END}`), { needle: "sk-or-" }),
  // `sk-proj-…` and friends, then the legacy `sk-` + 32..164 alphanumerics (DeepSeek and other
  // OpenAI-compatible providers issue the same shape).
  regexDetector("openai-api-key", re(`${START}sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}`), {
    needle: "sk-",
  }),
  regexDetector("openai-api-key", re(`${START}sk-[A-Za-z0-9]{32,164}${END}`), {
    needle: "sk-",
    accept: hasLetterAndDigit,
  }),
  regexDetector("google-api-key", re(`${START}AIza[0-9A-Za-z_-]{35}${END}`), { needle: "AIza" }),
  regexDetector("google-oauth-token", re(`${START}ya29\\.[0-9A-Za-z_-]{20,}`), { needle: "ya29." }),
  regexDetector("google-client-secret", re(`${START}GOCSPX-[0-9A-Za-z_-]{20,}`), { needle: "GOCSPX-" }),
  regexDetector("stripe-secret-key", re(`${START}(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}${END}`), {
    needle: /k_(?:live|test)_/,
  }),
  regexDetector("stripe-webhook-secret", re(`${START}whsec_[0-9A-Za-z+/=]{24,}`), { needle: "whsec_" }),
  regexDetector("huggingface-token", re(`${START}hf_[A-Za-z0-9]{30,}${END}`), {
    needle: "hf_",
    accept: hasLetterAndDigit,
  }),
  regexDetector("gitlab-token", re(`${START}gl(?:pat|dt|rt|ptt|cbt|oas|soat|ft|imt)-[A-Za-z0-9_-]{20,}`), {
    needle: "gl",
  }),
  regexDetector("groq-api-key", re(`${START}gsk_[A-Za-z0-9]{48,}${END}`), { needle: "gsk_" }),
  regexDetector("xai-api-key", re(`${START}xai-[A-Za-z0-9]{60,}${END}`), { needle: "xai-" }),
  regexDetector("pypi-token", re(`${START}pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`), { needle: "pypi-" }),
  regexDetector("digitalocean-token", re(`${START}do[opr]_v1_[a-f0-9]{64}${END}`), { needle: "_v1_" }),
  // AWS access key ids, as secretlint's AWS rule finds them with its id scan on (which would also run an
  // account-id pattern whose findings are no secret: ~20 ms of a large session's redaction). AWS's
  // documented example id is left alone, as the rule leaves it.
  regexDetector(
    "aws-access-key-id",
    re("\\b(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\\b"),
    {
      needle: /A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA/,
      accept: (match) => match[0] !== "AKIAIOSFODNN7EXAMPLE",
    },
  ),
  regexDetector("databricks-token", re(`${START}dapi[a-f0-9]{32}(?:-\\d)?${END}`), { needle: "dapi" }),
  prefixDetector,
  // Shapes with a prefix a word could start with, made unambiguous by what follows it.
  // Apart from the prefixes above: a regex that starts with a character class is tried at every
  // letter, which made the combined one three times slower.
  regexDetector("terraform-token", re(`${START}[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=+/-]{16,}`), {
    needle: ".atlasv1.",
  }),
  regexDetector("mailgun-api-key", re(`${START}key-[0-9a-f]{32}${END}`), { needle: "key-" }),
  regexDetector("notion-token", re(`${START}secret_[A-Za-z0-9]{43}${END}`), {
    needle: "secret_",
    accept: hasLetterAndDigit,
  }),
  regexDetector("dropbox-token", re(`${START}sl\\.[A-Za-z0-9_-]{130,}`), { needle: "sl." }),
  regexDetector("twilio-api-key", re(`${START}SK[0-9a-f]{32}${END}`), {
    needle: "SK",
    accept: hasLetterAndDigit,
  }),
  regexDetector("pulumi-token", re(`${START}pul-[0-9a-f]{40}${END}`), { needle: "pul-" }),
];

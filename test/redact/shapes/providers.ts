// Provider tokens by their published shapes: a prefix, then a random body. Each shape is drawn at its
// documented length and at other lengths (a new format, one cut short or grown), since a token of another
// length than a rule expects must not pass (issue 20, "unambiguous prefixes at any length").
import fc from "fast-check";

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = `${LOWER}${LOWER.toUpperCase()}${DIGITS}`;
const HEX = `${DIGITS}abcdef`;
const B64URL = `${ALNUM}-_`;
const B64 = `${ALNUM}+/`;

/** `length` random characters of `alphabet`, with at least one digit and one letter where it has both. */
const random = (alphabet: string, length: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length }).map((chars) => {
    if (length >= 4 && /[a-z]/i.test(alphabet) && /\d/.test(alphabet)) {
      chars[1] = "7";
      chars[2] = alphabet.includes("k") ? "k" : (alphabet.match(/[a-z]/i)?.[0] ?? "a");
    }
    return chars.join("");
  });

/** A token's parts: literal strings, random runs (`[alphabet, length]`) and computed parts. */
type Part = string | readonly [alphabet: string, length: number] | fc.Arbitrary<string>;

/** A Discord bot token's first part: the bot's id (18 to 19 digits, starting with 1) in base64url. */
const discordId = (grow: number): fc.Arbitrary<string> =>
  random(DIGITS, grow > 0 ? 18 : 17).map((digits) => Buffer.from(`1${digits}`).toString("base64url"));

/** A provider's token, as parts, at a body length scaled by `grow` characters (0: as documented). */
type Shape = (grow: number) => readonly Part[];

const uuid = (): Part[] => [[HEX, 8], "-", [HEX, 4], "-", [HEX, 4], "-", [HEX, 4], "-", [HEX, 12]];

/** Issue 31's provider list (G15, Telegram, Airtable, Resend) and other prefixed tokens of 2025-26. */
export const PROVIDER_SHAPES: Readonly<Record<string, Shape>> = {
  "supabase-secret": (g) => ["sb_secret_", [B64URL, 31 + g]],
  "vercel-blob": (g) => ["vercel_blob_rw_", [ALNUM, 16], "_", [ALNUM, 30 + g]],
  pinecone: (g) => ["pcsk_", [ALNUM, 5], "_", [ALNUM, 63 + g]],
  langsmith: (g) => ["lsv2_pt_", [HEX, 32 + g], "_", [HEX, 10]],
  "langsmith-service": (g) => ["lsv2_sk_", [HEX, 32 + g], "_", [HEX, 10]],
  langfuse: () => ["sk-lf-", ...uuid()],
  cerebras: (g) => ["csk-", [LOWER + DIGITS, 48 + g]],
  neon: (g) => ["napi_", [LOWER + DIGITS, 64 + g]],
  render: (g) => ["rnd_", [ALNUM, 32 + g]],
  "airtable-pat": (g) => ["pat", [ALNUM, 14], ".", [HEX, 64 + g]],
  "discord-bot": (g) => [discordId(g), ".", [B64URL, 6], ".", [B64URL, 38 + g]],
  "google-refresh": (g) => ["1//0", [ALNUM, 1], [B64URL, 100 + g]],
  "aws-sts": (g) => ["IQoJb3JpZ2luX2Vj", [B64, 300 + g * 4]],
  "aws-sts-legacy": (g) => ["FwoGZXIvYXdzE", [B64, 280 + g * 4]],
  "fcm-legacy": (g) => ["AAAA", [B64URL, 7], ":APA91b", [B64URL, 134 + g]],
  elevenlabs: () => ["sk_", [HEX, 48]],
  telegram: (g) => [[DIGITS, 10], ":AA", [B64URL, 33 + (g > 0 ? 1 : 0)]],
  resend: (g) => ["re_", [ALNUM, 8], "_", [ALNUM, 24 + g]],
  "nvidia-nim": (g) => ["nvapi-", [B64URL, 64 + g]],
  tavily: (g) => ["tvly-", [ALNUM, 32 + g]],
  together: (g) => ["tgp_v1_", [B64URL, 43 + g]],
  "posthog-personal": (g) => ["phx_", [ALNUM, 43 + g]],
  "brevo-api-key": (g) => ["xkeysib-", [HEX, 64], "-", [ALNUM, 16 + g]],
  "datastax-astra": (g) => ["AstraCS:", [ALNUM, 24], ":", [HEX, 64 + g]],
  groq: (g) => ["gsk_", [ALNUM, 52 + g]],
  openrouter: (g) => ["sk-or-v1-", [HEX, 64 + g]],
  "anthropic-admin": (g) => ["sk-ant-admin01-", [B64URL, 93 + g], "AA"],
  "openai-project": (g) => ["sk-proj-", [B64URL, 156 + g]],
  github: (g) => ["ghp_", [ALNUM, 36 + g]],
  "github-fine-grained": (g) => ["github_pat_", [ALNUM, 22], "_", [ALNUM, 59 + g]],
  "slack-bot": (g) => ["xoxb-", [DIGITS, 12], "-", [DIGITS, 13], "-", [ALNUM, 24 + g]],
  "stripe-restricted": (g) => ["rk_live_", [ALNUM, 99 + g]],
  huggingface: (g) => ["hf_", [ALNUM, 34 + g]],
  replicate: (g) => ["r8_", [ALNUM, 37 + g]],
  "shopify-admin": (g) => ["shpat_", [HEX, 32 + g]],
  "linear-api": (g) => ["lin_api_", [ALNUM, 40 + g]],
  "gitlab-pat": (g) => ["glpat-", [B64URL, 20 + g]],
  "npm-token": (g) => ["npm_", [ALNUM, 36 + g]],
  "doppler-service": (g) => ["dp.st.prd.", [ALNUM, 43 + g]],
  "tailscale-auth": (g) => ["tskey-auth-", [ALNUM, 12], "-", [ALNUM, 30 + g]],
  "digitalocean-pat": () => ["dop_v1_", [HEX, 64]],
  perplexity: (g) => ["pplx-", [ALNUM, 48 + g]],
  "sentry-user": () => ["sntryu_", [HEX, 64]],
  "grafana-service": (g) => ["glsa_", [ALNUM, 32 + g], "_", [HEX, 8]],
  "docker-pat": (g) => ["dckr_pat_", [B64URL, 27 + g]],
};

/** Body variants: as documented, and longer (a grown format). */
export const VARIANTS: Readonly<Record<string, number>> = { documented: 0, longer: 11 };

/** A token of `provider`'s shape at `variant`'s length. */
export function providerToken(provider: string, variant: string): fc.Arbitrary<string> {
  const shape = PROVIDER_SHAPES[provider];
  if (shape === undefined) throw new Error(`no shape for ${provider}`);
  const parts = shape(VARIANTS[variant] ?? 0);
  return fc
    .tuple(
      ...parts.map((part) =>
        typeof part === "string"
          ? fc.constant(part)
          : part instanceof fc.Arbitrary
            ? part
            : random((part as readonly [string, number])[0], (part as readonly [string, number])[1]),
      ),
    )
    .map((pieces) => pieces.join(""));
}

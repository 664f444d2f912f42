import { type Detector, type Finding, regexDetector } from "./finding.js";
import { looksWordMade } from "./value-shape.js";

// Provider tokens of 2025-26 that gitleaks' rules (the newest, b58d3f1) and secretlint's preset have no
// rule for, or one too narrow (issue 31, G15). Their prefixes are short words an identifier can start with
// (`rnd_`, `napi_`, `pat`), so each also needs the shape of its body: a run of random characters, at any
// length from the documented one's least (a token of another length must not pass).

const START = "(?<![A-Za-z0-9_-])";
const END = "(?![A-Za-z0-9_-])";
const re = (source: string): RegExp => new RegExp(source, "g");

/** Random bodies mix letters and digits and are no identifier (`rnd_seed_value_2` is code). */
const randomBody = (match: RegExpExecArray): boolean =>
  /\d/.test(match[0]) && /[A-Za-z]/.test(match[0]) && !looksWordMade(match[0].replace(/^[a-z]+[_-]/i, ""));

/**
 * A Discord bot token: the bot's id in base64 (digits once decoded), a timestamp of 6 characters, an HMAC
 * of 27 or more: `MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs`.
 */
function discordBotToken(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const match of text.matchAll(/\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}/g)) {
    let start = match.index;
    while (start > 0 && /[A-Za-z0-9_-]/.test(text.charAt(start - 1)) && match.index - start < 40) start -= 1;
    const id = text.slice(start, match.index);
    if (id.length < 23 || !/^[MNO]/.test(id) || /[A-Za-z0-9_-]/.test(text.charAt(start - 1))) continue;
    // The id decodes to digits in a real token; one typed or cut by hand still mixes cases and digits.
    const decoded = Buffer.from(id, "base64url").toString("latin1");
    if (
      !/^\d{17,20}$/.test(decoded) &&
      !(/\d/.test(id) && /[a-z]/.test(id) && /[A-Z]/.test(id.slice(1)) && !looksWordMade(id))
    )
      continue;
    let end = match.index + match[0].length;
    while (end < text.length && /[A-Za-z0-9_-]/.test(text.charAt(end))) end += 1;
    findings.push({ start, end, kind: "discord-bot-token" });
  }
  return findings;
}

/** Tokens by a prefix and the shape of what follows it. */
export const shapedTokenDetectors: readonly Detector[] = [
  regexDetector("supabase-secret-key", re(`${START}sb_secret_[A-Za-z0-9_-]{20,}`), { needle: "sb_secret_" }),
  regexDetector("vercel-blob-token", re(`${START}vercel_blob_rw_[A-Za-z0-9]{8,}_[A-Za-z0-9]{16,}`), {
    needle: "vercel_blob_",
  }),
  regexDetector("pinecone-api-key", re(`${START}pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,}${END}`), {
    needle: "pcsk_",
  }),
  regexDetector("langsmith-api-key", re(`${START}lsv2_(?:pt|sk)_[a-f0-9]{24,}_[a-f0-9]{6,}${END}`), {
    needle: "lsv2_",
  }),
  regexDetector(
    "langfuse-secret-key",
    re(`${START}sk-lf-[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12,}${END}`),
    {
      needle: "sk-lf-",
    },
  ),
  regexDetector("cerebras-api-key", re(`${START}csk-[a-z0-9]{40,}${END}`), {
    needle: "csk-",
    accept: randomBody,
  }),
  regexDetector("neon-api-key", re(`${START}napi_[a-z0-9]{40,}${END}`), {
    needle: "napi_",
    accept: randomBody,
  }),
  regexDetector("render-api-key", re(`${START}rnd_[A-Za-z0-9]{24,}${END}`), {
    needle: "rnd_",
    accept: randomBody,
  }),
  regexDetector("posthog-personal-api-key", re(`${START}phx_[A-Za-z0-9]{30,}${END}`), {
    needle: "phx_",
    accept: randomBody,
  }),
  regexDetector("airtable-token", re(`${START}pat[A-Za-z0-9]{14}\\.[a-f0-9]{48,}${END}`), {
    needle: /pat\w{14}\./,
  }),
  regexDetector("elevenlabs-api-key", re(`${START}sk_[a-f0-9]{40,}${END}`), {
    needle: "sk_",
    accept: randomBody,
  }),
  regexDetector("telegram-bot-token", re(`(?<![\\w:])\\d{6,12}:AA[A-Za-z0-9_-]{30,40}${END}`), {
    needle: ":AA",
  }),
  regexDetector("resend-api-key", re(`${START}re_[A-Za-z0-9]{6,12}_[A-Za-z0-9]{20,40}${END}`), {
    needle: "re_",
    accept: randomBody,
  }),
  regexDetector("google-refresh-token", re(`(?<![\\w/:-])1//0[A-Za-z0-9_-]{30,}`), { needle: "1//0" }),
  regexDetector(
    "aws-session-token",
    re(`${START}(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE|FQoGZXIvYXdzE)[A-Za-z0-9+/]{60,}={0,2}`),
    {
      needle: /IQoJb3JpZ2luX2Vj|[FQ]woGZXIvYXdzE/,
    },
  ),
  regexDetector("firebase-legacy-server-key", re(`${START}AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}`), {
    needle: ":APA91b",
  }),
  regexDetector("datastax-token", re(`${START}AstraCS:[A-Za-z0-9]{20,}:[a-f0-9]{40,}${END}`), {
    needle: "AstraCS:",
  }),
  { kind: "discord-bot-token", find: (text) => (text.includes(".") ? discordBotToken(text) : []) },
];

import { lintSource } from "@secretlint/core";
import { secretLintProfiler } from "@secretlint/profiler";
import { rules as recommendedRules } from "@secretlint/secretlint-rule-preset-recommend";
import type { SecretLintCoreConfig, SecretLintCoreResultMessage } from "@secretlint/types";
import type { Finding } from "./finding.js";
import { secretlintKind, secretValue, URL_MESSAGE_IDS } from "./secretlint-kinds.js";
import { userinfoPasswordSpan } from "./url-userinfo.js";

// secretlint lints one "file" per call and each call sets up every rule and a line index, so linting
// tens of thousands of short strings one by one is dominated by that setup. Strings are joined into
// chunks of a few megabytes instead, and each finding is mapped back to its string.

// secretlint core puts marks on the global performance timeline for every lint call, and its profiler (a
// module singleton, always on) keeps every entry forever and scans them all for each new one: thousands of
// calls in one process (an archive run) make the process quadratically slower, even after the last call
// (3 minutes of CPU after 20,000 small batches). Nothing here reads those profiles, so marking is off.
secretLintProfiler.mark = () => {};

/** Rules of the preset we leave out, and why. */
const LEFT_OUT = new Set([
  // A session is untrusted text: a `secretlint-disable` comment inside it must not switch scanning off.
  // (Disabling it through the preset's `rules` does not work in core 11: preset rules ignore `disabled`,
  // so the preset's rules are registered one by one instead.)
  "@secretlint/secretlint-rule-filter-comments",
  // It reads whole files as JSON or PKCS#12 by their extension; the strings here are neither.
  "@secretlint/secretlint-rule-gcp",
]);

const CONFIG: SecretLintCoreConfig = {
  rules: recommendedRules
    .filter((rule) => !LEFT_OUT.has(rule.meta.id))
    // The AWS rule runs as configured by default: secret access keys only. Access key ids are found
    // by our own detector (provider-detectors.ts), since the rule's switch for them also runs an
    // account-id pattern we would only throw away.
    .map((rule) => ({ id: rule.meta.id, rule })),
};

/**
 * Put between strings. No rule of the preset can match across it: patterns that span white space stop at
 * the NUL, and those that allow any non-space character stop at the newlines. Also leads every chunk, so
 * a string that starts with a BOM is not stripped of it (secretlint drops a leading BOM, shifting offsets).
 */
const SEPARATOR = "\n\u0000\n";

/** Characters per secretlint call: large enough that setup is noise, small enough to bound memory. */
const CHUNK_CHARS = 4_000_000;

/** No rule of the preset matches fewer characters than this (`xoxb-1-1`). */
const SHORTEST_SECRET = 8;

/**
 * Runs secretlint's recommended preset over the strings; returns each string's findings (by index).
 * Ranges are corrected where a rule reports an offset that misses its secret, and narrowed to the
 * password for whole-URL findings.
 */
export async function secretlintFindings(strings: readonly string[]): Promise<Finding[][]> {
  const findings: Finding[][] = strings.map(() => []);
  let chunk: number[] = [];
  let size = 0;
  for (let index = 0; index < strings.length; index += 1) {
    const length = strings[index]?.length ?? 0;
    if (length < SHORTEST_SECRET) continue;
    if (size > 0 && size + length > CHUNK_CHARS) {
      await lintChunk(strings, chunk, findings);
      chunk = [];
      size = 0;
    }
    chunk.push(index);
    size += length + SEPARATOR.length;
  }
  if (chunk.length > 0) await lintChunk(strings, chunk, findings);
  return findings;
}

async function lintChunk(strings: readonly string[], indices: number[], out: Finding[][]): Promise<void> {
  const starts: number[] = [];
  let content = "";
  for (const index of indices) {
    content += SEPARATOR;
    starts.push(content.length);
    content += strings[index] ?? "";
  }
  const result = await lintSource({
    source: { filePath: "session.txt", ext: ".txt", content, contentType: "text" },
    options: { config: CONFIG, maskSecrets: false, noPhysicFilePath: true },
  });
  for (const message of result.messages) {
    const span = correctedSpan(content, message);
    const slot = lastAtOrBefore(starts, span.start);
    const index = indices[slot];
    const start = starts[slot];
    if (index === undefined || start === undefined) continue;
    const length = strings[index]?.length ?? 0;
    // A span never leaves its string; clamping guards against a rule that reports past its match.
    const from = Math.max(0, span.start - start);
    const to = Math.min(length, span.end - start);
    if (to <= from) continue;
    const kind = secretlintKind(message);
    out[index]?.push(
      URL_MESSAGE_IDS.has(message.messageId)
        ? { start: from, end: to, kind, generic: true }
        : { start: from, end: to, kind },
    );
  }
}

/** The span to redact for a message: the secret the rule names, not always the range it reports. */
function correctedSpan(
  content: string,
  message: SecretLintCoreResultMessage,
): { start: number; end: number } {
  const [start, end] = message.range;
  if (URL_MESSAGE_IDS.has(message.messageId))
    return userinfoPasswordSpan(content, start, end) ?? { start, end };
  const value = secretValue(message);
  if (value === undefined || content.slice(start, end) === value) return { start, end };
  // The AWS secret-key rule reports the offset of `AWS_SECRET_ACCESS_KEY=` with the length of the key,
  // which would leave most of the key visible; find the key itself just after it.
  const found = content.indexOf(value, start);
  if (found !== -1 && found <= end + 256) return { start: found, end: found + value.length };
  return { start, end };
}

/** Index of the last element of ascending `values` that is <= `target` (0 if none). */
function lastAtOrBefore(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((values[middle] ?? 0) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}

import type { Detector, Finding } from "./finding.js";
import { GITLEAKS } from "./gitleaks-rules.generated.js";
import type { GitleaksAllowlist, GitleaksData, GitleaksRegex } from "./gitleaks-types.js";
import { looksLikePlaceholder } from "./placeholder.js";
import { looksLikeProse } from "./value-shape.js";

// gitleaks' default rules (~220 providers), loaded from the data file generated from its config
// (data/gitleaks/), applied as gitleaks applies them: keywords first, then the regex, the secret's
// entropy and the allowlists. A maintained rule set, so provider coverage does not rest on our guessing.

interface CompiledAllowlist {
  regexes: RegExp[];
  target: GitleaksAllowlist["target"];
  stopwords: readonly string[];
}

interface CompiledRule {
  kind: string;
  regex: RegExp;
  secretGroup: number;
  entropy: number;
  /** gitleaks' generic and curl rules name where a secret sat, not what it is (see Finding.generic). */
  generic: boolean;
  allowlists: CompiledAllowlist[];
}

const compile = ({ source, flags }: GitleaksRegex, extra = ""): RegExp => new RegExp(source, flags + extra);

/** Shannon entropy in bits per character, as gitleaks computes it. */
export function shannonEntropy(text: string): number {
  if (text === "") return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/**
 * Allowlist regexes read at most this many characters of their target, either side of a finding: gitleaks
 * runs them with Go's linear engine, and some are quadratic with JavaScript's on a long line or secret.
 */
const ALLOWLIST_REACH = 256;

/** The line of `text` around `[start, end)`, at most ALLOWLIST_REACH characters either side. */
function lineAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && start - from < ALLOWLIST_REACH && text.charAt(from - 1) !== "\n") from -= 1;
  let to = end;
  while (to < text.length && to - end < ALLOWLIST_REACH && text.charAt(to) !== "\n") to += 1;
  return text.slice(from, to);
}

/** A target cut to ALLOWLIST_REACH characters at each end. */
const reach = (target: string): string =>
  target.length <= 2 * ALLOWLIST_REACH
    ? target
    : target.slice(0, ALLOWLIST_REACH) + target.slice(-ALLOWLIST_REACH);

/**
 * Whether an allowlist lets a finding pass as no secret. As in gitleaks, an allowlist's regexes and its
 * stopwords each suffice (its default condition, OR).
 */
function allowed(list: CompiledAllowlist, secret: string, match: RegExpExecArray): boolean {
  const lower = secret.toLowerCase();
  if (list.stopwords.some((word) => lower.includes(word))) return true;
  if (list.regexes.length === 0) return false;
  const start = match.index;
  const target =
    list.target === "secret"
      ? reach(secret)
      : list.target === "match"
        ? reach(match[0])
        : lineAround(match.input, start, start + match[0].length);
  return list.regexes.some((regex) => regex.test(target));
}

/**
 * A secret without the quotes some rules take into their group (`hashicorp-tf-password`'s `"…"`): the
 * quotes are the line's, and the marker goes between them.
 */
function unquoted(
  secret: string,
  start: number,
  end: number,
): { secret: string; start: number; end: number } {
  const quote = secret.charAt(0);
  if (secret.length > 2 && (quote === '"' || quote === "'") && secret.endsWith(quote))
    return { secret: secret.slice(1, -1), start: start + 1, end: end - 1 };
  return { secret, start, end };
}

/** The secret of a match and where it lies: the rule's group, or the first group that matched, or all. */
function secretOf(
  match: RegExpExecArray,
  group: number,
): { secret: string; start: number; end: number } | null {
  const indices = match.indices;
  if (indices === undefined) return null;
  if (group > 0) {
    const span = indices[group];
    return span === undefined ? null : unquoted(match[group] ?? "", span[0], span[1]);
  }
  for (let index = 1; index < match.length; index += 1) {
    const span = indices[index];
    if (match[index] !== undefined && match[index] !== "" && span !== undefined)
      return unquoted(match[index] ?? "", span[0], span[1]);
  }
  return { secret: match[0], start: match.index, end: match.index + match[0].length };
}

/** Builds the detector for a rule set (the generated gitleaks data, or a test's). */
export function gitleaksDetector(data: GitleaksData): Detector {
  const toAllowlist = (list: GitleaksAllowlist): CompiledAllowlist => ({
    regexes: list.regexes.map((regex) => compile(regex)),
    target: list.target,
    stopwords: list.stopwords.map((word) => word.toLowerCase()),
  });
  const global: CompiledAllowlist = {
    regexes: data.allowlist.regexes.map((regex) => compile(regex)),
    target: "secret",
    stopwords: data.allowlist.stopwords,
  };
  const rules: CompiledRule[] = data.rules.map((rule) => ({
    kind: rule.kind,
    regex: compile(rule, "gd"),
    secretGroup: rule.secretGroup,
    entropy: rule.entropy,
    generic: /^(?:generic|curl)-/.test(rule.id),
    allowlists: [global, ...rule.allowlists.map(toAllowlist)],
  }));
  // Which rules each keyword wakes. One case-insensitive scan for all keywords per string; a keyword also
  // wakes the rules of every keyword inside it (`key` in `api-key`), which the scan, taking the longest
  // at each position, would not report on its own.
  const byKeyword = new Map<string, Set<number>>();
  data.rules.forEach((rule, index) => {
    for (const word of rule.keywords) byKeyword.set(word, (byKeyword.get(word) ?? new Set()).add(index));
  });
  const keywords = [...byKeyword.keys()].sort((a, b) => b.length - a.length);
  const wakes = new Map<string, number[]>();
  for (const word of keywords) {
    const rules = new Set<number>();
    for (const inner of keywords)
      if (word.includes(inner)) for (const rule of byKeyword.get(inner) ?? []) rules.add(rule);
    wakes.set(word, [...rules]);
  }
  // Run on the lowercased text (keywords are lowercase): a regex without the `i` flag is faster.
  const keywordScan = new RegExp(keywords.map(escapeRegex).join("|"), "g");
  const alwaysRun = data.rules.flatMap((rule, index) => (rule.keywords.length === 0 ? [index] : []));

  return {
    kind: "gitleaks",
    find(text) {
      const wanted = new Set<number>(alwaysRun);
      const lower = text.toLowerCase();
      keywordScan.lastIndex = 0;
      for (let found = keywordScan.exec(lower); found !== null; found = keywordScan.exec(lower)) {
        // Resumed one character on, so a keyword that starts inside this one is seen too.
        keywordScan.lastIndex = found.index + 1;
        for (const rule of wakes.get(found[0]) ?? []) wanted.add(rule);
      }
      if (wanted.size === 0) return [];
      const findings: Finding[] = [];
      for (const index of [...wanted].sort((a, b) => a - b)) {
        const rule = rules[index] as CompiledRule;
        for (const match of text.matchAll(rule.regex)) {
          const found = secretOf(match, rule.secretGroup);
          if (found === null || found.end <= found.start) continue;
          if (rule.entropy > 0) {
            if (shannonEntropy(found.secret) < rule.entropy) continue;
            // gitleaks' own extra check on generic rules: a secret holds a digit.
            if (rule.generic && !/\d/.test(found.secret)) continue;
          }
          if (rule.allowlists.some((list) => allowed(list, found.secret, match))) continue;
          // Rules that read a name and a value (`password = "…"`) also meet placeholders and descriptions.
          if (looksLikePlaceholder(found.secret) || looksLikeProse(found.secret)) continue;
          findings.push(
            rule.generic
              ? { start: found.start, end: found.end, kind: rule.kind, generic: true }
              : { start: found.start, end: found.end, kind: rule.kind },
          );
        }
      }
      return findings;
    },
  };
}

/** gitleaks' default rules, as generated into gitleaks-rules.generated.ts. */
export const gitleaksDefaultDetector: Detector = gitleaksDetector(GITLEAKS);

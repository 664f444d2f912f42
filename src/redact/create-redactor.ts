import { applyFindings } from "./apply-findings.js";
import { awsSecretPairDetector } from "./aws-secret-pair.js";
import { contextDetector } from "./context-detector.js";
import { cookieDetector } from "./cookie-detector.js";
import { customDetectors } from "./custom-patterns.js";
import { escapedView } from "./escaped-view.js";
import type { Detector, Finding } from "./finding.js";
import { gitleaksDefaultDetector } from "./gitleaks-detector.js";
import { homeDetector } from "./home-dirs.js";
import { passwordFlagDetector } from "./password-flags.js";
import { providerDetectors } from "./provider-detectors.js";
import { shapedTokenDetectors } from "./shaped-tokens.js";
import { shownText } from "./shown-text.js";
import { structureDetectors } from "./structure-detectors.js";

/** What to redact. */
export interface RedactOptions {
  /** User regex sources (`--redact`), each a detector of kind `custom`. */
  patterns?: readonly string[];
  /** Home directories to replace by `~` (see `homeDirsFrom`). */
  homeDirs?: string[];
  /** Built-in secret detection (secretlint plus our own detectors). Default true. */
  secrets?: boolean;
}

/** Redacted strings, in input order, and how many replacements were made, by kind. */
export interface RedactResult {
  strings: string[];
  /** Replacements by kind, keys sorted; `home-directory` is among them (report it apart from secrets). */
  counts: Record<string, number>;
}

/** Redacts batches of strings; deterministic, and never mutates its input. */
export interface Redactor {
  /** Whether built-in secret detection is on (`redactJson` then also redacts values of secret-named keys). */
  readonly secrets: boolean;
  /**
   * Unchanged strings come back as the very same string (`===`). `occurrences[i]`, when given, is how many
   * times `strings[i]` stands in the caller's batch: its replacements count that many times (default 1).
   */
  redact(strings: readonly string[], occurrences?: readonly number[]): Promise<RedactResult>;
}

type Scan = (strings: readonly string[]) => Promise<Finding[][]>;

/**
 * Builds a redactor. Detection runs secretlint's recommended preset, then our provider-token, structural
 * (private keys, JWTs, Bearer, URL passwords, connection strings), cookie, context (a name that says
 * secret) and tools' password-flag detectors, then gitleaks' default rules, then the user's patterns, then
 * home directories; on spans that tie, the earlier one names the kind.
 * Throws `RedactPatternError` for a `--redact` pattern that does not compile or matches the empty string.
 */
export async function createRedactor(options: RedactOptions = {}): Promise<Redactor> {
  const secrets = options.secrets ?? true;
  const home = homeDetector(options.homeDirs ?? []);
  const detectors: Detector[] = [
    ...(secrets
      ? [
          ...providerDetectors,
          ...shapedTokenDetectors,
          ...structureDetectors,
          awsSecretPairDetector,
          cookieDetector,
          contextDetector,
          passwordFlagDetector,
          gitleaksDefaultDetector,
        ]
      : []),
    ...customDetectors(options.patterns ?? []),
    home,
  ];
  // secretlint's preset is a megabyte of code; a run without secret detection never loads it.
  const scan: Scan | null = secrets ? (await import("./secretlint-scan.js")).secretlintFindings : null;
  return {
    secrets,
    async redact(strings, occurrences) {
      // Each distinct string is scanned once: a session repeats many (a file read again, a sub-agent's
      // transcript kept twice), and a string's redaction depends on nothing but itself.
      const distinct = [...new Set(strings)];
      // Scanned as shown (escape codes out), with escaped line breaks as line breaks.
      const shown = distinct.map(shownText);
      const views = distinct.map((text, index) => escapedView(shown[index]?.text ?? text));
      const scanned = scan === null ? [] : await scan(views);
      const results = new Map<string, { text: string; kinds: readonly string[] }>();
      distinct.forEach((text, index) => {
        let findings = [...(scanned[index] ?? [])];
        // A loop, not push(...found): one huge string can hold more findings than a call takes arguments.
        const view = views[index] ?? text;
        for (const detector of detectors) for (const finding of detector.find(view)) findings.push(finding);
        const map = shown[index];
        if (map != null) findings = findings.map((finding) => map.toOriginal(finding));
        results.set(text, applyFindings(text, findings));
      });
      const counted = new Map<string, number>();
      const redacted = strings.map((text, at) => {
        const result = results.get(text) ?? { text, kinds: [] };
        // Every occurrence counts, as it is every occurrence that is replaced.
        const times = occurrences?.[at] ?? 1;
        for (const kind of result.kinds) counted.set(kind, (counted.get(kind) ?? 0) + times);
        // An unchanged string comes back as the very one given, not an equal one met earlier.
        return result.text === text ? text : result.text;
      });
      const counts: Record<string, number> = {};
      for (const kind of [...counted.keys()].sort()) counts[kind] = counted.get(kind) ?? 0;
      return { strings: redacted, counts };
    },
  };
}

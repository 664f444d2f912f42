/**
 * Issue 31, G5: every regular expression of src/redact runs in linear time. Each one (literals in the
 * source, and what the modules build: gitleaks' rules, the provider table, home-directory patterns) is
 * checked with recheck; one recheck cannot call safe is run on pumped inputs, recheck's own attack among
 * them, and must stay fast. Before this issue, the assignment detector's flag gate and its bare
 * `NAME=value` regex were quadratic (55-83 s and 13 s on 200 KB lines).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { matchMilliseconds, pumpedInputs, recheckVerdict } from "./linear-check.js";
import { constructedRegexes, type Pattern, regexLiterals } from "./regex-census.js";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const REDACT = fileURLToPath(new URL("../../src/redact/", import.meta.url));

/** Pumped inputs' size: a quadratic regex takes seconds on this, a linear one a millisecond or two. */
const SIZE = 50_000;
/** CPU time one pumped input may take. */
const BOUND_MS = 400;

/** A pattern, and the length of the longest text it is run on. */
interface Checked extends Pattern {
  size: number;
  /** The most characters it can ever be given, where the code cuts its input (no pumped input is longer). */
  limit?: number;
}

/** What gitleaks-detector.ts gives an allowlist aimed at the secret or the match: 256 characters of each end. */
const REACH_LIMIT = 2 * 256;

/**
 * Every pattern: literals, what the modules build, and gitleaks' rules and allowlists from their data (an
 * allowlist reads at most 2 × 256 characters around a finding: gitleaks-detector.ts cuts its target).
 */
async function census(): Promise<Checked[]> {
  const built = await constructedRegexes(REDACT, async () => {
    // Built per run, from the homes of the machine and the session.
    const { homeDetector } = await import("../../src/redact/home-dirs.js");
    homeDetector(["/home/alice", "C:\\Users\\bob", "/Users/carol-smith"]);
  });
  const { GITLEAKS } = await import("../../src/redact/gitleaks-rules.generated.js");
  const gitleaks = (source: string, flags: string, where: string, size: number, limit?: number): Checked => ({
    source,
    flags,
    where,
    size,
    ...(limit === undefined ? {} : { limit }),
  });
  const allowlistSize = 2 * 256 + 64;
  const all: Checked[] = [
    ...regexLiterals(REDACT).map((pattern) => ({ ...pattern, size: SIZE })),
    ...built
      .filter((pattern) => !pattern.where.includes("gitleaks-detector"))
      .map((pattern) => ({ ...pattern, size: SIZE })),
    ...GITLEAKS.rules.flatMap((rule) => [
      gitleaks(rule.source, rule.flags, `gitleaks rule ${rule.id}`, SIZE),
      ...rule.allowlists.flatMap((list) =>
        list.regexes.map((regex) =>
          gitleaks(
            regex.source,
            regex.flags,
            `gitleaks ${rule.id} allowlist`,
            allowlistSize,
            list.target === "secret" || list.target === "match" ? REACH_LIMIT : undefined,
          ),
        ),
      ),
    ]),
    ...GITLEAKS.allowlist.regexes.map((regex) =>
      gitleaks(regex.source, regex.flags, "gitleaks allowlist", allowlistSize),
    ),
  ];
  const byText = new Map<string, Checked>();
  for (const pattern of all) {
    const key = `${pattern.source}/${pattern.flags}`;
    const known = byText.get(key);
    // The same text met twice is checked on the longer inputs of the two, cut only where both are cut.
    const limit =
      known === undefined
        ? pattern.limit
        : known.limit === undefined || pattern.limit === undefined
          ? undefined
          : Math.max(known.limit, pattern.limit);
    const size = Math.max(pattern.size, known?.size ?? 0);
    const { source, flags, where } = known ?? pattern;
    byText.set(key, { source, flags, where, size, ...(limit === undefined ? {} : { limit }) });
  }
  return [...byText.values()];
}

/** The patterns that are slow on pumped inputs (recheck could not call them safe), and how many it did. */
async function slowPatterns(patterns: readonly Checked[]): Promise<{ slow: string[]; byRecheck: number }> {
  const slow: string[] = [];
  let byRecheck = 0;
  for (const pattern of patterns) {
    const verdict = recheckVerdict(pattern);
    if (verdict.safe) {
      byRecheck += 1;
      continue;
    }
    const regex = new RegExp(pattern.source, pattern.flags.replace("g", ""));
    const inputs = pumpedInputs(pattern, verdict.attack, pattern.size);
    for (const input of inputs.map((text) =>
      pattern.limit === undefined ? text : text.slice(0, pattern.limit),
    )) {
      let ms = matchMilliseconds(regex, input);
      // recheck's checker threads may still be running after a timeout, and the process's CPU time counts
      // them: a pattern over the bound is measured again once they are done, and slow only if it still is.
      // Other test files share the two cores too, so the best of three tries is what counts.
      for (let retry = 0; retry < 3 && ms > BOUND_MS; retry += 1) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        ms = Math.min(ms, matchMilliseconds(regex, input));
      }
      if (ms > BOUND_MS) {
        slow.push(
          `${pattern.where}: /${pattern.source.slice(0, 80)}/ ${Math.round(ms)} ms on ${JSON.stringify(input.slice(0, 24))}… (${input.length} characters) (${verdict.why})`,
        );
        break;
      }
    }
  }
  return { slow, byRecheck };
}

describe("every regular expression in src/redact", () => {
  test("is linear: recheck says so, or pumped inputs show it", async () => {
    const patterns = await census();
    // The census finds what it should: gitleaks' rules, the context detector's word scan, a home pattern.
    expect(patterns.length).toBeGreaterThan(300);
    expect(patterns.some((pattern) => pattern.source.startsWith("pass|pwd|secret"))).toBe(true);
    expect(patterns.some((pattern) => pattern.source.includes("[aA][lL][iI][cC][eE]"))).toBe(true);
    const { slow, byRecheck } = await slowPatterns(patterns);
    expect(slow).toEqual([]);
    // Most are decided by the checker itself.
    expect(byRecheck).toBeGreaterThan(patterns.length / 2);
  }, 900_000);
});

describe("every regular expression literal in the rest of src/", () => {
  // Titles, paths, skill tags, tool names, MCP names and code are session text too: a quadratic pattern
  // there hangs a report as surely as one in redaction did (`[a` repeated 40,000 times in a prompt took 4 s
  // in the title's link pattern).
  test("is linear: recheck says so, or pumped inputs show it", async () => {
    const patterns = regexLiterals(SRC)
      .filter((pattern) => !pattern.where.startsWith(REDACT))
      .map((pattern) => ({ ...pattern, size: SIZE }));
    expect(patterns.length).toBeGreaterThan(100);
    const { slow } = await slowPatterns(patterns);
    expect(slow).toEqual([]);
  }, 900_000);
});

import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parse } from "smol-toml";
import { describe, expect, test } from "vitest";
import { convert, toJavaScript } from "../../scripts/gitleaks-rules.mjs";
import {
  gitleaksDefaultDetector,
  gitleaksDetector,
  shannonEntropy,
} from "../../src/redact/gitleaks-detector.js";
import { GITLEAKS } from "../../src/redact/gitleaks-rules.generated.js";
import type { GitleaksData } from "../../src/redact/gitleaks-types.js";
import { randomString } from "./fake-secrets.js";

// The rule set is data generated from gitleaks' config; these tests hold the data to its source and the
// detector to gitleaks' semantics (keywords, secret group, entropy, allowlists).

const toml = parse(readFileSync(new URL("../../data/gitleaks/gitleaks.toml", import.meta.url), "utf8")) as {
  rules: { id: string; regex?: string; keywords?: string[] }[];
};

describe("the generated rule set", () => {
  test("holds every rule of the config, or says why one is left out", () => {
    const kept = GITLEAKS.rules.map((rule) => rule.id);
    const dropped = GITLEAKS.dropped.map((rule) => rule.id);
    expect([...kept, ...dropped].sort()).toEqual(toml.rules.map((rule) => rule.id).sort());
    // Only the rule that matches file names (no regex) is left out.
    expect(GITLEAKS.dropped).toEqual([{ id: "pkcs12-file", why: "matches file paths only" }]);
  });

  test("is what the script makes of the config today (regenerate with node scripts/gitleaks-rules.mjs)", () => {
    for (const rule of toml.rules) {
      const generated = GITLEAKS.rules.find((candidate) => candidate.id === rule.id);
      if (rule.regex === undefined || generated === undefined) continue;
      expect(convert(rule.regex), rule.id).toEqual({ source: generated.source, flags: generated.flags });
    }
  });

  test("every regex compiles on this Node, and every kind is letters and dashes (a marker stays text)", () => {
    for (const rule of GITLEAKS.rules) {
      expect(() => new RegExp(rule.source, `${rule.flags}gd`), rule.id).not.toThrow();
      expect(rule.kind).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    }
  });
});

describe("RE2 to JavaScript", () => {
  const matches = (go: string, text: string): boolean => {
    const { source, flags } = convert(go);
    return new RegExp(source, flags).test(text);
  };

  test("a leading (?i) becomes the i flag", () => {
    expect(convert("(?i)abc")).toEqual({ source: "abc", flags: "i" });
  });

  test("(?i) in the middle applies to the rest of its group only", () => {
    expect(matches("x(p8e-(?i)[a-z]{3})y", "xp8e-AbCy")).toBe(true);
    expect(matches("x(p8e-(?i)[a-z]{3})y", "xp8e-AbCY")).toBe(false);
    expect(matches("x(p8e-(?i)[a-z]{3})y", "xP8E-abcy")).toBe(false);
  });

  test("(?-i:…) inside a caseless regex stays case-sensitive", () => {
    expect(matches("(?i)key=(?-i:[Aa]pi|API)", "KEY=Api")).toBe(true);
    expect(matches("(?i)key=(?-i:[Aa]pi|API)", "key=aPI")).toBe(false);
  });

  test("(?s:.) matches a line break; \\z is the end; [[:alnum:]] is letters and digits", () => {
    expect(matches("a(?s:.)b", "a\nb")).toBe(true);
    expect(matches("a.b", "a\nb")).toBe(false);
    expect(matches("ab\\z", "xab")).toBe(true);
    expect(matches("ab\\z", "abx")).toBe(false);
    expect(matches("^[[:alnum:]]+$", "aZ9")).toBe(true);
    expect(matches("^[[:alnum:]]+$", "a_9")).toBe(false);
  });

  test("repetition counts are not case-expanded, and a leading [\\w.-]{0,50}? is dropped", () => {
    expect(toJavaScript("(?i:a{2,3})")).toBe("(?:[aA]{2,3})");
    expect(convert("(?i)[\\w.-]{0,50}?(?:key)=x")).toEqual({ source: "(?:key)=x", flags: "i" });
  });

  test("a construct it does not know is refused, not guessed", () => {
    expect(() => toJavaScript("\\p{Greek}")).toThrow();
    expect(() => toJavaScript("(?m)^a")).toThrow();
  });
});

describe("JSON-escaped text (arguments kept as a JSON string)", () => {
  test("a rule keyed on a provider's name finds its value between escaped quotes", () => {
    const id = randomString("0123456789abcdef", 32, 5);
    const escaped = JSON.stringify(JSON.stringify({ adobe_client_id: id })).slice(1, -1);
    expect(escaped).toContain('\\"');
    const found = gitleaksDefaultDetector
      .find(escaped)
      .filter((finding) => finding.kind === "adobe-client-id");
    expect(found.map((finding) => escaped.slice(finding.start, finding.end))).toEqual([id]);
  });
});

describe("the detector applies gitleaks' checks", () => {
  const data = (over: Partial<GitleaksData["rules"][number]>): GitleaksData => ({
    source: "test",
    dropped: [],
    allowlist: { regexes: [], stopwords: [] },
    rules: [
      {
        id: "acme",
        kind: "acme-token",
        source: "acme_([a-z0-9]{12})",
        flags: "",
        secretGroup: 0,
        entropy: 0,
        keywords: ["acme_"],
        allowlists: [],
        ...over,
      },
    ],
  });

  test("the secret is the first group that matched; the rule runs only where its keyword stands", () => {
    const detector = gitleaksDetector(data({}));
    expect(detector.find("x ACME_ acme_ab12cd34ef56 y")).toEqual([
      { start: 13, end: 25, kind: "acme-token" },
    ]);
    expect(gitleaksDetector(data({ keywords: ["zzz"] })).find("acme_ab12cd34ef56")).toEqual([]);
  });

  test("a secret below the rule's entropy, or holding a stopword, or allowlisted, is no finding", () => {
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBe(2);
    expect(gitleaksDetector(data({ entropy: 3.5 })).find("acme_aaaaaabbbbbb")).toEqual([]);
    expect(gitleaksDetector(data({ entropy: 3.5 })).find("acme_ab12cd34ef56")).toHaveLength(1);
    const stop = data({ allowlists: [{ regexes: [], target: "secret", stopwords: ["cd34"] }] });
    expect(gitleaksDetector(stop).find("acme_ab12cd34ef56")).toEqual([]);
    const line = data({
      allowlists: [{ regexes: [{ source: "^#", flags: "" }], target: "line", stopwords: [] }],
    });
    expect(gitleaksDetector(line).find("# acme_ab12cd34ef56\nacme_ab12cd34ef57")).toEqual([
      { start: 25, end: 37, kind: "acme-token" },
    ]);
  });
});

describe("each rule finds text shaped by its own regex", () => {
  /**
   * A regex fast-check can draw from: word boundaries and end-of-text alternatives dropped (they constrain
   * the text around a secret, not the secret), the `i` flag spelled out as cases.
   */
  function drawable(rule: GitleaksData["rules"][number]): RegExp {
    const source = rule.source
      .replace(/\\[bB]/g, "")
      .replace(/\|\$\)/g, ")")
      .replace(/\|\\\\\[nr\]/g, "");
    // Anchored, or fast-check pads a sample with random text on both sides.
    return new RegExp(`^(?:${rule.flags.includes("i") ? toJavaScript(`(?i:${source})`) : source})$`);
  }

  // Samples drawn from each rule's regex by fast-check. A sample can fail gitleaks' own checks (entropy, a
  // stopword), so each rule gets several; a rule none of whose samples is found would be a broken
  // conversion or keyword.
  test("at least 95% of the rules find one of 12 samples of their own", () => {
    const missed: string[] = [];
    for (const rule of GITLEAKS.rules) {
      const samples = fc.sample(fc.stringMatching(drawable(rule)), { numRuns: 12, seed: 7 });
      const found = samples.some((sample) =>
        gitleaksDefaultDetector.find(` ${sample} `).some((finding) => finding.kind === rule.kind),
      );
      if (!found) missed.push(rule.id);
    }
    expect(missed.length, `missed: ${missed.join(", ")}`).toBeLessThanOrEqual(GITLEAKS.rules.length * 0.05);
  }, 60_000);
});

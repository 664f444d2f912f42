/** A regex of the rule set, rewritten for JavaScript (see scripts/gitleaks-rules.mjs). */
export interface GitleaksRegex {
  source: string;
  flags: string;
}

/** What makes a finding of a rule no secret after all. */
export interface GitleaksAllowlist {
  regexes: GitleaksRegex[];
  /** What the regexes are tried on: the secret, the whole match, or the line it stands in. */
  target: "secret" | "match" | "line";
  /** Lowercase words; a secret containing one is not taken. */
  stopwords: string[];
}

/** One gitleaks rule. */
export interface GitleaksRule {
  id: string;
  /** The marker's kind: the rule's id, in letters and dashes. */
  kind: string;
  source: string;
  flags: string;
  /** The capture group holding the secret; 0: the first group that matched, else the whole match. */
  secretGroup: number;
  /** Least Shannon entropy (bits per character) of the secret; 0: no check. */
  entropy: number;
  /** Lowercase words one of which every match contains: the rule runs only on text holding one. */
  keywords: string[];
  allowlists: GitleaksAllowlist[];
}

/** The rule set as generated from gitleaks' config. */
export interface GitleaksData {
  source: string;
  rules: GitleaksRule[];
  /** Rules of the config left out, and why. */
  dropped: { id: string; why: string }[];
  /** The config's global allowlist: regexes tried on the secret, and stopwords. */
  allowlist: { regexes: GitleaksRegex[]; stopwords: string[] };
}

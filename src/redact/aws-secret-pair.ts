import type { Detector, Finding } from "./finding.js";

// An AWS secret access key is 40 characters of base64 with no mark of its own, so it is known by its name
// (`aws_secret_access_key =`, the context detector) or, bare, by its access key id beside it: the console's
// credentials.csv, `aws configure list` pasted by hand, two lines of a chat.

/** An access key id (long-term AKIA, temporary ASIA, and the other id prefixes). */
const KEY_ID = /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}(?![A-Z0-9])/g;

/** A 40-character base64 word: the secret's shape. */
const SECRET = /(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])/g;

/** How far from its key id a secret is looked for, either side. */
const NEAR = 300;

/** Random: mixed case and a digit (a 40-character path or word run is not). */
const looksRandom = (value: string): boolean =>
  /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && !/^[a-z/]+$/i.test(value);

/** Bare AWS secret access keys within a few lines of an access key id. */
export const awsSecretPairDetector: Detector = {
  kind: "aws-secret-access-key",
  find(text) {
    if (!/A[KSBCGIRN][A-Z]A/.test(text)) return [];
    const findings: Finding[] = [];
    let searchedUntil = 0;
    for (const id of text.matchAll(KEY_ID)) {
      if (id[0] === "AKIAIOSFODNN7EXAMPLE") continue;
      const from = Math.max(searchedUntil, id.index - NEAR);
      const to = Math.min(text.length, id.index + id[0].length + NEAR);
      searchedUntil = to;
      // Searched in a window, so a string of many ids is searched once, not once per id.
      const window = text.slice(from, Math.min(text.length, to + 41));
      for (const match of window.matchAll(SECRET)) {
        const start = from + match.index;
        if (start >= to || (match.index === 0 && /[A-Za-z0-9+/=]/.test(text.charAt(start - 1)))) continue;
        if (looksRandom(match[0])) findings.push({ start, end: start + 40, kind: "aws-secret-access-key" });
      }
    }
    return findings;
  },
};

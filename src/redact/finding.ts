/** A span of one string that must be replaced, and what it is. `end` is exclusive. */
export interface Finding {
  start: number;
  end: number;
  /** Kebab-case name of what was found (`github-token`), or `home-directory`. */
  kind: string;
  /**
   * The kind names where the secret sat (a URL's password, a `Bearer` header, `PASSWORD=`), not what it
   * is; on an equal span a finding that names the format (`github-token`) wins.
   */
  generic?: boolean;
}

/** Something that finds secrets (or home directories) in one string. */
export interface Detector {
  /** The kind its findings carry (the table's name for it; a detector may report finer kinds). */
  readonly kind: string;
  find(text: string): Finding[];
}

/** The kind of a home-directory finding: replaced by `~`, counted apart from secrets. */
export const HOME_DIRECTORY_KIND = "home-directory";

/** The kind of a finding from a user's `--redact` pattern. */
export const CUSTOM_KIND = "custom";

/** Options of {@link regexDetector}. */
export interface RegexDetectorOptions {
  /** Redact only this capture group (e.g. a value, keeping its name); default: the whole match. */
  group?: number;
  /** Keep a match only if this says so (precision checks a regex cannot express). */
  accept?: (match: RegExpExecArray) => boolean;
  /**
   * A literal every match contains (or a cheap regex every matching string passes); strings without it
   * are skipped before the full regex runs, which keeps the table of detectors cheap on the megabytes of
   * text that hold no secret at all.
   */
  needle?: string | RegExp;
  /** Mark findings as {@link Finding.generic}. */
  generic?: boolean;
}

/**
 * A detector from one global regex. Zero-length matches are ignored: a span of nothing redacts nothing,
 * and would only inflate the counts.
 */
export function regexDetector(kind: string, pattern: RegExp, options: RegexDetectorOptions = {}): Detector {
  if (!pattern.global) throw new TypeError(`Detector \`${kind}\` needs a global regex, got ${pattern}`);
  const { group, accept, needle, generic = false } = options;
  // Group offsets come from the `d` flag; only detectors that redact a group pay for it.
  const regex =
    group !== undefined && !pattern.hasIndices ? new RegExp(pattern, `${pattern.flags}d`) : pattern;
  return {
    kind,
    find(text) {
      if (needle !== undefined && !(typeof needle === "string" ? text.includes(needle) : needle.test(text)))
        return [];
      const findings: Finding[] = [];
      for (const match of text.matchAll(regex)) {
        if (accept !== undefined && !accept(match)) continue;
        const [start, end] =
          group === undefined
            ? [match.index, match.index + match[0].length]
            : (match.indices?.[group] ?? [0, 0]);
        if (end > start) findings.push(generic ? { start, end, kind, generic } : { start, end, kind });
      }
      return findings;
    },
  };
}

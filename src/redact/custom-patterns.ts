import { CUSTOM_KIND, type Detector, regexDetector } from "./finding.js";

/** A `--redact` pattern that cannot be used; the message names it and says what to do. */
export class RedactPatternError extends Error {
  override readonly name = "RedactPatternError";
  constructor(
    readonly pattern: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Compiles one user pattern: a JavaScript regular expression source such as `acme_[0-9a-f]{32}`, without
 * slashes or flags. Unicode mode comes first, so `.` never splits an emoji into half a surrogate pair;
 * a source only valid without it (`[\w-]`) is compiled without it.
 */
function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "gu");
  } catch {
    try {
      return new RegExp(pattern, "g");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RedactPatternError(
        pattern,
        `The --redact pattern \`${pattern}\` is not a valid regular expression (${reason}). ` +
          "Pass a JavaScript regex source without slashes, e.g. --redact 'acme_[0-9a-f]{32}'.",
      );
    }
  }
}

/**
 * Detectors of kind `custom` for the user's `--redact` patterns. Throws {@link RedactPatternError} for a
 * pattern that does not compile, or that matches the empty string (`a*`, `x?`): such a pattern matches
 * everywhere and says nothing about what to hide.
 */
export function customDetectors(patterns: readonly string[]): Detector[] {
  return patterns.map((pattern) => {
    if (pattern === "")
      throw new RedactPatternError(pattern, "A --redact pattern is empty; give a regular expression.");
    const regex = compile(pattern);
    if (new RegExp(regex.source, regex.flags.replace("g", "")).test("")) {
      throw new RedactPatternError(
        pattern,
        `The --redact pattern \`${pattern}\` matches the empty string, so it would match everywhere. ` +
          "Make it match at least one character (e.g. `+` instead of `*`).",
      );
    }
    return regexDetector(CUSTOM_KIND, regex);
  });
}

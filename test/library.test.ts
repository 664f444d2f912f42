/** The library as docs/library.md shows it, run as written against a fixture. */
import { describe, expect, it } from "vitest";
import {
  analyzeFile,
  DEFAULT_REDACTION,
  RedactPatternError,
  readSessionFile,
  redactRawSession,
  roundCost,
} from "../src/index.js";
import { FIXTURES } from "./helpers/paths.js";

describe("the library", () => {
  it("gives the docs/library.md example's cost without float noise through roundCost", () => {
    const analysis = analyzeFile(`${FIXTURES}sessions/summary-usage.jsonl`);
    // The sum of the recorded dollars carries binary noise; the JSON report and roundCost do not.
    expect(analysis.usage.total.cost).not.toBe(0.01895);
    expect(roundCost(analysis.usage.total.cost)).toBe(0.01895);
  });

  it("keeps DEFAULT_REDACTION as it is: a caller cannot change every later report's redaction", () => {
    expect(Object.isFrozen(DEFAULT_REDACTION)).toBe(true);
    expect(() => (DEFAULT_REDACTION.patterns as string[]).push("secret")).toThrow(TypeError);
    expect(DEFAULT_REDACTION).toEqual({ enabled: true, patterns: [] });
  });

  it("throws RedactPatternError, which a caller can tell apart, for a pattern that is no regex", async () => {
    const raw = readSessionFile(`${FIXTURES}sessions/fork.jsonl`);
    const rejected = redactRawSession(raw, { enabled: true, patterns: ["(unclosed"] });
    await expect(rejected).rejects.toBeInstanceOf(RedactPatternError);
  });
});

/** The library as docs/library.md shows it, run as written against a fixture. */
import { describe, expect, it } from "vitest";
import {
  analyze,
  analyzeFile,
  analyzeSession,
  buildJsonReport,
  DEFAULT_REDACTION,
  NOT_REDACTED,
  RedactPatternError,
  readSessionFile,
  renderHtml,
  roundCost,
} from "../src/index.js";
import { DEFAULT_ENGINES } from "../src/render/primitives/engines.js";
import { FIXTURES } from "./helpers/paths.js";

const REDTEAM = `${FIXTURES}redteam/`;

/** Every string of the analysis's entries, as one text to search. */
const entriesText = (analysis: { session: { entries: unknown[] } }) =>
  JSON.stringify(analysis.session.entries);

describe("the library", () => {
  it("gives the docs/library.md example's cost without float noise through roundCost", async () => {
    const analysis = await analyzeFile(`${FIXTURES}sessions/summary-usage.jsonl`);
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
    const rejected = analyze(raw, { redaction: { enabled: true, patterns: ["(unclosed"] } });
    await expect(rejected).rejects.toBeInstanceOf(RedactPatternError);
  });
});

describe("analyzeFile redacts by default", () => {
  // Values the fixture's user pasted (fixtures/redteam/README.md, F9), and the home its cwd names.
  const file = `${REDTEAM}named-secrets.jsonl`;
  const pasted = ["Hunter2Hunter2x9", "S3cr3tPassw0rd", "7f3a9c2e1b8d4f6a0c5e9b7d3a1f8e2c"];

  it("replaces the secrets in what the analysis holds, and says how many by kind", async () => {
    const asRead = entriesText(analyzeSession(readSessionFile(file)));
    for (const secret of pasted) expect(asRead).toContain(secret);
    const analysis = await analyzeFile(file);
    const text = entriesText(analysis);
    for (const secret of pasted) expect(text).not.toContain(secret);
    expect(text).toContain("[redacted: ");
    expect(analysis.redaction).not.toBeNull();
    const summary =
      analysis.redaction !== null && "summary" in analysis.redaction ? analysis.redaction.summary : null;
    expect(summary?.enabled).toBe(true);
    // One marker in the text per replacement counted (home directories become ~, not markers).
    const { "home-directory": _home, ...secrets } = summary?.counts ?? {};
    const counted = Object.values(secrets).reduce((sum, count) => sum + count, 0);
    expect(counted).toBe(text.split("[redacted: ").length - 1);
    expect(buildJsonReport(analysis).redaction?.secrets).toBe(counted);
  });

  it("leaves the session as read with { redaction: false }, and says so", async () => {
    const analysis = await analyzeFile(file, { redaction: false });
    expect(entriesText(analysis)).toBe(entriesText(analyzeSession(readSessionFile(file))));
    expect(analysis.redaction).toEqual({ summary: NOT_REDACTED });
    expect(buildJsonReport(analysis).redaction).toEqual({
      enabled: false,
      secrets: 0,
      byKind: [],
      homeDirectory: 0,
    });
  });

  it("refuses to show message text it was told to leave to the output's own redaction", async () => {
    const analysis = await analyze(readSessionFile(file), { redactionScope: "output" });
    expect(entriesText(analysis)).toContain(pasted[0]);
    await expect(renderHtml(analysis)).rejects.toThrow(/not redacted/);
  });
});

describe("the speed machinery in the library", () => {
  it("is one optional `speed` object, not a report thread of the library's own", async () => {
    const library = await import("../src/index.js");
    // The report thread is the command's (issue 33): the library hands out no way to start one.
    expect("startReportThread" in library).toBe(false);
    const analysis = await analyze(readSessionFile(`${FIXTURES}sessions/every-tool.jsonl`));
    // Every piece switched off through `speed.engines` gives the page's very text, as the default does.
    const off = {
      templates: { precompiled: false },
      highlighters: { shell: false, lezer: false },
      plainProse: false,
      markdown: { sessionPieces: false, stringifyOnce: false, textByCharacter: false },
    };
    const text = (page: string) => page.replace(/<[^>]*>/g, "");
    expect(text(await renderHtml(analysis, { speed: { engines: off } }))).toBe(
      text(await renderHtml(analysis)),
    );
  });

  it("keeps prose out of the markdown budget with the plain-prose piece off: the very same page", async () => {
    const analysis = await analyze(readSessionFile(`${FIXTURES}sessions/every-tool.jsonl`));
    const engines = { ...DEFAULT_ENGINES, plainProse: false };
    // Budgets prose alone would use up: counted, it would leave later markdown unformatted.
    for (const markdownChars of [0, 40, 400_000]) {
      const fast = await renderHtml(analysis, { markdownChars });
      expect(await renderHtml(analysis, { markdownChars, speed: { engines } })).toBe(fast);
    }
  });
});

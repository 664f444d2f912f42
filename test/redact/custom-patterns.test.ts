import { describe, expect, test } from "vitest";
import { createRedactor, RedactPatternError } from "../../src/redact/index.js";

describe("--redact patterns", () => {
  test("each becomes a detector of kind custom", async () => {
    const redactor = await createRedactor({
      patterns: ["ACME-[0-9]{4}", "project (?:falcon|eagle)"],
      secrets: false,
    });
    const { strings, counts } = await redactor.redact([
      "ticket ACME-1234 for project falcon",
      "nothing here",
    ]);
    expect(strings).toEqual(["ticket [redacted: custom] for [redacted: custom]", "nothing here"]);
    expect(counts).toEqual({ custom: 2 });
  });

  test("a source valid only without the u flag is accepted", async () => {
    const redactor = await createRedactor({ patterns: ["id-[\\w-]+"], secrets: false });
    expect((await redactor.redact(["see id-ab-12 now"])).strings).toEqual(["see [redacted: custom] now"]);
  });

  test("a match is never half an emoji, even from a pattern compiled without the u flag", async () => {
    // `[\w-]` forces non-Unicode mode, where `.` matches half a surrogate pair.
    const redactor = await createRedactor({ patterns: ["[\\w-]x."], secrets: false });
    const { strings } = await redactor.redact(["ax😀b"]);
    expect(strings).toEqual(["[redacted: custom]b"]);
  });

  test("a pattern that does not compile is a clear error naming it", async () => {
    const error = await createRedactor({ patterns: ["ok", "(unclosed"] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedactPatternError);
    expect((error as RedactPatternError).pattern).toBe("(unclosed");
    expect((error as Error).message).toMatch(
      /^The --redact pattern `\(unclosed` is not a valid regular expression \(/,
    );
  });

  test.each(["a*", "x?", "(?:)", "^", "foo|"])(
    "a pattern matching the empty string (%s) is rejected",
    async (pattern) => {
      const error = await createRedactor({ patterns: [pattern] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedactPatternError);
      expect((error as Error).message).toContain("matches the empty string");
    },
  );

  test("an empty pattern is rejected", async () => {
    await expect(createRedactor({ patterns: [""] })).rejects.toThrow(RedactPatternError);
  });

  test("zero-width matches elsewhere redact nothing", async () => {
    const redactor = await createRedactor({ patterns: ["\\bcat(?=s)"], secrets: false });
    expect((await redactor.redact(["cats and dogs"])).strings).toEqual(["[redacted: custom]s and dogs"]);
    const lookahead = await createRedactor({ patterns: ["(?=dog)"], secrets: false });
    const result = await lookahead.redact(["dogs"]);
    expect(result.strings).toEqual(["dogs"]);
    expect(result.counts).toEqual({});
  });
});

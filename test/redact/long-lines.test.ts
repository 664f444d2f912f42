/**
 * Issue 31, G5: redaction is linear on one long line. 200 KB of `-` took 55-83 s (the assignment detector's
 * flag gate, tried at every position) and `key=` repeated 13 s (its bare `NAME=value` regex); the same
 * shapes, and others a context detector could stumble on, must each take a fraction of that.
 */
import { describe, expect, test } from "vitest";
import { createRedactor } from "../../src/redact/index.js";

/** 200 KB lines of one shape repeated, and what each repeats. */
const LINES: [string, string][] = [
  ["dashes", "-".repeat(200_000)],
  ["key=", "key=".repeat(50_000)],
  ["token=", "token=".repeat(33_000)],
  ["a quoted key", '"token": "'.repeat(20_000)],
  ["escaped quoted keys", '{\\"password\\": \\"'.repeat(12_000)],
  ["flags", "--password ".repeat(18_000)],
  ["one long name", `${"token".repeat(40_000)}=x`],
  ["cookies", "Cookie: a=b; ".repeat(15_000)],
  ["tools", "mysql -p".repeat(25_000)],
  ["query parameters", "?sig=&sig=".repeat(20_000)],
  ["key ids", "AKIA0000000000000000 ".repeat(9_000)],
  ["colons", "token: ".repeat(28_000)],
  ["Discord-like dots", ".abcdef.".repeat(25_000)],
];

/** CPU time of `run`, in seconds (wall time is noisy on a shared machine). */
async function cpuSeconds(run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

describe("one 200 KB line of a repeated shape is redacted in linear time", () => {
  for (const [what, line] of LINES) {
    test(what, async () => {
      const redactor = await createRedactor({});
      await redactor.redact(["warm up"]);
      // G5's bound is 5 s for the whole report; linear redaction of 200 KB takes well under a second.
      expect(await cpuSeconds(() => redactor.redact([line]))).toBeLessThan(3);
    }, 60_000);
  }
});

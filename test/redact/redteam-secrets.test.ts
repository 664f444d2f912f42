/**
 * Issue 20, F7-F11: credentials the red team found leaking (fixtures/redteam/, see its README), and the
 * kinds of F9 and F10 seeded at run time: each must be gone, replaced by the marker of its kind.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { createRedactor } from "../../src/redact/index.js";
import { runCli } from "../helpers/cli.js";
import { NAMED_SEEDS, PREFIX_SEEDS, withMarker, withSecret } from "./fake-secrets.js";

const FIXTURES = new URL("../../fixtures/redteam/", import.meta.url);
const fixture = (name: string): string => new URL(name, FIXTURES).pathname;

/** The Markdown report of a red-team fixture. */
async function markdownOf(name: string): Promise<string> {
  const result = await runCli([fixture(name), "--format", "md", "-o", "-"], { HOME: "/home/dev" });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** The string values of a fixture's JSON lines under `key` (read from the fixture, not typed in here). */
function valuesUnder(name: string, key: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, under: string | null): void => {
    if (typeof value === "string" && under === key) found.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, under);
    else if (typeof value === "object" && value !== null)
      for (const [child, item] of Object.entries(value)) walk(item, child);
  };
  for (const line of readFileSync(fixture(name), "utf8").split("\n").filter(Boolean))
    walk(JSON.parse(line), null);
  return found;
}

describe("F7: secrets in ANSI-coloured output", () => {
  test("a ghp_ token and an sk_live_ key inside grep --color output are redacted", async () => {
    const md = await markdownOf("ansi-colored-secret.jsonl");
    expect(md).toContain("GITHUB_TOKEN=[redacted: github-token]");
    expect(md).toContain("export KEY=[redacted: stripe-secret-key]");
    expect(md).not.toMatch(/ghp_|sk_live_/);
  });

  test("a token split by colour codes is redacted whole, the codes inside it with it", async () => {
    const redactor = await createRedactor({});
    const token = (PREFIX_SEEDS[0] as (typeof PREFIX_SEEDS)[number]).secret;
    const split = `found ${token.slice(0, 10)}\x1b[01;31m\x1b[K${token.slice(10, 20)}\x1b[m\x1b[K${token.slice(20)} here`;
    const { strings } = await redactor.redact([split]);
    expect(strings[0]).toBe("found [redacted: github-token] here");
    // The same escaped as JSON (a coloured log an agent read from a .jsonl file).
    const escaped = JSON.stringify(split).slice(1, -1);
    expect((await redactor.redact([escaped])).strings[0]).toBe("found [redacted: github-token] here");
  });
});

describe("F8: secrets under any key of tool arguments and details", () => {
  test("values under id, api (arguments) and id, provider (details) are redacted", async () => {
    const md = await markdownOf("structure-key-secrets.jsonl");
    const planted = [
      ...valuesUnder("structure-key-secrets.jsonl", "api"),
      ...valuesUnder("structure-key-secrets.jsonl", "provider"),
    ].filter((value) => value.length > 20);
    const ids = valuesUnder("structure-key-secrets.jsonl", "id").filter((value) => value.startsWith("ghp_"));
    expect(planted.length + ids.length).toBe(4);
    for (const secret of [...planted, ...ids]) expect(md).not.toContain(secret);
    expect(md).toContain('"id": "[redacted: github-token]"');
    expect(md).toContain('"api": "[redacted: stripe-secret-key]"');
  });
});

describe("F9: named values in env files, headers, flags, .netrc, SAS URLs and PuTTY keys", () => {
  test("the red team's file: every value is redacted and the header counts them", async () => {
    const md = await markdownOf("named-secrets.jsonl");
    const text = valuesUnder("named-secrets.jsonl", "content")[0] ?? "";
    // The values, read from the fixture by the shapes the red team wrote them in.
    const values = [
      ...text.matchAll(/^[A-Z_]+=(\S+)$/gm),
      ...text.matchAll(/X-Api-Key: (\w+)/g),
      ...text.matchAll(/ -p(\S+) app/g),
      ...text.matchAll(/sshpass -p '([^']+)'/g),
      ...text.matchAll(/sig=([^\s&]+)/g),
      ...text.matchAll(/webhooks\/\d+\/(\S+)/g),
      ...text.matchAll(/^(hvs\.\S+)$/gm),
    ].map((match) => match[1] as string);
    expect(values).toHaveLength(11);
    for (const value of values) expect(md, value).not.toContain(value);
    expect(md).not.toContain("No secret found");
  });

  for (const seed of NAMED_SEEDS) {
    test(`${seed.kind}: ${seed.line.split("\n")[0]?.replace("{}", "…")}`, async () => {
      const redactor = await createRedactor({});
      const { strings, counts } = await redactor.redact([withSecret(seed)]);
      // A quoted value's quotes go with it.
      expect(strings[0]?.replace(`'[redacted: ${seed.kind}]'`, `[redacted: ${seed.kind}]`)).toBe(
        withMarker(seed),
      );
      expect(counts).toEqual({ [seed.kind]: 1 });
    });
  }
});

describe("F10: provider tokens by prefix, of any length after an unambiguous prefix", () => {
  for (const seed of PREFIX_SEEDS) {
    test(`${seed.kind}: ${seed.secret.slice(0, 8)}…`, async () => {
      const redactor = await createRedactor({});
      const { strings } = await redactor.redact([withSecret(seed)]);
      expect(strings[0]).toBe(withMarker(seed));
    });
  }
});

describe("F11: secrets inside string-encoded tool arguments", () => {
  test("a YAML password inside a JSON string of arguments is redacted", async () => {
    const md = await markdownOf("string-args-yaml-password.jsonl");
    const args = valuesUnder("string-args-yaml-password.jsonl", "arguments")[0] ?? "";
    const password = /password: (\S+?)\\n/.exec(args)?.[1] ?? "";
    expect(password.length).toBeGreaterThan(8);
    expect(md).not.toContain(password);
    expect(md).toContain("password: [redacted: password]");
  });
});

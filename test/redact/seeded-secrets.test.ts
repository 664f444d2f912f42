import { describe, expect, test } from "vitest";
import { createRedactor, type Redactor } from "../../src/redact/index.js";
import { SEEDS, withMarker, withSecret } from "./fake-secrets.js";

/** Every 10-character window of a secret: none may survive, or part of the secret leaked. */
function windows(secret: string): string[] {
  const body = secret.replace(/^-----BEGIN[^\n]*\n|\n-----END[^\n]*$/g, "");
  return Array.from({ length: Math.max(1, body.length - 9) }, (_, at) => body.slice(at, at + 10));
}

function expectNoTrace(output: string): void {
  for (const seed of SEEDS) {
    for (const window of windows(seed.secret)) expect(output, `${seed.kind} leaked`).not.toContain(window);
  }
}

const SEEDS_NEEDING_CONTEXT = new Set([
  "aws-secret-access-key",
  "bearer-token",
  "basic-auth",
  "postgres-password",
  "password",
  "azure-storage-key",
  "connection-string-password",
  "api-key",
]);

/** How many of each kind the seeds hold. */
function expectedCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const seed of SEEDS) counts[seed.kind] = (counts[seed.kind] ?? 0) + 1;
  return counts;
}

describe("a session seeded with secrets of 24 kinds", () => {
  const redactorPromise: Promise<Redactor> = createRedactor({});

  test("the seeds cover at least 12 distinct kinds", () => {
    expect(new Set(SEEDS.map((seed) => seed.kind)).size).toBeGreaterThanOrEqual(12);
  });

  test("each string: every secret is replaced by the marker of its kind, and nothing else changes", async () => {
    const redactor = await redactorPromise;
    const { strings, counts } = await redactor.redact(SEEDS.map(withSecret));
    expect(strings).toEqual(SEEDS.map(withMarker));
    expect(counts).toEqual(expectedCounts());
    expectNoTrace(strings.join("\n"));
  });

  test("one tool output holding them all: same markers, exact counts", async () => {
    const redactor = await redactorPromise;
    const text = `$ ./deploy.sh\n${SEEDS.map(withSecret).join("\n")}\nexit 0`;
    const { strings, counts } = await redactor.redact([text]);
    expect(strings[0]).toBe(`$ ./deploy.sh\n${SEEDS.map(withMarker).join("\n")}\nexit 0`);
    expect(counts).toEqual(expectedCounts());
  });

  test("secrets inside JSON-escaped text (a tool result that printed JSON) get the same markers", async () => {
    const redactor = await redactorPromise;
    const escaped = JSON.stringify({ env: SEEDS.map(withSecret).join("\n") });
    const { strings, counts } = await redactor.redact([escaped]);
    expect(strings[0]).toBe(JSON.stringify({ env: SEEDS.map(withMarker).join("\n") }));
    expect(counts).toEqual(expectedCounts());
  });

  test("secrets right after a literal \\n (an agent reading a .jsonl file) are found too", async () => {
    const redactor = await redactorPromise;
    // Kinds recognised by their own format; the others need the name or URL around them.
    const byFormat = SEEDS.filter((seed) => !SEEDS_NEEDING_CONTEXT.has(seed.kind));
    const escaped = JSON.stringify(byFormat.map((seed) => seed.secret).join("\n"));
    const { strings, counts } = await redactor.redact([escaped]);
    expect(strings[0]).toBe(JSON.stringify(byFormat.map((seed) => `[redacted: ${seed.kind}]`).join("\n")));
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(byFormat.length);
  });

  test("markers are plain text: brackets, a colon, a space, lowercase letters and dashes", async () => {
    const redactor = await redactorPromise;
    const { strings } = await redactor.redact(SEEDS.map(withSecret));
    const markers = strings.join("\n").match(/\[redacted: [^\]]*\]/g) ?? [];
    expect(markers).toHaveLength(SEEDS.length);
    for (const marker of markers) expect(marker).toMatch(/^\[redacted: [a-z]+(?:-[a-z]+)*\]$/);
  });

  test("redacting the output again changes nothing (markers are not secrets)", async () => {
    const redactor = await redactorPromise;
    const once = await redactor.redact(SEEDS.map(withSecret));
    const twice = await redactor.redact(once.strings);
    for (const [index, text] of twice.strings.entries()) expect(text).toBe(once.strings[index]);
    expect(twice.counts).toEqual({});
  });

  test("a `secretlint-disable` comment in the session does not switch detection off", async () => {
    const redactor = await redactorPromise;
    const github = SEEDS[0];
    const text = `// secretlint-disable\n${github?.secret}\n// secretlint-enable`;
    const { strings } = await redactor.redact([text]);
    expect(strings[0]).toBe("// secretlint-disable\n[redacted: github-token]\n// secretlint-enable");
  });

  test("a string starting with a byte-order mark keeps its offsets", async () => {
    const redactor = await redactorPromise;
    const github = SEEDS[0]?.secret ?? "";
    const { strings } = await redactor.redact([`\uFEFFtoken ${github} end`]);
    expect(strings[0]).toBe("\uFEFFtoken [redacted: github-token] end");
  });

  test("overlapping findings merge into one marker: no partial secret is left", async () => {
    const redactor = await redactorPromise;
    // The AWS rule reports the offset of the name with the key's length; the whole key must still go.
    const key = SEEDS.find((s) => s.kind === "aws-secret-access-key")?.secret ?? "";
    const { strings, counts } = await redactor.redact([`AWS_SECRET_ACCESS_KEY="${key}"`]);
    expect(strings[0]).toBe('AWS_SECRET_ACCESS_KEY="[redacted: aws-secret-access-key]"');
    expect(counts).toEqual({ "aws-secret-access-key": 1 });
  });

  test("with secrets off, only user patterns and home directories apply", async () => {
    const redactor = await createRedactor({
      secrets: false,
      homeDirs: ["/home/alice"],
      patterns: ["ACME-\\d+"],
    });
    const input = [withSecret(SEEDS[0] as (typeof SEEDS)[0]), "/home/alice/ACME-42"];
    const { strings, counts } = await redactor.redact(input);
    expect(strings).toEqual([input[0], "~/[redacted: custom]"]);
    expect(strings[0]).toBe(input[0]);
    expect(counts).toEqual({ custom: 1, "home-directory": 1 });
  });
});

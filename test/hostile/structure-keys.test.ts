/**
 * Issue 31, G14, and issue 35's one list of kept keys: a role, a type or a thinking level is kept only when
 * it is one Pi writes. A token in a `thinkingLevel` or an unknown role was shown by the JSON report (and the
 * role by every format); known values must stay untouched even by a `--redact` pattern that matches them.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { keptKeyReasons } from "../../src/redact/kept-keys.js";
import { runCli } from "../helpers/cli.js";
import { entryChain } from "../helpers/entry-chain.js";
import { decodeEntities } from "../helpers/html-text.js";
import { randomString } from "../redact/fake-secrets.js";

const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LEVEL_TOKEN = `ghp_${randomString(AN, 36, 141)}`;
const ROLE_TOKEN = `ghp_${randomString(AN, 36, 142)}`;

const dir = mkdtempSync(join(tmpdir(), "pi-report-g14-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function session(): string {
  const { entries, add, message } = entryChain();
  message({ role: "user", content: "review this" });
  add({ type: "thinking_level_change", thinkingLevel: `high ${LEVEL_TOKEN}` });
  message({ role: `reviewer ${ROLE_TOKEN}`, content: "looks fine" });
  add({ type: "thinking_level_change", thinkingLevel: "medium" });
  message({
    role: "assistant",
    content: [{ type: "text", text: "done" }],
    provider: "p",
    model: "m",
    usage: { input: 1, output: 1, cost: { total: 0.01 } },
    stopReason: "stop",
  });
  const header = {
    type: "session",
    version: 3,
    id: "g14",
    timestamp: "2025-06-01T10:00:00.000Z",
    cwd: "/srv",
  };
  return [header, ...entries].map((value) => JSON.stringify(value)).join("\n");
}

describe("G14: thinkingLevel and unknown roles are redacted in every format", () => {
  const file = join(dir, "structure-keys.jsonl");
  writeFileSync(file, session());

  for (const format of ["md", "html", "json"] as const) {
    test(format, async () => {
      const result = await runCli([file, "-f", format, "-o", "-"], { HOME: "/home/alice" });
      expect(result.code, result.stderr).toBe(0);
      const shown = decodeEntities(result.stdout);
      expect(shown).not.toContain(LEVEL_TOKEN);
      expect(shown).not.toContain(ROLE_TOKEN);
      expect(shown).toContain("[redacted: github-token]");
    }, 60_000);
  }

  test("known roles and levels are structure: a --redact pattern matching them leaves them", async () => {
    const result = await runCli([file, "-f", "json", "-o", "-", "--redact", "assistant|medium|user"], {
      HOME: "/home/alice",
    });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      branches: { context: { thinkingLevel: string; messages: { role: string }[] } }[];
    };
    const context = report.branches[0]?.context;
    expect(context?.thinkingLevel).toBe("medium");
    expect(context?.messages.map((message) => message.role)).toContain("assistant");
    expect(context?.messages.map((message) => message.role)).toContain("user");
  }, 60_000);
});

describe("the kept keys", () => {
  test("each says why, and where it applies", () => {
    for (const kept of keptKeyReasons()) {
      expect(kept.why.length, kept.key).toBeGreaterThan(8);
      expect(kept.in.length, kept.key).toBeGreaterThan(0);
    }
  });

  test("no key holding text a person wrote is kept", () => {
    const keys = new Set(keptKeyReasons().map((kept) => kept.key));
    for (const text of [
      "content",
      "text",
      "thinking",
      "summary",
      "label",
      "name",
      "title",
      "cwd",
      "command",
      "output",
    ])
      expect(keys.has(text), text).toBe(false);
  });
});

/** A value Pi never writes under a kept key, holding a token: an object, prose, or JSON nested too deep. */
function offShapeValues(token: string): unknown[] {
  let deep: unknown = token;
  for (let level = 0; level < 150; level += 1) deep = [deep];
  return [{ note: token }, `see ${token} here`, deep];
}

describe("a kept key keeps only the shape Pi writes there", () => {
  // The header's version, a tree link, a time, a model, a tool call's id: each is kept as an id, a time or a
  // name is, and anything else under it is scanned, since a problem sentence or the header may show it.
  const places: [
    string,
    (value: unknown, entries: ReturnType<typeof entryChain>) => Record<string, unknown>,
  ][] = [
    ["version", (value) => ({ version: value })],
    [
      "parentId",
      (value, chain) => {
        chain.message({ role: "user", content: "x" });
        return { parentId: value };
      },
    ],
    ["timestamp", (value) => ({ timestamp: value })],
    ["model", (value) => ({ model: value })],
  ];
  places.forEach(([key, place], index) => {
    offShapeValues(`ghp_${randomString(AN, 36, 300 + index)}`).forEach((value, shape) => {
      test(`${key}, value ${["an object", "prose", "nested 150 deep"][shape]}: redacted in md, html and json`, async () => {
        const chain = entryChain();
        chain.message({ role: "user", content: "hello" });
        const placed = place(value, chain);
        const header: Record<string, unknown> = {
          type: "session",
          version: 3,
          id: "kept",
          timestamp: "2025-06-01T10:00:00.000Z",
          cwd: "/srv",
        };
        const entries = chain.entries.map((entry) => ({ ...entry }));
        if (key === "version") Object.assign(header, placed);
        else if (key === "model")
          entries.push({
            type: "model_change",
            id: "mc",
            parentId: null,
            timestamp: "2025-06-01T10:00:05.000Z",
            provider: "p",
            modelId: "m",
            ...placed,
          });
        else Object.assign(entries[entries.length - 1] as Record<string, unknown>, placed);
        const file = join(dir, `${key}-${shape}.jsonl`);
        writeFileSync(file, [header, ...entries].map((line) => JSON.stringify(line)).join("\n"));
        const token = JSON.stringify(value).match(/ghp_[A-Za-z0-9]{36}/)?.[0] as string;
        for (const format of ["md", "html", "json"]) {
          const result = await runCli([file, "-f", format, "-o", "-"], { HOME: "/home/alice" });
          expect(result.code, result.stderr).toBe(0);
          expect(decodeEntities(result.stdout), format).not.toContain(token);
        }
      }, 60_000);
    });
  });
});

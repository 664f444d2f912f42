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

/**
 * Issue 31, G15: 19 credential kinds and contexts of 2025-26 reached the Markdown and HTML reports as they
 * were, each in a bash tool's output. The same 19, built here from a seeded generator (shapes as round 3's
 * check.py builds them, and as the providers document them), must be in neither report.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entryChain } from "../helpers/entry-chain.js";
import { decodeEntities } from "../helpers/html-text.js";
import { randomString } from "../redact/fake-secrets.js";

const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const U = `${AN}_-`;
const HEX = "0123456789abcdef";
const LOWER = "abcdefghijklmnopqrstuvwxyz0123456789";
const r = (alphabet: string, length: number, seed: number): string => randomString(alphabet, length, seed);

/** kind, the bash output holding it, the secret that must not appear. */
const CREDENTIALS: [string, string, string][] = [
  ["supabase-secret", "", `sb_secret_${r(U, 31, 19)}`],
  ["vercel-blob", "", `vercel_blob_rw_${r(AN, 16, 20)}_${r(AN, 30, 21)}`],
  ["pinecone", "", `pcsk_${r(AN, 5, 59)}_${r(AN, 63, 60)}`],
  ["langsmith", "", `lsv2_pt_${r(HEX, 32, 61)}_${r(HEX, 10, 62)}`],
  ["langfuse", "", `sk-lf-12345678-1234-1234-1234-${r(HEX, 12, 63)}`],
  ["cerebras", "", `csk-${r(LOWER, 48, 64)}`],
  ["neon", "", `napi_${r(LOWER, 64, 69)}`],
  ["render", "", `rnd_${r(AN, 32, 70)}`],
  ["airtable-pat", "", `pat${r(AN, 14, 73)}.${r(HEX, 64, 74)}`],
  ["discord-bot", "", `MT${r(AN, 24, 36)}.${r(U, 6, 37)}.${r(U, 38, 38)}`],
  ["google-refresh", "", `1//0g${r(U, 100, 14)}`],
  ["aws-sts-token", "", `IQoJb3JpZ2luX2VjE${r(`${AN}/+`, 300, 40)}`],
  ["firebase-fcm-legacy", "", `AAAA${r(U, 7, 71)}:APA91b${r(U, 134, 72)}`],
  ["elevenlabs", "", `sk_${r(HEX, 48, 65)}`],
  ["cookie", "curl -H 'Cookie: sessionid={}' https://app.example.com", r(HEX, 32, 79)],
  ["set-cookie", "HTTP/2 200\nset-cookie: __Host-session={}; Path=/; Secure; HttpOnly", r(U, 48, 80)],
  ["docker-login-p", "docker login -u alice -p {} registry.example.com", "DockerLoginPassw0rd"],
  ["openssl-pass", "openssl enc -aes-256-cbc -pass pass:{} -in a -out b", "OpensslPassw0rd"],
  [
    "gcs-signed-url",
    "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature={}",
    r(HEX, 256, 85),
  ],
];

const dir = mkdtempSync(join(tmpdir(), "pi-report-g15-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A session whose bash tool prints each credential in its line (`output:\n<secret>` when it has none). */
function session(): string {
  const { entries, message } = entryChain();
  message({ role: "user", content: "go" });
  CREDENTIALS.forEach(([, line, secret], index) => {
    const id = `c${index}`;
    message({
      role: "assistant",
      content: [{ type: "toolCall", id, name: "bash", arguments: { command: "cat cfg" } }],
      provider: "p",
      model: "m",
      usage: { input: 1, output: 1, cost: { total: 0.01 } },
      stopReason: "toolUse",
    });
    const output = line === "" ? `output:\n${secret}\n` : line.replace("{}", secret);
    message({
      role: "toolResult",
      toolCallId: id,
      toolName: "bash",
      content: [{ type: "text", text: output }],
    });
  });
  const header = {
    type: "session",
    version: 3,
    id: "g15",
    timestamp: "2025-06-01T10:00:00.000Z",
    cwd: "/srv",
  };
  return [header, ...entries].map((value) => JSON.stringify(value)).join("\n");
}

describe("G15: the credential kinds of round three", () => {
  const file = join(dir, "creds.jsonl");
  writeFileSync(file, session());

  for (const format of ["md", "html"] as const) {
    test(`none is left in the ${format} report`, async () => {
      const result = await runCli([file, "-f", format, "-o", "-"], { HOME: "/home/alice" });
      expect(result.code, result.stderr).toBe(0);
      const shown = format === "html" ? decodeEntities(result.stdout) : result.stdout;
      expect(shown).toContain("cat cfg");
      const leaked = CREDENTIALS.filter(([, , secret]) => shown.includes(secret)).map(([kind]) => kind);
      expect(leaked).toEqual([]);
    }, 60_000);
  }
});

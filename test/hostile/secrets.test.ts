/**
 * Issue 6: a session seeded with fake but real-looking secrets of 24 kinds, spread over every place a
 * session keeps text, leaks none of them in any output format, and says what it redacted.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonReport } from "../../src/index.js";
import { runCli } from "../helpers/cli.js";
import { entryChain } from "../helpers/entry-chain.js";
import { decodeEntities } from "../helpers/html-text.js";
import { SEEDS, withSecret } from "../redact/fake-secrets.js";

const dir = mkdtempSync(join(tmpdir(), "pi-report-secrets-"));
const file = join(dir, "secrets.jsonl");
const HOME = "/home/alice";

/** Puts seed `n`'s line (secret inside) into the n-th place of a session: every field that holds text. */
function sessionWithSecrets(): string {
  const line = (n: number) => withSecret(SEEDS[n % SEEDS.length] as (typeof SEEDS)[number]);
  const { entries, add, message: msg } = entryChain();
  const reply = (content: object[], extra: object = {}) =>
    msg({
      role: "assistant",
      content,
      provider: "anthropic",
      model: "m",
      usage: { input: 1, output: 1, cost: { total: 0.01 } },
      stopReason: "toolUse",
      ...extra,
    });
  msg({ role: "system", sections: { setup: line(0) }, tools: ["bash"] });
  msg({ role: "user", content: `please deploy\n${line(1)}` });
  reply([
    { type: "thinking", thinking: `I will use ${line(2)}` },
    { type: "text", text: `Running:\n\n\`\`\`sh\n${line(3)}\n\`\`\`` },
    { type: "toolCall", id: "c1", name: "bash", arguments: { command: line(4) } },
    { type: "toolCall", id: "c2", name: "write", arguments: { path: `${HOME}/app/.env`, content: line(5) } },
    {
      type: "toolCall",
      id: "c3",
      name: "edit",
      arguments: { path: "config.ts", edits: [{ oldText: line(6), newText: "x" }] },
    },
    { type: "toolCall", id: "c4", name: "subagent", arguments: { agent: "ops", task: line(7) } },
    { type: "toolCall", id: "c5", name: "web_fetch", arguments: { url: "https://x", headers: line(8) } },
    { type: "toolCall", id: "c6", name: "read", arguments: { path: "deploy.log" } },
  ]);
  msg({
    role: "toolResult",
    toolCallId: "c1",
    toolName: "bash",
    content: [{ type: "text", text: line(9) }],
    details: { note: line(10) },
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c2",
    toolName: "write",
    content: [{ type: "text", text: "ok" }],
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c3",
    toolName: "edit",
    content: [{ type: "text", text: "ok" }],
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c4",
    toolName: "subagent",
    content: [{ type: "text", text: "done" }],
    details: {
      mode: "single",
      results: [
        {
          agent: "ops",
          task: "deploy",
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cost: 0.01, turns: 1 },
          messages: [
            { role: "user", content: "deploy" },
            { role: "assistant", content: [{ type: "text", text: line(12) }], model: "m", usage: {} },
          ],
        },
      ],
    },
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c5",
    toolName: "web_fetch",
    content: [{ type: "text", text: line(13) }],
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c6",
    toolName: "read",
    content: [{ type: "text", text: line(11) }],
    isError: false,
  });
  msg({
    role: "bashExecution",
    command: line(14),
    output: line(15),
    exitCode: 0,
    cancelled: false,
    truncated: false,
  });
  add({ type: "custom", customType: "vault", data: { cached: line(16) } });
  add({ type: "custom_message", customType: "reminder", content: line(17), display: true });
  reply([], { stopReason: "error", errorMessage: `401 ${line(18)}` });
  add({ type: "compaction", summary: `Deployed with ${line(19)}`, tokensBefore: 10, firstKeptEntryId: "e2" });
  add({ type: "label", targetId: "e2", label: line(20) });
  add({ type: "session_info", name: `deploy ${line(21)}` });
  msg({ role: "user", content: [{ type: "text", text: line(22) }] });
  reply([{ type: "text", text: line(23) }], { stopReason: "stop" });
  const header = {
    type: "session",
    version: 3,
    id: "secrets",
    timestamp: "2025-06-01T10:00:00.000Z",
    cwd: `${HOME}/app`,
  };
  return [header, ...entries].map((value) => JSON.stringify(value)).join("\n");
}

/**
 * Text as a reader sees it: tags dropped (highlighting splits a token across spans), HTML entities and
 * Markdown backslash escapes undone.
 */
function readable(text: string): string {
  return decodeEntities(text.replace(/<[^>]*>/g, "")).replace(/\\([\\`*_{}[\]()#+\-.!|~<>&])/g, "$1");
}

/** Every way a secret could show: as is, JSON-escaped, and each line of a multi-line one. */
function tracesOf(secret: string): string[] {
  const lines = secret.split("\n").filter((line) => line.length >= 12);
  return [secret, JSON.stringify(secret).slice(1, -1), ...lines];
}

const outputs: Record<string, string> = {};

beforeAll(async () => {
  writeFileSync(file, sessionWithSecrets());
  for (const [name, args] of [
    ["html", ["-o", join(dir, "r.html")]],
    ["md", ["--format", "md", "-o", join(dir, "r.md")]],
    ["summary", ["--format", "md", "--summary", "-o", join(dir, "s.md")]],
    ["json", ["--format", "json", "-o", join(dir, "r.json")]],
  ] as const) {
    const result = await runCli([file, ...args], { HOME });
    expect(result.code, result.stderr).toBe(0);
    outputs[name] = readFileSync(args.at(-1) as string, "utf8");
  }
  const site = join(dir, "site");
  expect((await runCli(["archive", dir, "-o", site], { HOME })).code).toBe(0);
  for (const name of ["index.html", "archive.json", "costs.csv", "sessions/secrets.html"]) {
    outputs[`archive ${name}`] = readFileSync(join(site, name), "utf8");
  }
}, 120_000);

describe("secrets never leave the session", () => {
  it("seeds at least 12 kinds", () => {
    expect(new Set(SEEDS.map((seed) => seed.kind)).size).toBeGreaterThanOrEqual(12);
  });

  for (const name of [
    "html",
    "md",
    "summary",
    "json",
    "archive index.html",
    "archive archive.json",
    "archive costs.csv",
    "archive sessions/secrets.html",
  ]) {
    it(`${name}: none of the ${SEEDS.length} secrets, and no home directory`, () => {
      const text = readable(outputs[name] as string);
      for (const seed of SEEDS) {
        for (const trace of tracesOf(seed.secret))
          expect(text, `${seed.kind} in ${name}`).not.toContain(trace);
      }
      expect(text).not.toContain(HOME);
    });
  }

  it("the HTML names every kind it replaced, and says how many", () => {
    const html = readable(outputs.html as string);
    for (const seed of SEEDS) expect(html, seed.kind).toContain(`[redacted: ${seed.kind}]`);
    expect(html).toMatch(/\d+ secrets redacted \(/);
  });

  it("the HTML counts every secret of the session, one of each kind", () => {
    const counts = [...readable(outputs.html as string).matchAll(/\[redacted: ([a-z-]+)\]/g)].map(
      (match) => match[1],
    );
    expect(new Set(counts)).toEqual(new Set(SEEDS.map((seed) => seed.kind)));
    expect(readable(outputs.html as string)).toContain(`${SEEDS.length} secrets redacted (`);
  });

  it("the JSON report, which holds no message content, redacts and counts what it does hold", () => {
    const report = JSON.parse(outputs.json as string) as JsonReport;
    // Of the seeded places only the session name (line 21's secret), the label (line 20's) and the cwd
    // reach the JSON report.
    expect(report.session.name).toBe(
      "deploy Server=tcp:db.example.net,1433;Initial Catalog=app;User ID=app;Password=[redacted: connection-string-password];Encrypt=True;",
    );
    expect(report.labels.map((label) => label.label)).toEqual([
      expect.stringContaining("[redacted: azure-storage-key]"),
    ]);
    expect(report.redaction).toEqual({
      enabled: true,
      secrets: 2,
      byKind: [
        { kind: "azure-storage-key", count: 1 },
        { kind: "connection-string-password", count: 1 },
      ],
      homeDirectory: 1,
    });
    expect(report.session.cwd).toBe("~/app");
  });

  it("--no-redact leaves every one of them in the HTML (so the tests above can fail)", async () => {
    const result = await runCli([file, "--no-redact", "-o", "-"], { HOME });
    expect(result.stderr).toContain("not redacted");
    const html = readable(result.stdout);
    for (const seed of SEEDS) expect(html.includes(seed.secret), seed.kind).toBe(true);
  });
});

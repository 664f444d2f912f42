/**
 * Issue 20, "Done when": credentials of every kind redaction supports, placed in every field a session can
 * carry, are found in no output format and no archive page; with `--no-redact` the same outputs hold them
 * (so the test can fail). Kinds: our seeds (the 24 of issue 6, the named forms of F9, the prefixes of F10)
 * and one sample of each gitleaks rule, drawn by fast-check from the rule's own regex. The placement (text
 * around, order, ANSI colour splitting a line) is drawn by fast-check too.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { toJavaScript } from "../../scripts/gitleaks-rules.mjs";
import { gitleaksDefaultDetector } from "../../src/redact/gitleaks-detector.js";
import { GITLEAKS } from "../../src/redact/gitleaks-rules.generated.js";
import { runCli } from "../helpers/cli.js";
import { entryChain } from "../helpers/entry-chain.js";
import { decodeEntities } from "../helpers/html-text.js";
import { NAMED_SEEDS, PREFIX_SEEDS, SEEDS, type Seed, withSecret } from "../redact/fake-secrets.js";

const HOME = "/home/alice";

/** A credential: the line it stands in, and the secret that must not reach any output. */
interface Credential {
  kind: string;
  secret: string;
  line: string;
}

const seeded = (seed: Seed): Credential => ({ kind: seed.kind, secret: seed.secret, line: withSecret(seed) });

/**
 * One sample per gitleaks rule: drawn from its regex (anchored; word boundaries dropped, `i` spelled out),
 * kept when the rule finds it alone and its secret is plain token text (so it shows verbatim in a report
 * and its absence means something). The secret is the span the rule reports.
 */
function gitleaksSamples(): Credential[] {
  const credentials: Credential[] = [];
  for (const rule of GITLEAKS.rules) {
    const source = rule.source
      .replace(/\\[bB]/g, "")
      .replace(/\|\$\)/g, ")")
      .replace(/\|\\\\\[nr\]/g, "");
    const drawable = new RegExp(
      `^(?:${rule.flags.includes("i") ? toJavaScript(`(?i:${source})`) : source})$`,
    );
    for (const sample of fc.sample(fc.stringMatching(drawable), { numRuns: 40, seed: 11 })) {
      if (!/^[\x20-\x7e]+$/.test(sample) || /[`<>*\\|[\]{}]/.test(sample)) continue;
      const finding = gitleaksDefaultDetector.find(` ${sample} `).find((found) => found.kind === rule.kind);
      const secret = finding === undefined ? "" : ` ${sample} `.slice(finding.start, finding.end);
      if (secret.length >= 12 && /^[A-Za-z0-9_.+/=:-]+$/.test(secret)) {
        credentials.push({ kind: rule.kind, secret, line: sample });
        break;
      }
    }
  }
  return credentials;
}

const CREDENTIALS: readonly Credential[] = [
  ...SEEDS.map(seeded),
  ...NAMED_SEEDS.map(seeded),
  ...PREFIX_SEEDS.map(seeded),
  ...gitleaksSamples(),
];

/** Colours a middle part of a line the way `grep --color` does, splitting whatever token stands there. */
function coloured(line: string, at: number): string {
  const from = Math.floor(line.length * at);
  const to = Math.min(line.length, from + 6);
  return `${line.slice(0, from)}\x1b[01;31m\x1b[K${line.slice(from, to)}\x1b[m\x1b[K${line.slice(to)}`;
}

/** A session holding `text` in every field that carries text (and `ansi` in the bash output). */
function sessionWith(text: string, ansi: string): string {
  const { entries, add, message: msg } = entryChain();
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cost: { total: 0.01 } };
  const reply = (content: object[], extra: object = {}) =>
    msg({
      role: "assistant",
      content,
      api: "x",
      provider: "p",
      model: "m",
      usage,
      stopReason: "toolUse",
      ...extra,
    });
  msg({
    role: "system",
    sections: { setup: text, [text.slice(0, 40)]: text },
    tools: [{ name: "bash", description: text }],
  });
  msg({ role: "user", content: text });
  msg({ role: "user", content: [{ type: "text", text }] });
  reply([
    { type: "thinking", thinking: text },
    { type: "text", text },
    { type: "toolCall", id: "c1", name: "bash", arguments: { command: text } },
    {
      type: "toolCall",
      id: "c2",
      name: "http_request",
      arguments: {
        id: text,
        api: text,
        type: text,
        model: text,
        provider: text,
        nested: { deep: [{ value: text }] },
      },
    },
    {
      type: "toolCall",
      id: "c3",
      name: "write",
      arguments: JSON.stringify({ path: "config.yml", content: text }),
    },
    { type: "toolCall", id: "c4", name: "subagent", arguments: { agent: "ops", task: text } },
  ]);
  msg({
    role: "toolResult",
    toolCallId: "c1",
    toolName: "bash",
    content: [{ type: "text", text: ansi }],
    details: { id: text, provider: text, type: text, note: { deep: text } },
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c2",
    toolName: "http_request",
    content: [{ type: "text", text }],
    isError: false,
  });
  msg({
    role: "toolResult",
    toolCallId: "c3",
    toolName: "write",
    content: [{ type: "text", text }],
    isError: true,
  });
  msg({
    role: "toolResult",
    toolCallId: "c4",
    toolName: "subagent",
    content: [{ type: "text", text }],
    details: {
      mode: "single",
      results: [
        {
          agent: "ops",
          task: text,
          exitCode: 0,
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cost: 0.01, turns: 1 },
          messages: [
            { role: "user", content: text },
            {
              role: "assistant",
              content: [
                { type: "thinking", thinking: text },
                { type: "text", text },
                { type: "toolCall", id: "s1", name: "bash", arguments: { command: text } },
              ],
              model: "m",
              usage: {},
            },
            { role: "toolResult", toolCallId: "s1", toolName: "bash", content: [{ type: "text", text }] },
          ],
        },
      ],
    },
    isError: false,
  });
  msg({
    role: "bashExecution",
    command: text,
    output: ansi,
    exitCode: 0,
    cancelled: false,
    truncated: false,
  });
  msg({ role: "custom", customType: "hook", content: text, display: true });
  add({ type: "custom", customType: "vault", data: { cached: text, id: text, type: text } });
  add({
    type: "custom_message",
    customType: "reminder",
    content: text,
    display: true,
    details: { id: text },
  });
  reply([], { stopReason: "error", errorMessage: text });
  add({ type: "compaction", summary: text, tokensBefore: 10, firstKeptEntryId: "e2" });
  add({ type: "branch_summary", fromId: "e3", summary: text });
  add({ type: "context_edit", targetId: "e4", replacement: { content: text } });
  add({ type: "label", targetId: "e2", label: text });
  add({ type: "session_info", name: text });
  add({ type: "some_future_entry", note: text });
  reply([{ type: "text", text }], { stopReason: "stop" });
  const header = {
    type: "session",
    version: 3,
    id: "every-credential",
    timestamp: "2025-06-01T10:00:00.000Z",
    cwd: `/srv/app ${text}`,
  };
  return [header, ...entries].map((value) => JSON.stringify(value)).join("\n");
}

/** Text as a reader sees it: tags and ANSI codes dropped, entities and Markdown escapes undone. */
function readable(text: string): string {
  return (
    decodeEntities(text.replace(/<[^>]*>/g, ""))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: escape codes, or their visible stand-in, go
      .replace(/\x1b\[[0-?]*[ -/]*[@-~]|␛\[[0-?]*[ -/]*[@-~]/g, "")
      .replace(/\\([\\`*_{}[\]()#+\-.!|~<>&])/g, "$1")
  );
}

/**
 * Every report of the session: HTML, Markdown, its summary, JSON, and the archive's session pages and its
 * own files (the index, archive.json and costs.csv list the session's name, which holds every credential).
 */
async function reportsOf(file: string, extra: readonly string[]): Promise<Record<string, string>> {
  const dir = join(file, "..");
  const outputs: Record<string, string> = {};
  for (const [name, args] of [
    ["html", ["-o", join(dir, "r.html")]],
    ["md", ["--format", "md", "-o", join(dir, "r.md")]],
    ["summary", ["--format", "md", "--summary", "-o", join(dir, "s.md")]],
    ["json", ["--format", "json", "-o", join(dir, "r.json")]],
  ] as const) {
    const result = await runCli([file, ...extra, ...args], { HOME });
    expect(result.code, result.stderr).toBe(0);
    outputs[name] = readFileSync(args.at(-1) as string, "utf8");
  }
  const site = join(dir, "..", `site-${extra.length}`);
  const archived = await runCli(["archive", dir, ...extra, "-o", site], { HOME });
  expect(archived.code, archived.stderr).toBe(0);
  const pages = readdirSync(join(site, "sessions"), { recursive: true, encoding: "utf8" });
  for (const page of pages.filter((name) => name.endsWith(".html")))
    outputs[`archive page ${page}`] = readFileSync(join(site, "sessions", page), "utf8");
  for (const top of ["index.html", "archive.json", "costs.csv"])
    outputs[`archive ${top}`] = readFileSync(join(site, top), "utf8");
  expect(Object.keys(outputs).length).toBeGreaterThan(7);
  return outputs;
}

describe("credentials of every kind in every field", () => {
  test("the catalogue holds our kinds and a sample of nearly every gitleaks rule", () => {
    const kinds = new Set(CREDENTIALS.map((credential) => credential.kind));
    expect(kinds.size).toBeGreaterThan(150);
    expect(CREDENTIALS.length - SEEDS.length - NAMED_SEEDS.length - PREFIX_SEEDS.length).toBeGreaterThan(
      GITLEAKS.rules.length * 0.75,
    );
  });

  test("no output holds any of them; with --no-redact the HTML holds every one", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.lorem({ maxCount: 8 }),
        fc.shuffledSubarray([...CREDENTIALS], { minLength: CREDENTIALS.length }),
        fc.double({ min: 0.1, max: 0.8, noNaN: true }),
        async (prose, credentials, at) => {
          const root = mkdtempSync(join(tmpdir(), "pi-report-every-credential-"));
          try {
            const dir = join(root, "sessions");
            const file = join(dir, "every.jsonl");
            const lines = credentials.map((credential) => credential.line);
            const text = `${prose}\n${lines.join("\n")}\n${prose}`;
            const ansi = lines.map((line) => coloured(line, at)).join("\n");
            mkdirSync(dir);
            writeFileSync(file, sessionWith(text, ansi));
            const redacted = await reportsOf(file, []);
            for (const [name, output] of Object.entries(redacted)) {
              const shown = readable(output);
              const leaked = credentials.filter((credential) => shown.includes(credential.secret));
              expect(leaked.map((credential) => `${credential.kind} in ${name}`)).toEqual([]);
            }
            const plain = await reportsOf(file, ["--no-redact"]);
            const html = readable(plain.html ?? "");
            const missing = credentials.filter((credential) => !html.includes(credential.secret));
            expect(missing.map((credential) => credential.kind)).toEqual([]);
          } finally {
            rmSync(root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 2, seed: 20_261_201 },
    );
  }, 600_000);
});

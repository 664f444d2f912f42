/**
 * A token in a session file's own name (G8): the report's header names the file ("from <file>" in
 * Markdown, the file line of the HTML page and of the PR summary), so the name is redacted as the session
 * is, and counted with what was redacted. The path the user gave is theirs: stderr still names it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeFile } from "../../src/pipeline.js";
import { runCli } from "../helpers/cli.js";
import { SEEDS } from "../redact/fake-secrets.js";

const seed = SEEDS.find((one) => one.kind === "github-token");
if (seed === undefined) throw new Error("fake-secrets.ts has no github-token seed");
const TOKEN = seed.secret;
const NAME = `2025-06-01T10-00-00-000Z_${TOKEN}.jsonl`;
const SHOWN = "2025-06-01T10-00-00-000Z_[redacted: github-token].jsonl";

const lines = [
  { type: "session", version: 3, id: "fn1", timestamp: "2025-06-01T10:00:00.000Z", cwd: "/srv/proj" },
  {
    type: "message",
    id: "u",
    parentId: null,
    timestamp: "2025-06-01T10:00:01.000Z",
    message: { role: "user", content: "hello", timestamp: 1 },
  },
  {
    type: "message",
    id: "a",
    parentId: "u",
    timestamp: "2025-06-01T10:00:02.000Z",
    message: {
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
      provider: "p",
      model: "m",
      usage: { input: 1, output: 1, cost: { total: 0.01 } },
      stopReason: "stop",
    },
  },
];

const dir = mkdtempSync(join(tmpdir(), "pi-report-file-names-"));
const session = join(dir, NAME);
writeFileSync(session, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);

describe("a token in the session file's name (G8)", () => {
  for (const [shape, args] of [
    ["md", ["-f", "md"]],
    ["summary", ["--summary"]],
    ["html", ["-f", "html"]],
    ["json", ["-f", "json"]],
  ] as const) {
    it(`${shape}: the report names the file with the token redacted`, async () => {
      const output = join(
        dir,
        `report-${shape}.${shape === "html" ? "html" : shape === "json" ? "json" : "md"}`,
      );
      const { code } = await runCli([session, ...args, "-o", output]);
      expect(code).toBe(0);
      const text = readFileSync(output, "utf8");
      expect(text).not.toContain(TOKEN);
      if (shape === "md") expect(text).toContain(` from \`${SHOWN}\``);
      if (shape === "html") expect(text).toContain("2025-06-01T10-00-00-000Z_[redacted: github-token].jsonl");
    });
  }

  it("the analysis counts it with the session's secrets; --no-redact keeps the name", async () => {
    const redacted = await analyzeFile(session);
    expect(redacted.source).toEqual({ path: session, name: SHOWN });
    expect(redacted.redaction).toEqual({ summary: { enabled: true, counts: { "github-token": 1 } } });
    const bare = await analyzeFile(session, { redaction: false });
    expect(bare.source).toEqual({ path: session, name: NAME });
  });
});

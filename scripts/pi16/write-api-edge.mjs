// Copied from the Pi harness (../shared/tools/pi-harness/write-api-edge.mjs, written for this project's issue 21).
// Runs under Node 22 with Pi 1.6 (PI_PKG); call it through write-fixtures.mjs, which installs both.
// Write a session through Pi 1.6's own SessionManager API with the 1.x-only shapes the CLI harness could not
// produce offline: a retain-none compaction, an omission context edit, a second root, stopReason "deferred",
// an mcp__ tool, cacheWrite1h/reasoning/totalFromProvider usage, a usage entry of an unknown kind, a
// server-side-fallback reply (responseModel priced as the answering model), system patches with toolsRemoved.
// Usage: node22 write-api-edge.mjs OUTDIR
import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const PKG = process.env.PI_PKG;
if (!PKG)
  throw new Error("set PI_PKG to the installed @earendil-works/pi-coding-agent (see write-fixtures.mjs)");
const { SessionManager } = await import(pathToFileURL(`${PKG}/dist/index.js`).href);
const out = process.argv[2] ?? "kept";
const dir = join(out, "api-tmp");
mkdirSync(dir, { recursive: true });

let t = 1796000000000;
const usage = (input, output, cost, extra = {}) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  ...extra,
  cost: {
    input: cost / 2,
    output: cost / 2,
    cacheRead: 0,
    cacheWrite: 0,
    total: cost,
    ...(extra.costExtra ?? {}),
  },
});
const assistant = (text, u, more = {}) => ({
  role: "assistant",
  content: [{ type: "text", text }],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-fable-5-2",
  usage: u,
  stopReason: "stop",
  timestamp: ++t,
  thinkingLevel: "high",
  ...more,
});
const user = (text) => ({ role: "user", content: text, timestamp: ++t });

const sm = SessionManager.create("/tmp/api-edge", dir);
sm.appendModelChange("anthropic", "claude-fable-5-2");
sm.appendThinkingLevelChange("high");
sm.appendMessage({
  role: "system",
  content: "",
  sections: { preamble: "You are Pi.", tools: "<tools>read</tools>" },
  toolsAdded: [
    { name: "read", description: "Read", parameters: {} },
    { name: "mcp__docs__search", description: "Search docs", parameters: {} },
  ],
  timestamp: ++t,
});
const u1 = sm.appendMessage(user("first question"));
// a reply with the 1.x usage fields
sm.appendMessage(
  assistant(
    "first answer",
    {
      input: 1000,
      output: 300,
      cacheRead: 5000,
      cacheWrite: 2000,
      cacheWrite1h: 1500,
      reasoning: 120,
      totalTokens: 8300,
      cost: {
        input: 0.008,
        output: 0.012,
        cacheRead: 0.004,
        cacheWrite: 0.02,
        total: 0.044,
        totalFromProvider: true,
      },
    },
    { diagnostics: [{ type: "cache_miss", message: "x" }] },
  ),
);
// an mcp__ tool call with nested calls
sm.appendMessage({
  ...assistant("", usage(1200, 50, 0.01)),
  content: [{ type: "toolCall", id: "c1", name: "mcp__docs__search", arguments: { q: "pi" } }],
  stopReason: "toolUse",
});
const tr = sm.appendMessage({
  role: "toolResult",
  toolCallId: "c1",
  toolName: "mcp__docs__search",
  content: [{ type: "text", text: "3 hits" }],
  isError: false,
  timestamp: ++t,
  nestedCalls: { calls: [{ id: "n1", name: "read", status: "ok", durationMs: 3 }], complete: true },
  usage: usage(40, 10, 0.0005),
});
// server-side fallback: requested Fable 5.2, answered (and priced) as Opus 5
sm.appendMessage(assistant("fallback answer", usage(900, 200, 0.03), { responseModel: "claude-opus-5" }));
// a deferred response
sm.appendMessage({
  ...assistant("", usage(0, 0, 0)),
  content: [],
  stopReason: "deferred",
  deferred: {
    provider: "anthropic",
    modelId: "claude-fable-5-2",
    api: "anthropic-messages",
    id: "batch_1",
    pollAfterMs: 1000,
  },
});
// usage entry of a kind Pi does not know
sm.appendUsage("future_kind", "anthropic", "claude-opus-5", usage(10, 10, 0.002), "note");
// omit the tool result from context, then a system patch removing a tool
sm.appendContextEdit(tr, null);
sm.appendMessage({
  role: "system",
  content: "",
  sections: { tools: null, skills: "<skills/>" },
  toolsRemoved: [{ name: "mcp__docs__search" }],
  timestamp: ++t,
});
sm.appendMessage(user("second question"));
sm.appendMessage(assistant("second answer", usage(1500, 100, 0.02)));
// retain-none compaction (stores its own id as firstKeptEntryId) with usage
sm.appendCompaction(
  "summary of everything",
  null,
  9000,
  { readFiles: [], modifiedFiles: [] },
  false,
  usage(3000, 200, 0.025),
);
sm.appendMessage(user("after compaction"));
sm.appendMessage(assistant("answer after compaction", usage(400, 50, 0.005)));
sm.appendLabelChange(u1, "start");
// a second root: branch with summary from nothing
sm.branchWithSummary(
  null,
  "summary of the abandoned path",
  { readFiles: [], modifiedFiles: [] },
  false,
  usage(700, 90, 0.008),
);
sm.appendMessage(user("on a new root"));
sm.appendMessage(assistant("reply on the new root", usage(300, 40, 0.004)));
sm.appendSessionInfo("API edge cases");
const file = readdirSync(dir).find((f) => f.endsWith(".jsonl"));
renameSync(join(dir, file), join(out, "pi16-api-edge.jsonl"));
console.log("wrote", join(out, "pi16-api-edge.jsonl"));

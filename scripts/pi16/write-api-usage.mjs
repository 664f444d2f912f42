// Writes a session through Pi 1.6's own SessionManager API holding what Pi 1.x records about each reply's
// usage and model: replies whose provider recorded no usage (Pi writes zeros), a reply's own `thinkingLevel`
// apart from the session's, `reasoning` and `cacheWrite1h` tokens, a provider-billed total
// (`cost.totalFromProvider`) that differs from its parts, and a virtual model (docs/virtual-models.md): a
// `model_change` to `router/auto`, its `pi.virtual-model-state` entries, a routed reply naming the physical
// model, a compaction made while the router was selected, and a reply whose routing failed (`api:
// "pi-virtual"`, as Pi leaves it). Runs under Node 22 with Pi 1.6 (PI_PKG); call it through write-fixtures.mjs.
//   Usage: node22 write-api-usage.mjs OUTDIR
import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const PKG = process.env.PI_PKG;
if (!PKG)
  throw new Error("set PI_PKG to the installed @earendil-works/pi-coding-agent (see write-fixtures.mjs)");
const { SessionManager } = await import(pathToFileURL(`${PKG}/dist/index.js`).href);
const out = process.argv[2] ?? "kept";
const dir = join(out, "usage-tmp");
mkdirSync(dir, { recursive: true });

let t = 1796100000000;
const zero = () => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
});
const reply = (text, provider, model, api, usage, extra = {}) => ({
  role: "assistant",
  content: text === "" ? [] : [{ type: "text", text }],
  api,
  provider,
  model,
  usage,
  stopReason: "stop",
  timestamp: ++t,
  ...extra,
});
const user = (text) => ({ role: "user", content: text, timestamp: ++t });

const sm = SessionManager.create("/tmp/usage", dir);
// a local model whose server records no usage: Pi writes zeros
sm.appendModelChange("ollama", "qwen3-coder");
sm.appendThinkingLevelChange("medium");
sm.appendMessage(user("what does a.txt hold?"));
sm.appendMessage(
  reply("Three lines.", "ollama", "qwen3-coder", "openai-completions", zero(), { thinkingLevel: "medium" }),
);
sm.appendMessage(user("and b.txt?"));
// this reply was asked at another level than the session's (an extension set it for one request)
sm.appendMessage(
  reply("Two lines.", "ollama", "qwen3-coder", "openai-completions", zero(), { thinkingLevel: "low" }),
);

// a priced model: reasoning tokens, one-hour cache writes, and a billed total below its parts (a discount)
sm.appendModelChange("anthropic", "claude-fable-5-2");
sm.appendMessage(user("compare them"));
sm.appendMessage(
  reply(
    "a.txt is longer.",
    "anthropic",
    "claude-fable-5-2",
    "anthropic-messages",
    {
      input: 2000,
      output: 500,
      cacheRead: 4000,
      cacheWrite: 3000,
      cacheWrite1h: 1000,
      reasoning: 200,
      totalTokens: 9500,
      cost: {
        input: 0.01,
        output: 0.0125,
        cacheRead: 0.002,
        cacheWrite: 0.0225,
        total: 0.04,
        totalFromProvider: true,
      },
    },
    { thinkingLevel: "medium" },
  ),
);

// a virtual model: the router is selected, each reply names the physical model it routed to
sm.appendModelChange("router", "auto");
sm.appendThinkingLevelChange("high");
sm.appendMessage(user("summarise both"));
sm.appendCustomEntry("pi.virtual-model-state", {
  provider: "router",
  modelId: "auto",
  state: { phase: "plan" },
});
sm.appendMessage(
  reply(
    "Both are short.",
    "anthropic",
    "claude-fable-5-2",
    "anthropic-messages",
    {
      input: 3000,
      output: 100,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 3100,
      cost: { input: 0.015, output: 0.0025, cacheRead: 0, cacheWrite: 0, total: 0.0175 },
    },
    { thinkingLevel: "medium" },
  ),
);
// a compaction made while the router was selected: its usage names no model
const kept = sm.appendMessage(user("keep going"));
sm.appendCompaction("## Goal\nCompare the files.", kept, 3100, undefined, false, {
  input: 1500,
  output: 200,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 1700,
  cost: { input: 0.0075, output: 0.005, cacheRead: 0, cacheWrite: 0, total: 0.0125 },
});
// routing failed: Pi leaves the virtual model on the message, which no provider answered
sm.appendMessage({
  ...reply("", "router", "auto", "pi-virtual", zero(), { thinkingLevel: "high" }),
  stopReason: "error",
  errorMessage: "Virtual model router/auto: no model available for phase build",
});
const file = readdirSync(dir).find((f) => f.endsWith(".jsonl"));
renameSync(join(dir, file), join(out, "pi16-usage.jsonl"));

// Writes a session through Pi 1.6's own SessionManager API in which `!!` and `!` commands follow the last
// reply: Pi projects both into its context (dist/core/session-manager.js buildSessionProjection) and
// counts both in its size estimate, though it never sends the `!!` one (dist/core/messages.js).
// Runs under Node 22 with Pi 1.6 (PI_PKG); call it through write-fixtures.mjs.   Usage: node22 write-api-commands.mjs OUTDIR
import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const PKG = process.env.PI_PKG;
if (!PKG)
  throw new Error("set PI_PKG to the installed @earendil-works/pi-coding-agent (see write-fixtures.mjs)");
const { SessionManager } = await import(pathToFileURL(`${PKG}/dist/index.js`).href);
const out = process.argv[2] ?? "kept";
const dir = join(out, "commands-tmp");
mkdirSync(dir, { recursive: true });

let t = 1796000000000;
const sm = SessionManager.create("/tmp/commands", dir);
sm.appendModelChange("anthropic", "claude-fable-5-2");
sm.appendMessage({ role: "user", content: "list the files", timestamp: ++t });
sm.appendMessage({
  role: "assistant",
  content: [{ type: "text", text: "There are three files." }],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-fable-5-2",
  usage: {
    input: 900,
    output: 40,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 940,
    cost: { input: 0.009, output: 0.002, cacheRead: 0, cacheWrite: 0, total: 0.011 },
  },
  stopReason: "stop",
  timestamp: ++t,
});
// `!!git status`: run by the user, kept out of what the model is sent
sm.appendMessage({
  role: "bashExecution",
  command: "git status",
  output: "On branch main\nnothing to commit, working tree clean\n",
  exitCode: 0,
  cancelled: false,
  truncated: false,
  excludeFromContext: true,
  timestamp: ++t,
});
// `!ls`: run by the user and sent to the model
sm.appendMessage({
  role: "bashExecution",
  command: "ls",
  output: "a.txt\nb.txt\nc.txt\n",
  exitCode: 0,
  cancelled: false,
  truncated: false,
  timestamp: ++t,
});
sm.appendMessage({ role: "user", content: "which one is newest?", timestamp: ++t });
const file = readdirSync(dir).find((f) => f.endsWith(".jsonl"));
renameSync(join(dir, file), join(out, "pi16-commands.jsonl"));

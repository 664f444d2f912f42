// Writes a version 4 session through Pi's agent core 0.84.4's own session API (JsonlSessionRepo, under Node 22 from
// scripts/agent-core/.peers/0.84.4): a reply that calls a tool, the reply's `assistant` usage record and a `tool` usage
// record naming the same reply (a tool that called a model), the tool's result, a final reply, a label and a name set
// last (no entry after them on `main`). Prints the package's own figures (`getStats()`, the `main` lane's leaf) as one
// JSON line. 0.84.4's AgentHarness runs nothing ("unavailable"): its sessions are written through this API.
//   CORE_PKG=<installed package> node write-0.84.4.mjs <sessions folder>   (write-fixtures.mjs calls it)
import { pathToFileURL } from "node:url";

const PKG = process.env.CORE_PKG;
if (!PKG) throw new Error("set CORE_PKG to the installed @earendil-works/pi-agent-core 0.84.4");
const core = await import(pathToFileURL(`${PKG}/dist/index.js`).href);
const { NodeExecutionEnv } = await import(pathToFileURL(`${PKG}/dist/node.js`).href);

const usage = (input, output, cacheRead, total) => ({
  input,
  output,
  cacheRead,
  cacheWrite: 0,
  totalTokens: input + output + cacheRead,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total },
});
const model = { api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5" };
// Priced at claude-sonnet-4-5's $3/$15 per M tokens, cache reads $0.30.
const replyUsage = usage(1200, 150, 4000, 0.00705);
const toolUsage = usage(600, 64, 0, 0.00276);
const finalUsage = usage(1500, 118, 5200, 0.00783);

const folder = process.argv[2];
const cwd = "/work/app";
const repo = new core.JsonlSessionRepo({ fs: new NodeExecutionEnv({ cwd: folder }), sessionsRoot: folder });
const session = await repo.create({ cwd, id: "core-0844-tool-usage" });
await session.appendEntry(
  { type: "message", id: "u1", message: { role: "user", content: "Summarise the README", timestamp: 1 } },
  "main",
);
await session.appendEntry(
  {
    type: "message",
    id: "a1",
    message: {
      role: "assistant",
      content: [
        { type: "text", text: "Reading it with the summariser." },
        { type: "toolCall", id: "t1", name: "summarise", arguments: { path: "README.md" } },
      ],
      ...model,
      usage: replyUsage,
      stopReason: "toolUse",
      timestamp: 2,
    },
  },
  "main",
);
const record = { type: "usage", lane: "main", runId: "run-1" };
await session.appendRecord({
  ...record,
  id: "usage-a1",
  cause: "assistant",
  entryId: "a1",
  attempt: 1,
  stopReason: "toolUse",
  usage: replyUsage,
});
await session.appendRecord({
  ...record,
  id: "usage-t1",
  cause: "tool",
  entryId: "a1",
  toolCallId: "t1",
  usage: toolUsage,
});
await session.appendEntry(
  {
    type: "message",
    id: "r1",
    message: {
      role: "toolResult",
      toolCallId: "t1",
      toolName: "summarise",
      content: [{ type: "text", text: "A CLI that turns sessions into reports." }],
      isError: false,
      timestamp: 3,
    },
  },
  "main",
);
await session.appendEntry(
  {
    type: "message",
    id: "a2",
    message: {
      role: "assistant",
      content: [{ type: "text", text: "It turns Pi sessions into reports." }],
      ...model,
      usage: finalUsage,
      stopReason: "stop",
      timestamp: 4,
    },
  },
  "main",
);
await session.appendRecord({
  ...record,
  id: "usage-a2",
  cause: "assistant",
  entryId: "a2",
  attempt: 1,
  stopReason: "stop",
  usage: finalUsage,
});
await session.setLabel("a2", "answer");
await session.setName("README summary");
const metadata = await session.getMetadata();
console.log(
  JSON.stringify({
    file: metadata.path,
    core: "0.84.4",
    stats: await session.getStats(),
    leafId: await session.getLeafId(),
    name: await session.getName(),
  }),
);

// Writes version 4 sessions with Pi's agent core 0.87.1's real AgentHarness and JsonlSessionRepo (under Node 22 from
// scripts/agent-core/.peers/0.87.1), its model a mock: pi-ai's faux provider (no network), each reply priced at the
// model's rates as a real provider's adapter prices it (`calculateCost`). Prints the package's own figures for each
// file (`getStats()`, the branch tips, the name and labels) as one JSON line.
//   CORE_PKG=<installed package> node write-0.87.1.mjs <sessions folder>   (write-fixtures.mjs calls it)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const PKG = process.env.CORE_PKG;
if (!PKG) throw new Error("set CORE_PKG to the installed @earendil-works/pi-agent-core 0.87.1");
const core = await import(pathToFileURL(`${PKG}/dist/index.js`).href);
const { NodeExecutionEnv } = await import(pathToFileURL(`${PKG}/dist/node.js`).href);
/** A package installed beside the agent core, by its `import` entry point (both are ESM only). */
async function sibling(name) {
  const dir = join(PKG, "../..", name);
  const { exports } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entry = exports["."].import;
  return import(pathToFileURL(join(dir, typeof entry === "string" ? entry : entry.default)).href);
}
const ai = await sibling("@earendil-works/pi-ai");
const { Type } = await sibling("typebox");

const context = core.BACKGROUND_CONTEXT;
const folder = process.argv[2];
const cwd = "/work/app";

/** A stream whose final message (and `done`/`error` event) is priced at the model's rates. */
function priced(inner, model) {
  const outer = ai.createAssistantMessageEventStream();
  const price = (message) => {
    if (message?.usage) ai.calculateCost(model, message.usage);
    return message;
  };
  (async () => {
    for await (const event of inner) {
      if (event.type === "done") price(event.message);
      if (event.type === "error") price(event.error);
      outer.push(event);
    }
    outer.end(price(await inner.result()));
  })();
  return outer;
}

const faux = ai.createFauxCore({
  provider: "faux",
  api: "faux-messages",
  models: [
    { id: "sonnet-like", cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
    { id: "haiku-like", cost: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 } },
  ],
  tokensPerSecond: 0,
});
const provider = ai.createProvider({
  id: faux.provider,
  auth: { apiKey: { name: "Faux", resolve: async () => ({ auth: {} }) } },
  models: faux.models,
  api: {
    stream: (model, ctx, options) => priced(faux.stream(model, ctx, options), model),
    streamSimple: (model, ctx, options) => priced(faux.streamSimple(model, ctx, options), model),
    fetchDeferred: faux.fetchDeferred,
    cancelDeferred: faux.cancelDeferred,
  },
});
const models = ai.createModels();
models.setProvider(provider);
const sonnet = faux.getModel("sonnet-like");
const haiku = faux.getModel("haiku-like");

/** Tools the mock model calls: one that reads, one that lists, and one whose run called a model itself. */
const tools = [
  {
    name: "read",
    label: "read",
    description: "Read a file",
    parameters: Type.Object({ path: Type.String() }),
    execute: async (_id, params) => ({
      content: [{ type: "text", text: `contents of ${params.path}` }],
      details: {},
    }),
  },
  {
    name: "ls",
    label: "ls",
    description: "List a folder",
    parameters: Type.Object({ path: Type.String() }),
    execute: async () => ({ content: [{ type: "text", text: "README.md\nsrc/" }], details: {} }),
  },
  {
    name: "summarise",
    label: "summarise",
    description: "Summarise a file with a smaller model",
    parameters: Type.Object({ path: Type.String() }),
    execute: async () => ({
      content: [{ type: "text", text: "A CLI for reports." }],
      details: {},
      usage: {
        input: 600,
        output: 64,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 664,
        cost: { input: 0.0006, output: 0.00032, cacheRead: 0, cacheWrite: 0, total: 0.00092 },
      },
    }),
  },
];

const env = new NodeExecutionEnv({ cwd: folder });
const repo = new core.JsonlSessionRepo({ fileSystem: env, sessionsRoot: folder });
const session = await repo.create({ cwd, id: "core-0871-harness" }, context);
const { harness } = await core.AgentHarness.create(
  {
    session,
    models,
    model: sonnet,
    tools,
    toolExecution: "parallel",
    retry: { enabled: true, maxRetries: 2, baseDelayMs: 1, maxAgentDelayMs: 5 },
    systemPrompt: "You are a test agent.",
  },
  context,
);
const main = await harness.lane("main", context);
const expectOk = (result, what) => {
  if (!result.ok) throw new Error(`${what}: ${JSON.stringify(result.error)}`);
  return result.value;
};
const { fauxAssistantMessage: reply, fauxToolCall: call, fauxText: text } = ai;

// 1. Two tools called in parallel, then the answer.
faux.setResponses([
  reply([text("Listing and reading."), call("ls", { path: "." }), call("read", { path: "README.md" })], {
    stopReason: "toolUse",
  }),
  reply("The project is a CLI."),
]);
expectOk(await main.prompt("What is this project?", undefined, context), "prompt 1");

// 2. A tool whose run recorded usage of its own.
faux.setResponses([
  reply([call("summarise", { path: "README.md" })], { stopReason: "toolUse" }),
  reply("Summarised."),
]);
expectOk(await main.prompt("Summarise the README", undefined, context), "prompt 2");

// 3. An error turn the harness retries, then the answer.
faux.setResponses([
  reply([], { stopReason: "error", errorMessage: "429 Too Many Requests: rate limit exceeded" }),
  reply("Answered on the second try."),
]);
expectOk(await main.prompt("Try again later", undefined, context), "prompt 3");

// 4. The model switched.
await main.setModel({ provider: "faux", modelId: haiku.id }, context);
faux.setResponses([reply("Answered by the smaller model.")]);
expectOk(await main.prompt("Now the small model", undefined, context), "prompt 4");

// 5. A compaction (its summary is a model call).
faux.setResponses([reply("## Summary\nThe user asked about the project; it is a CLI."), reply("ok")]);
const compacted = await main.compact(undefined, context);
const compactionError = compacted.ok ? null : compacted.error;

// 6. Usage the host records itself.
expectOk(
  await main.recordUsage(
    {
      input: 100,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 100,
      cost: { input: 0.0001, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.0001 },
    },
    { details: { reason: "cache warm-up" } },
    context,
  ),
  "recordUsage",
);

// 7. A second lane, from the first answer.
const firstAnswer = (await main.findEntries({ type: "message", order: "oldestFirst" }, context)).find(
  (entry) => entry.message.role === "assistant" && entry.message.stopReason === "stop",
);
const side = await harness.lane("side", { createAt: firstAnswer.id }, context);
faux.setResponses([reply("From the side lane.")]);
expectOk(await side.prompt("A side question", undefined, context), "side prompt");

// 8. Navigation back to the first answer, with a summary of the branch left.
faux.setResponses([reply("## Branch summary\nSummarised, retried, switched model."), reply("ok")]);
const navigated = await main.navigateTree(
  firstAnswer.id,
  { summarize: true, label: "back to the start" },
  context,
);
const navigationError = navigated.ok ? null : navigated.error;
faux.setResponses([reply("Continuing after the jump.")]);
expectOk(await main.prompt("Continue from here", undefined, context), "prompt after navigation");

// 9. A name and labels.
await harness.setName("Harness session", context);
await harness.setLabel(firstAnswer.id, "first answer", context);

const stats = await session.getStats(context);
const lanes = await harness.lanes(context);
const labels = {};
for (const entry of await session.findEntries(undefined, context)) {
  const label = await session.getLabel(entry.id, context);
  if (label !== undefined) labels[entry.id] = label;
}
console.log(
  JSON.stringify({
    file: session.metadata.path,
    core: "0.87.1",
    stats,
    lanes: lanes.map((lane) => ({ name: lane.name, tipId: lane.tipId ?? null })),
    name: await session.getName(context),
    labels,
    compactionError,
    navigationError,
  }),
);
await harness.close(context);
await session.close(context);

import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes, toUsage } from "../src/index.js";
import { addToTotals, emptyTotals } from "../src/usage/totals.js";
import { isUnpriced } from "../src/usage/usage.js";
import { analyzeFixture, branchAt, rounded, totals } from "./helpers/analyze.js";

/** byModel rows as "provider/model" -> rounded totals. */
function byModel(rows: readonly { provider: string | null; model: string | null }[]) {
  return rows.map(({ provider, model, ...rest }) => [`${provider}/${model}`, rounded(rest as never)]);
}

describe("usage-entries.jsonl", () => {
  const analysis = analyzeFixture("usage-entries.jsonl");
  it("counts usage entries of a known and an unknown kind, computing a missing totalTokens", () => {
    // cache_warm: 5000 cache-write tokens, $0.01875; speculative_prefetch: 300 input tokens, $0.000075.
    expect(rounded(analysis.usage.bySource.usageEntry)).toEqual(
      totals({ input: 300, cacheWrite: 5000, totalTokens: 5300, cost: 0.018825, turns: 2 }),
    );
    expect(rounded(analysis.usage.total)).toEqual(
      totals({ input: 400, output: 20, cacheWrite: 5000, totalTokens: 5420, cost: 0.019425, turns: 3 }),
    );
  });
  it("attributes an entry that names no model to the model in use, and one that names its own to that", () => {
    expect(byModel(analysis.usage.byModel)).toEqual([
      [
        "anthropic/claude-sonnet-4-5",
        totals({ input: 100, output: 20, cacheWrite: 5000, totalTokens: 5120, cost: 0.01935, turns: 2 }),
      ],
      ["openai/gpt-5-mini", totals({ input: 300, totalTokens: 300, cost: 0.000075, turns: 1 })],
    ]);
    const warm = analysis.usageItems.find(
      (item) => item.source === "usageEntry" && item.model === "claude-sonnet-4-5",
    );
    expect(warm?.modelAssumed).toBe(true);
  });
  it("sends none of them to the model", () => {
    expect(analysis.activeBranch?.context.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });
});

describe("subagents.jsonl", () => {
  const analysis = analyzeFixture("subagents.jsonl");
  it("counts each sub-agent run once: recorded usage, else its replies, plus a run nested in a child", () => {
    // reviewer: recorded 2000/300/500, $0.0045, 2 turns (its replies say the same: not added again);
    // scout: no usage recorded, its one reply 400/40 at $0 (unpriced); deep (inside scout): 50/5, $0.0001.
    expect(rounded(analysis.usage.bySource.subagent)).toEqual(
      totals({
        input: 2450,
        output: 345,
        cacheRead: 500,
        totalTokens: 3295,
        cost: 0.0046,
        unpricedTokens: 440,
        turns: 4,
      }),
    );
  });
  it("ignores the sub-agent tool's own usage (the same runs) but counts another tool's usage", () => {
    expect(rounded(analysis.usage.bySource.toolResult)).toEqual(
      totals({ input: 700, output: 70, totalTokens: 770, cost: 0.0014, turns: 1 }),
    );
    expect(rounded(analysis.usage.bySource.assistant)).toEqual(
      totals({ input: 2600, output: 160, totalTokens: 2760, cost: 0.017, turns: 3 }),
    );
    expect(rounded(analysis.usage.total)).toEqual(
      totals({
        input: 5750,
        output: 575,
        cacheRead: 500,
        totalTokens: 6825,
        cost: 0.023,
        unpricedTokens: 440,
        turns: 8,
      }),
    );
  });
  it("names each run's model from its replies; a run without one gets the model in use", () => {
    expect(byModel(analysis.usage.byModel)).toEqual([
      [
        "anthropic/claude-opus-4-5",
        totals({ input: 3350, output: 235, totalTokens: 3585, cost: 0.0185, turns: 5 }),
      ],
      [
        "anthropic/claude-haiku-4-5",
        totals({ input: 2000, output: 300, cacheRead: 500, totalTokens: 2800, cost: 0.0045, turns: 2 }),
      ],
      [
        "openai/gpt-5-mini",
        totals({ input: 400, output: 40, totalTokens: 440, unpricedTokens: 440, turns: 1 }),
      ],
    ]);
    const runs = analysis.usageItems.filter((item) => item.source === "subagent");
    expect(runs.map((run) => [run.agent, run.modelAssumed])).toEqual([
      ["reviewer", false],
      ["scout", false],
      ["deep", true],
    ]);
  });
});

describe("response-model-reasoning.jsonl", () => {
  const analysis = analyzeFixture("response-model-reasoning.jsonl");
  it("bills by the model that answered (responseModel), as Pi 1.6's /session does", () => {
    // m4 asked for claude-sonnet-4-5 and was answered by claude-sonnet-4-5-20250929; m2 asked for the
    // :free route and was answered by qwen/qwen3-coder.
    expect(analysis.usage.byModel.map((row) => `${row.provider}/${row.model}`)).toEqual([
      "anthropic/claude-sonnet-4-5-20250929",
      "openrouter/qwen/qwen3-coder",
    ]);
  });
  it("never adds reasoning or cacheWrite1h again; computes m4's missing totalTokens from the four counts", () => {
    // m2: 1000 + 200 = 1200 (reasoning 150 is inside the 200). m4: 10 + 500 + 2000 + 3000 = 5510.
    expect(rounded(analysis.usage.total)).toEqual(
      totals({
        input: 1010,
        output: 700,
        cacheRead: 2000,
        cacheWrite: 3000,
        totalTokens: 6710,
        cost: 0.01938,
        unpricedTokens: 1200,
        turns: 2,
        // Counted beside the others, already inside output and cacheWrite: m2's 150 and m4's 300; m4's 1000.
        reasoning: 450,
        cacheWrite1h: 1000,
      }),
    );
    expect(analysis.activeBranch?.context.tokens).toBe(5510);
  });
  it("keeps reasoning and cacheWrite1h in the canonical usage", () => {
    const m4 = analysis.usageItems[1]?.usage;
    expect([m4?.reasoning, m4?.cacheWrite1h, m4?.totalTokens]).toEqual([300, 1000, 5510]);
  });
});

describe("unpriced.jsonl", () => {
  const analysis = analyzeFixture("unpriced.jsonl");
  it("counts tokens with zero cost as unpriced, never as free; an error turn is a turn with no tokens", () => {
    expect(rounded(analysis.usage.total)).toEqual(
      totals({
        input: 5100,
        output: 310,
        cacheRead: 1000,
        totalTokens: 6410,
        cost: 0.00015,
        unpricedTokens: 6300,
        turns: 3,
      }),
    );
    expect(byModel(analysis.usage.byModel)).toEqual([
      [
        "anthropic/claude-haiku-4-5",
        totals({ input: 100, output: 10, totalTokens: 110, cost: 0.00015, turns: 1 }),
      ],
      [
        "openai-codex/gpt-5.5",
        totals({
          input: 5000,
          output: 300,
          cacheRead: 1000,
          totalTokens: 6300,
          unpricedTokens: 6300,
          turns: 2,
        }),
      ],
    ]);
  });
});

describe("summary-usage.jsonl", () => {
  const analysis = analyzeFixture("summary-usage.jsonl");
  it("counts compaction and branch-summary usage as summaries, on the model in use where they sit", () => {
    expect(rounded(analysis.usage.bySource.summary)).toEqual(
      totals({ input: 3800, output: 500, totalTokens: 4300, cost: 0.017, turns: 2 }),
    );
    expect(byModel(analysis.usage.byModel)).toEqual([
      [
        "anthropic/claude-sonnet-4-5",
        totals({ input: 4100, output: 530, totalTokens: 4630, cost: 0.01835, turns: 4 }),
      ],
      ["openai/gpt-5", totals({ input: 300, output: 30, totalTokens: 330, cost: 0.0006, turns: 1 })],
    ]);
  });
  it("splits the file's usage between the branches, shared entries in both", () => {
    expect(rounded(analysis.usage.total)).toEqual(
      totals({ input: 4400, output: 560, totalTokens: 4960, cost: 0.01895, turns: 5 }),
    );
    expect(rounded(branchAt(analysis, "c10").usage.total)).toEqual(
      totals({ input: 4200, output: 540, totalTokens: 4740, cost: 0.01805, turns: 4 }),
    );
    expect(rounded(branchAt(analysis, "c5").usage.total)).toEqual(
      totals({ input: 3300, output: 430, totalTokens: 3730, cost: 0.01635, turns: 3 }),
    );
  });
});

describe("error-turns.jsonl", () => {
  it("counts error and aborted replies as turns with whatever usage they recorded", () => {
    const analysis = analyzeFixture("error-turns.jsonl");
    expect(rounded(analysis.usage.bySource.assistant)).toEqual(
      totals({ input: 1100, output: 110, cacheRead: 100, totalTokens: 1310, cost: 0.009, turns: 4 }),
    );
  });
});

describe("toUsage", () => {
  it("reads a cost given as a number (sub-agent results) and a cost object without total", () => {
    expect(toUsage({ input: 1, output: 2, cost: 0.5 }).usage.cost.total).toBe(0.5);
    expect(toUsage({ input: 1, cost: { input: 0.25, output: 0.5 } }).usage.cost.total).toBe(0.75);
  });
  it("reports a count that is not a number and reads it as 0", () => {
    const { usage, issue } = toUsage({ input: "12", output: 3 });
    expect(usage.input).toBe(0);
    expect(usage.totalTokens).toBe(3);
    expect(issue).toBe('usage field `input` ("12") is not a count; read as 0');
  });
  it("reads a cost that is text or negative as 0, says it is no amount, and does not call its tokens unpriced", () => {
    const text = toUsage({ input: 10, output: 12, cost: { total: "0.1" } });
    expect(text.usage.cost.total).toBe(0);
    expect(text.issue).toBe('usage field `cost.total` ("0.1") is not an amount; read as 0');
    expect(isUnpriced(text.usage)).toBe(false);
    const both = toUsage({ input: "1", output: 2, cost: -0.5 });
    expect(both.issue).toBe(
      'usage field `input` ("1") is not a count; `cost` (-0.5) is not an amount; read as 0',
    );
    // Summed with a priced reply, the unknown cost's 22 tokens are neither in the cost nor unpriced.
    const totals = addToTotals(
      addToTotals(emptyTotals(), text.usage, 1),
      toUsage({ input: 5, cost: 0.2 }).usage,
      1,
    );
    expect(totals).toMatchObject({ totalTokens: 27, cost: 0.2, unpricedTokens: 0 });
    // A recorded 0 is unpriced, as before.
    expect(isUnpriced(toUsage({ input: 3, cost: { total: 0 } }).usage)).toBe(true);
  });
  it("reads missing usage as zero without complaint", () => {
    expect(toUsage(undefined)).toEqual({ usage: toUsage({}).usage });
  });
});

describe("a sub-agent model named without a provider", () => {
  const lines = [
    { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00Z", cwd: "/w" },
    {
      type: "message",
      id: "a",
      parentId: null,
      timestamp: "2026-01-01T00:00:01Z",
      message: {
        role: "assistant",
        content: [{ type: "toolCall", id: "c", name: "subagent", arguments: {} }],
        provider: "zai",
        model: "glm-5.1",
        usage: {
          input: 100,
          output: 10,
          cacheRead: 0,
          cacheWrite: 0,
          totalTokens: 110,
          cost: { total: 0.01 },
        },
        stopReason: "toolUse",
      },
    },
    {
      type: "message",
      id: "b",
      parentId: "a",
      timestamp: "2026-01-01T00:00:02Z",
      message: {
        role: "toolResult",
        toolCallId: "c",
        toolName: "subagent",
        content: [{ type: "text", text: "done" }],
        details: {
          results: [
            { agent: "bare", model: "glm-5.1", usage: { input: 20, output: 2, cost: 0.002, turns: 1 } },
            {
              agent: "slashed",
              model: "zai/glm-5.1",
              usage: { input: 30, output: 3, cost: 0.003, turns: 1 },
            },
            { agent: "unknown", model: "kimi-k2", usage: { input: 40, output: 4, cost: 0.004, turns: 1 } },
          ],
        },
      },
    },
  ];
  const analysis = analyzeSession(
    parseSessionBytes(Buffer.from(lines.map((line) => JSON.stringify(line)).join("\n")), "q.jsonl"),
  );

  it("is the one provider-qualified model of that name: one zai/glm-5.1 row; an unmatched name stays bare", () => {
    // zai/glm-5.1: the reply's $0.01 + the bare run's $0.002 + the slashed run's $0.003 = $0.015.
    expect(
      analysis.usage.byModel.map((row) => [row.provider, row.model, Math.round(row.cost * 1e6) / 1e6]),
    ).toEqual([
      ["zai", "glm-5.1", 0.015],
      [null, "kimi-k2", 0.004],
    ]);
  });
});

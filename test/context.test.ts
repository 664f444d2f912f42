import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../src/index.js";
import { wordedProblem } from "../src/read/problem-sentence.js";
import { analyzeFixture, branchAt } from "./helpers/analyze.js";

function summary(messages: readonly { role: string; entryId: string | null; edited?: string }[]) {
  return messages.map((m) => `${m.role}:${m.entryId ?? "-"}${m.edited ? `(${m.edited})` : ""}`);
}

describe("context-edits.jsonl", () => {
  const analysis = analyzeFixture("context-edits.jsonl");
  const active = branchAt(analysis, "e13");

  it("applies the latest edit per target on the path: e3 replaced, e4 omitted (after a replace), e7 replaced", () => {
    // Compaction e5 keeps e3.. ; e11 targets e1, outside the kept range, so it does nothing.
    expect(summary(active.context.messages)).toEqual([
      "compactionSummary:-",
      "user:e3(replaced)",
      "user:e6",
      "assistant:e7(replaced)",
      "user:e13",
    ]);
  });

  it("keeps a user replacement a string and turns an assistant's string into one text block", () => {
    const [, e3, , e7] = active.context.messages;
    expect(e3?.message).toMatchObject({ role: "user", content: "secret: [removed]" });
    expect(e7?.message).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: "second answer, shortened" }],
      model: "claude-sonnet-4-5",
      stopReason: "stop",
    });
  });

  it("never changes the stored entries", () => {
    const e3 = analysis.session.entries.find((entry) => entry.id === "e3")?.body;
    expect(e3?.type === "message" && e3.message.role === "user" && e3.message.content).toBe(
      "secret: hunter2",
    );
  });

  it("edits belong to their path: on the f2 branch only f1 (omit e6) applies", () => {
    expect(summary(branchAt(analysis, "f2").context.messages)).toEqual([
      "compactionSummary:-",
      "user:e3",
      "assistant:e4",
      "assistant:e7",
      "user:f2",
    ]);
  });

  it("estimates the whole context, as Pi 1.6 does when a context_edit came after the last reply (e7)", () => {
    // Characters / 4, rounded up, per message: the summary "Asked a first question." 23 -> 6, "secret:
    // [removed]" 17 -> 5, "second question" 15 -> 4, "second answer, shortened" 24 -> 6, "third
    // question" 14 -> 4. e7's recorded 1,270 tokens measured the context before the edits.
    expect(active.context.tokens).toBe(6 + 5 + 4 + 6 + 4);
  });
});

describe("retained-tail.jsonl", () => {
  const active = analyzeFixture("retained-tail.jsonl").activeBranch;
  it("uses the stored tail instead of firstKeptEntryId; its messages belong to no entry", () => {
    expect(summary(active?.context.messages ?? [])).toEqual([
      "compactionSummary:-",
      "user:-",
      "assistant:-",
      "user:r6",
      "assistant:r7",
    ]);
    expect(active?.context.messages.slice(0, 3).map((m) => m.fromEntryId)).toEqual(["r5", "r5", "r5"]);
    expect(active?.context.compactionId).toBe("r5");
  });
  it("an edit aimed at r3, whose copy lives in the tail, changes nothing", () => {
    expect(active?.context.messages[1]?.message).toMatchObject({ role: "user", content: "more" });
  });
});

describe("system-messages.jsonl", () => {
  const analysis = analyzeFixture("system-messages.jsonl");
  it("after a compaction: its systemMessage replaces earlier system messages, later ones stay", () => {
    expect(summary(branchAt(analysis, "s10").context.messages)).toEqual([
      "system:-",
      "compactionSummary:-",
      "user:s5",
      "assistant:s6",
      "user:s8",
      "system:s9",
      "assistant:s10",
    ]);
    expect(branchAt(analysis, "s10").context.messages[0]?.message).toMatchObject({ tools: ["read", "edit"] });
  });
  it("without a compaction every system message on the path is context", () => {
    expect(summary(branchAt(analysis, "t1").context.messages)).toEqual([
      "system:s1",
      "user:s2",
      "assistant:s3",
      "user:t1",
    ]);
  });
});

describe("summary-usage.jsonl", () => {
  const analysis = analyzeFixture("summary-usage.jsonl");
  it("a branch summary on the path is a message; the model comes from the full path", () => {
    const active = branchAt(analysis, "c10");
    expect(summary(active.context.messages)).toEqual([
      "compactionSummary:-",
      "assistant:c2",
      "user:c4",
      "branchSummary:c7",
      "user:c8",
      "assistant:c10",
    ]);
    expect(active.context.model).toEqual({ provider: "openai", modelId: "gpt-5" });
    expect(summary(branchAt(analysis, "c5").context.messages)).toEqual([
      "compactionSummary:-",
      "assistant:c2",
      "user:c4",
      "assistant:c5",
    ]);
    expect(branchAt(analysis, "c5").context.model).toEqual({
      provider: "anthropic",
      modelId: "claude-sonnet-4-5",
    });
  });
});

describe("error-turns.jsonl", () => {
  const active = analyzeFixture("error-turns.jsonl").activeBranch;
  it("keeps error and aborted replies in the context, as Pi does", () => {
    expect(active?.context.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "assistant",
      "user",
      "assistant",
      "assistant",
    ]);
  });
  it("sizes the context from the last reply that is neither an error nor aborted: x5, 600 + 100 + 60", () => {
    expect(active?.context.tokens).toBe(760);
  });
});

describe("unknown-entries.jsonl", () => {
  const analysis = analyzeFixture("unknown-entries.jsonl");
  it("keeps every entry; a message of unknown role is still context, under its stored role", () => {
    expect(analysis.session.entries.map((entry) => entry.body.type)).toEqual([
      "message",
      "other",
      "other",
      "message",
      "message",
    ]);
    expect(analysis.activeBranch?.context.messages.map((m) => m.role)).toEqual([
      "user",
      "critic",
      "assistant",
    ]);
  });
  it("says what it could not read, by line", () => {
    expect(analysis.problems.map(wordedProblem)).toEqual([
      {
        line: 3,
        kind: "note",
        message: 'line 3: unknown entry type "future_thing"; kept and shown as stored',
      },
      {
        line: 4,
        kind: "invalid",
        message:
          "line 4: model_change entry: `provider`: expected string, received number; kept and shown as stored",
      },
      { line: 5, kind: "note", message: 'line 5: unknown message role "critic"; kept and shown as stored' },
    ]);
  });
});

describe("the context size after a compaction (Pi's getContextUsage)", () => {
  const header = { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00Z", cwd: "/w" };
  let minute = 0;
  const at = () => {
    minute += 1;
    return `2026-01-01T00:${String(minute).padStart(2, "0")}:00Z`;
  };
  const user = (id: string, parentId: string | null) => ({
    type: "message",
    id,
    parentId,
    timestamp: at(),
    message: { role: "user", content: "go" },
  });
  const reply = (id: string, parentId: string, input: number, stopReason = "stop") => ({
    type: "message",
    id,
    parentId,
    timestamp: at(),
    message: {
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
      provider: "p",
      model: "m",
      stopReason,
      usage: { input, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: input, cost: { total: 0 } },
    },
  });
  const compaction = (id: string, parentId: string, firstKept: string) => ({
    type: "compaction",
    id,
    parentId,
    timestamp: at(),
    summary: "s",
    firstKeptEntryId: firstKept,
    tokensBefore: 900,
  });
  const tokensAtTip = (...entries: object[]) => {
    const text = [header, ...entries].map((entry) => JSON.stringify(entry)).join("\n");
    return analyzeSession(parseSessionBytes(Buffer.from(text), "t.jsonl")).activeBranch?.context.tokens;
  };
  const before = [user("u1", null), reply("a1", "u1", 900), compaction("c1", "a1", "u1")];

  it("is unknown (null) until a reply after the latest compaction: not the 900 the compaction shrank", () => {
    expect(tokensAtTip(...before, user("u2", "c1"))).toBeNull();
    // An error reply after it says nothing about the context either.
    expect(tokensAtTip(...before, user("u2", "c1"), reply("a2", "u2", 0, "error"))).toBeNull();
  });

  it("is the first usable reply's after it: 120", () => {
    expect(tokensAtTip(...before, user("u2", "c1"), reply("a2", "u2", 120))).toBe(120);
  });

  it("stays unknown when that reply recorded no tokens, as Pi's does", () => {
    expect(tokensAtTip(...before, user("u2", "c1"), reply("a2", "u2", 0))).toBeNull();
  });

  it("without a compaction, a reply that recorded no tokens is passed over: Pi 1.6 estimates the messages", () => {
    // "go" and "ok": 2 characters each, rounded up to a token each.
    expect(tokensAtTip(user("u1", null), reply("a1", "u1", 0))).toBe(1 + 1);
  });

  it("adds Pi's estimate of the messages after the last usable reply: 120 + 1 for a later 'go'", () => {
    expect(tokensAtTip(...before, user("u2", "c1"), reply("a2", "u2", 120), user("u3", "a2"))).toBe(121);
  });
});

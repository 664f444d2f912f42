import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageEntrySchema } from "../src/schema/entry.js";
import { fastMessageEntry } from "../src/schema/fast-message-entry.js";

// Blocks and fields drawn so that the fast path sees both what it must accept and near misses.
const block = fc.oneof(
  fc.record(
    { type: fc.constant("text"), text: fc.oneof(fc.string(), fc.constant(null), fc.integer()) },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    {
      type: fc.constant("thinking"),
      thinking: fc.oneof(fc.string(), fc.constant(null)),
      redacted: fc.oneof(fc.boolean(), fc.constant("yes")),
      thinkingSignature: fc.string(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    {
      type: fc.constant("image"),
      data: fc.oneof(fc.string(), fc.integer()),
      mimeType: fc.oneof(fc.string(), fc.constant(null)),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    {
      type: fc.constant("toolCall"),
      id: fc.oneof(fc.string(), fc.integer()),
      name: fc.oneof(fc.string(), fc.constant(null)),
      arguments: fc.anything(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constantFrom("audio", "other", ""), x: fc.anything() }),
  fc.anything(),
);
const blocks = fc.oneof(
  { arbitrary: fc.array(block, { maxLength: 4 }), weight: 1 },
  {
    arbitrary: fc.array(
      fc.oneof(
        fc.record({ type: fc.constant("text"), text: fc.string() }),
        fc.record({
          type: fc.constant("toolCall"),
          id: fc.string(),
          name: fc.string(),
          arguments: fc.anything(),
        }),
        fc.record({ type: fc.constant("thinking"), thinking: fc.string() }),
        fc.record({ type: fc.constant("image"), data: fc.string(), mimeType: fc.string() }),
      ),
      { maxLength: 4 },
    ),
    weight: 3,
  },
);
// Mostly well-formed, sometimes not: enough of both sides of the check.
const optional = (arbitrary: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary, weight: 12 }, fc.constant(null), fc.integer(), fc.boolean());
const message = fc.record(
  {
    role: fc.constantFrom("user", "assistant", "assistant", "toolResult", "system", "custom"),
    content: fc.oneof({ arbitrary: blocks, weight: 6 }, fc.string(), fc.constant(null), fc.integer()),
    timestamp: optional(fc.integer()),
    api: optional(fc.string()),
    provider: optional(fc.string()),
    model: optional(fc.string()),
    responseModel: optional(fc.string()),
    stopReason: optional(fc.string()),
    errorMessage: optional(fc.string()),
    usage: fc.anything(),
    toolCallId: optional(fc.string()),
    toolName: optional(fc.string()),
    isError: optional(fc.boolean()),
    details: fc.anything(),
    extra: fc.anything(),
  },
  { requiredKeys: ["role"] },
);

describe("the message fast path", () => {
  it("accepts only entries zod parses to themselves, and returns them untouched", () => {
    let accepted = 0;
    fc.assert(
      fc.property(message, (m) => {
        const entry = JSON.parse(
          JSON.stringify({ type: "message", id: "a", parentId: null, message: m }),
        ) as Record<string, unknown>;
        const fast = fastMessageEntry(entry);
        if (fast === undefined) return;
        accepted += 1;
        expect(fast).toBe(entry);
        const parsed = MessageEntrySchema.safeParse(entry);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(entry);
      }),
      { numRuns: 3000, seed: 2026 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("accepts the corpus's ordinary messages", () => {
    const entry = {
      type: "message",
      id: "x",
      parentId: null,
      message: {
        role: "assistant",
        content: [{ type: "text", text: "hi" }],
        model: "m",
        usage: {},
        stopReason: "stop",
      },
    };
    expect(fastMessageEntry(entry)).toBe(entry);
  });
});

import fc from "fast-check";

/** A usage object as Pi stores it on an assistant message. */
export const storedUsage = fc
  .record({
    input: fc.nat(5000),
    output: fc.nat(2000),
    cacheRead: fc.nat(10000),
    cacheWrite: fc.nat(3000),
    cost: fc.integer({ min: 0, max: 1000 }).map((cents) => cents / 10000),
  })
  .map(({ cost, ...counts }) => ({ ...counts, cost: { total: cost } }));

/** The body of one entry: messages of every role, settings, summaries with usage, usage entries. */
export const entryBody = fc.oneof(
  fc.constant({ type: "message", message: { role: "user", content: "question" } }),
  storedUsage.map((usage) => ({
    type: "message",
    message: { role: "assistant", content: [], provider: "p", model: "m", usage, stopReason: "stop" },
  })),
  storedUsage.map((usage) => ({
    type: "message",
    message: { role: "toolResult", toolCallId: "c", toolName: "t", content: [], isError: false, usage },
  })),
  fc.constant({
    type: "message",
    message: { role: "hookMessage", customType: "h", content: "x", display: true },
  }),
  fc.constant({ type: "model_change", provider: "q", modelId: "n" }),
  fc.constant({ type: "thinking_level_change", thinkingLevel: "high" }),
  storedUsage.map((usage) => ({ type: "usage", kind: "cache_warm", usage })),
  storedUsage.map((usage) => ({ type: "branch_summary", fromId: "x", summary: "s", usage })),
  fc.constant({ type: "custom", customType: "ext", data: { n: 1 } }),
);

/** A v3 session's entry objects forming one straight chain (no branches). */
export const linearEntries = fc.array(entryBody, { maxLength: 40 }).map((bodies) =>
  bodies.map((body, index) => ({
    ...body,
    id: `e${index}`,
    parentId: index === 0 ? null : `e${index - 1}`,
  })),
);

/**
 * Entry objects with arbitrary links: parents that exist, are missing, are the entry itself, or form
 * loops; ids drawn from a small pool so some repeat.
 */
export const tangledEntries = fc
  .array(
    fc.record({
      body: entryBody,
      id: fc.oneof(
        fc.nat(30).map((n) => `id${n}`),
        fc.uuid(),
      ),
      parent: fc.oneof(
        fc.constant(null),
        fc.nat(30).map((n) => `id${n}`),
        fc.constant("missing"),
      ),
    }),
    { maxLength: 60 },
  )
  .map((rows) => rows.map(({ body, id, parent }) => ({ ...body, id, parentId: parent })));

/** A v1 session's entry objects: no ids, one chain by file order. */
export const v1Entries = fc
  .array(entryBody, { maxLength: 30 })
  .map((bodies) =>
    bodies.map((body, index) =>
      index > 0 && index % 7 === 0
        ? { type: "compaction", summary: "s", firstKeptEntryIndex: index - 2 }
        : body,
    ),
  );

/** JSON-lines text of a session with a header of the given version and these entry objects. */
export function sessionText(version: number | undefined, entries: readonly object[]): string {
  const header = version === undefined ? { type: "session", id: "p" } : { type: "session", version, id: "p" };
  return [header, ...entries].map((value) => JSON.stringify(value)).join("\n");
}

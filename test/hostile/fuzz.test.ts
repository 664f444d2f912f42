/**
 * Fuzzing: damaged and random input never crashes, hangs or leaks a stack trace. The result is a report
 * (with problems listed) or a SessionReadError (one clear line, exit code 2). Seeded: a failure names the
 * file, mutation and seed that replay it.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeSession, buildJsonReport, parseSessionBytes, SessionReadError } from "../../src/index.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { MUTATIONS, mutate } from "../helpers/mutate.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

/** Everything a report needs, end to end; SessionReadError is the one accepted way to fail. */
async function reportOrRefuse(bytes: Buffer): Promise<"report" | "refused"> {
  let raw: ReturnType<typeof parseSessionBytes>;
  try {
    raw = parseSessionBytes(bytes, "fuzz.jsonl");
  } catch (error) {
    if (error instanceof SessionReadError) {
      expect(error.message).not.toContain("\n");
      return "refused";
    }
    throw error;
  }
  const analysis = analyzeSession(raw);
  JSON.stringify(buildJsonReport(analysis));
  const html = await renderHtml(analysis, { sourcePath: "fuzz.jsonl" });
  expect(html).toContain("</html>");
  return "report";
}

const FILES = [
  `${CORPUS}real/agentsview__session.jsonl`,
  `${CORPUS}real/getspecstory__real_world.jsonl`,
  `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
  `${FIXTURES}sessions/every-tool.jsonl`,
  `${FIXTURES}sessions/subagents.jsonl`,
  `${CORPUS}real/pi-mono__session.jsonl`,
];

describe("mutations of real and fixture files", () => {
  for (const file of FILES) {
    const bytes = readFileSync(file);
    const name = file.split("/").pop();
    // Large files get fewer rounds to keep CI bounded.
    const rounds = bytes.length > 100_000 ? 2 : 8;
    for (const mutation of MUTATIONS) {
      it(`${name}: ${mutation} x${rounds}`, async () => {
        for (let seed = 1; seed <= rounds; seed += 1) {
          const outcome = await reportOrRefuse(mutate(bytes, mutation, seed * 7919)).catch(
            (error: unknown) => {
              throw new Error(`${name} ${mutation} seed ${seed * 7919}: ${String(error)}`);
            },
          );
          expect(["report", "refused"]).toContain(outcome);
        }
      });
    }
  }
});

describe("random input after a valid header", () => {
  const header = '{"type":"session","version":3,"id":"fuzz"}\n';
  it("arbitrary JSON values and text as lines", async () => {
    const line = fc.oneof(
      fc.json(),
      fc.string(),
      fc.record({
        type: fc.constantFrom(
          "message",
          "compaction",
          "label",
          "context_edit",
          "branch_summary",
          "usage",
          "custom_message",
        ),
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        parentId: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)),
        message: fc.anything(),
        summary: fc.anything(),
        targetId: fc.anything(),
        replacement: fc.anything(),
        usage: fc.anything(),
        content: fc.anything(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 12 }), async (lines) => {
        const text =
          header +
          lines.map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join("\n");
        expect(await reportOrRefuse(Buffer.from(text))).toBe("report");
      }),
      { numRuns: 150, seed: 42 },
    );
  });

  it("messages of every role with arbitrary fields", async () => {
    const role = fc.constantFrom(
      "user",
      "assistant",
      "toolResult",
      "bashExecution",
      "custom",
      "system",
      "hookMessage",
      "x",
    );
    const message = fc.record({
      role,
      content: fc.oneof(
        fc.string(),
        fc.array(
          fc.record({
            type: fc.constantFrom("text", "image", "thinking", "toolCall", "?"),
            text: fc.anything(),
            data: fc.anything(),
            name: fc.anything(),
            id: fc.anything(),
            arguments: fc.anything(),
          }),
        ),
      ),
      usage: fc.anything(),
      toolCallId: fc.anything(),
      details: fc.anything(),
      command: fc.anything(),
      sections: fc.anything(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(message, { maxLength: 8 }), async (messages) => {
        const lines = messages.map((m, index) =>
          JSON.stringify({
            type: "message",
            id: `m${index}`,
            parentId: index === 0 ? null : `m${index - 1}`,
            message: m,
          }),
        );
        expect(await reportOrRefuse(Buffer.from(header + lines.join("\n")))).toBe("report");
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});

// Every field a session carries text in (issue 31: user text, assistant text, thinking, tool arguments,
// tool results, bash output, details, labels, names, compaction summaries, …), and the ways a line is
// embedded in one: as it is, in prose, JSON-escaped inside printed JSON, in a code fence.
import fc from "fast-check";
import { parseSessionBytes } from "../../../src/read/parse-session-text.js";
import type { RawSession } from "../../../src/read/raw-session.js";
import { entryChain } from "../../helpers/entry-chain.js";

/** Puts `text` into one field of an entry body. */
type Field = (text: string) => object;

const reply = (content: object[]) => ({
  type: "message",
  message: {
    role: "assistant",
    content,
    provider: "p",
    model: "m",
    usage: { input: 1, output: 1 },
    stopReason: "stop",
  },
});
const result = (content: string, details?: object) => ({
  type: "message",
  message: {
    role: "toolResult",
    toolCallId: "c1",
    toolName: "bash",
    content: [{ type: "text", text: content }],
    ...(details === undefined ? {} : { details }),
    isError: false,
  },
});

export const FIELDS: Readonly<Record<string, Field>> = {
  "user text": (text) => ({ type: "message", message: { role: "user", content: text } }),
  "user text block": (text) => ({
    type: "message",
    message: { role: "user", content: [{ type: "text", text }] },
  }),
  "assistant text": (text) => reply([{ type: "text", text }]),
  thinking: (text) => reply([{ type: "thinking", thinking: text }]),
  "tool arguments": (text) =>
    reply([{ type: "toolCall", id: "c1", name: "bash", arguments: { command: text } }]),
  "nested tool arguments": (text) =>
    reply([
      { type: "toolCall", id: "c1", name: "http", arguments: { request: { headers: [text], id: "r1" } } },
    ]),
  "tool result": (text) => result(text),
  details: (text) => result("done", { stdout: text, exitCode: 0 }),
  "bash output": (text) => ({
    type: "message",
    message: {
      role: "bashExecution",
      command: "cat cfg",
      output: text,
      exitCode: 0,
      cancelled: false,
      truncated: false,
    },
  }),
  "bash command": (text) => ({
    type: "message",
    message: {
      role: "bashExecution",
      command: text,
      output: "",
      exitCode: 0,
      cancelled: false,
      truncated: false,
    },
  }),
  label: (text) => ({ type: "label", targetId: "e1", label: text }),
  "session name": (text) => ({ type: "session_info", name: text }),
  "compaction summary": (text) => ({
    type: "compaction",
    summary: text,
    tokensBefore: 10,
    firstKeptEntryId: "e1",
  }),
  "branch summary": (text) => ({ type: "branch_summary", fromId: "e1", summary: text }),
  "custom message": (text) => ({ type: "custom_message", customType: "note", content: text, display: true }),
  "extension data": (text) => ({ type: "custom", customType: "vault", data: { cached: text } }),
};

/** How a line sits in its field. `wrap` builds the field's text; `shown` is how a piece of the line reads there. */
export interface Embedding {
  wrap(line: string): string;
  shown(piece: string): string;
}

const asIs = (piece: string) => piece;
const escaped = (piece: string) => JSON.stringify(piece).slice(1, -1);

export const EMBEDDINGS: Readonly<Record<string, (prose: string) => Embedding>> = {
  alone: () => ({ wrap: asIs, shown: asIs }),
  "in prose": (prose) => ({ wrap: (line) => `${prose}\n${line}\n${prose}`, shown: asIs }),
  "code fence": () => ({ wrap: (line) => `Run this:\n\n\`\`\`sh\n${line}\n\`\`\`\n`, shown: asIs }),
  "json-escaped": () => ({ wrap: (line) => `{"stdout": "${escaped(line)}", "code": 0}`, shown: escaped }),
};

/** A field, an embedding and prose to go around a line. */
export const placement = fc.record({
  field: fc.constantFrom(...Object.keys(FIELDS)),
  embedding: fc.constantFrom(...Object.keys(EMBEDDINGS)),
  prose: fc.lorem({ maxCount: 8 }),
});

export type Placement = typeof placement extends fc.Arbitrary<infer T> ? T : never;

/** A session holding each text in its field, one entry each (entry i + 1 holds text i), after a user prompt. */
export function sessionHolding(items: readonly { field: string; text: string }[]): RawSession {
  const { entries, add, message } = entryChain();
  message({ role: "user", content: "go" });
  for (const { field, text } of items) add((FIELDS[field] as Field)(text));
  const header = {
    type: "session",
    version: 3,
    id: "shapes",
    timestamp: "2025-06-01T10:00:00.000Z",
    cwd: "/srv/app",
  };
  const lines = [header, ...entries].map((value) => JSON.stringify(value)).join("\n");
  return parseSessionBytes(new TextEncoder().encode(lines), "shapes.jsonl");
}

/** Every string of a value (keys excluded). */
export function stringsOf(value: unknown): string[] {
  const found: string[] = [];
  const walk = (item: unknown): void => {
    if (typeof item === "string") found.push(item);
    else if (Array.isArray(item)) for (const inner of item) walk(inner);
    else if (typeof item === "object" && item !== null) for (const inner of Object.values(item)) walk(inner);
  };
  walk(value);
  return found;
}

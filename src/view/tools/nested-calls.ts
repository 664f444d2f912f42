import * as z from "zod/mini";
import type { NestedCallStatus, NestedCallsView, ToolView } from "../entry-view.js";
import { formatDuration } from "../format.js";
import type { PresentMessages } from "./present-messages.js";
import { presentToolBody } from "./present-tool.js";

/** One record of Pi 1.x's `nestedCalls` (message-types.md: `NestedToolCallRecord`); loose, as stored. */
const NestedCallRecordSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.string(),
  arguments: z.optional(z.unknown()),
  argumentsBytes: z.optional(z.number()),
  status: z.optional(z.string()),
  durationMs: z.optional(z.number()),
  error: z.optional(z.string()),
});

const NestedCallsSchema = z.looseObject({
  calls: z.array(z.unknown()),
  complete: z.optional(z.boolean()),
});

/**
 * The tool calls a tool made while it ran (a codemode script's `tools.bash(...)`, an MCP tool's own calls),
 * from its result's `nestedCalls`, each as a call of its own: bash with its command, edit with its diff
 * computed from the call. Pi records no output for them (the output went to the script), only whether
 * each call succeeded, so an `ok` call has an empty result and an `unfinished` one none. A record that
 * is not a call (no name) is counted, not shown: `unreadable`.
 */
export function nestedCallsView(
  value: unknown,
  present: PresentMessages,
  depth: number,
): NestedCallsView | null {
  const parsed = NestedCallsSchema.safeParse(value);
  if (!parsed.success) return null;
  const calls: ToolView[] = [];
  let unreadable = 0;
  for (const raw of parsed.data.calls) {
    const record = NestedCallRecordSchema.safeParse(raw);
    if (record.success) calls.push(nestedCall(record.data, present, depth));
    else unreadable += 1;
  }
  return { calls, complete: parsed.data.complete !== false, unreadable };
}

function nestedCall(
  record: z.infer<typeof NestedCallRecordSchema>,
  present: PresentMessages,
  depth: number,
): ToolView {
  const status = record.status === "ok" || record.status === "error" ? record.status : "unfinished";
  const result =
    status === "unfinished"
      ? null
      : {
          anchor: null,
          isError: status === "error",
          text: record.error ?? "",
          images: [],
          details: undefined,
          usage: null,
          nestedCalls: null,
        };
  // Arguments over Pi's size limits are left out of the record; only their size is kept.
  const args = record.arguments;
  return {
    name: record.name,
    callId: record.id ?? null,
    args,
    called: true,
    result,
    // Without its arguments a call is shown by name and status alone (an empty path would say more than Pi knows).
    body:
      args === undefined ? { kind: "generic" } : presentToolBody(record.name, args, result, present, depth),
    nested: {
      status,
      durationMs: record.durationMs ?? null,
      argumentsRecorded: args !== undefined,
      argumentsBytes: record.argumentsBytes ?? null,
    },
  };
}

/** A nested call's time: milliseconds under a second (Pi records them to the millisecond), else 4s, 2m 05s. */
export function nestedDuration(status: NestedCallStatus): string | null {
  const ms = status.durationMs;
  if (ms === null) return null;
  return ms < 1000 ? `${Math.round(ms)} ms` : formatDuration(ms);
}

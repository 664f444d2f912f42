import type { EntryBody } from "../schema/entry.js";
import { toUsage } from "../usage/to-usage.js";
import { modelKey } from "../usage/virtual-models.js";
import { textOf } from "./content-view.js";
import type { EntryContent } from "./entry-view.js";
import { type MessageContext, presentMessage } from "./present-message.js";
import { asObject } from "./tools/args.js";
import { turnUsage, usageView } from "./turn-usage.js";

type Presenter<T extends EntryBody["type"]> = (
  body: Extract<EntryBody, { type: T }>,
  context: MessageContext,
) => EntryContent;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * Entry type -> what its card shows: one explicit table, so a new type is one line here and one
 * partial. Types not in the table never reach it: the schema turns them into `other` entries.
 */
const PRESENTERS: { [T in EntryBody["type"]]: Presenter<T> } = {
  message: (body, context) => ({ type: "message", message: presentMessage(body.message, context) }),
  model_change: (body, context) => ({
    type: "model_change",
    provider: body.provider,
    modelId: body.modelId,
    virtual: context.virtualModels?.has(modelKey(body.provider, body.modelId)) === true,
  }),
  thinking_level_change: (body) => ({ type: "thinking_level_change", thinkingLevel: body.thinkingLevel }),
  compaction: (body) => {
    const details = asObject(body.details) ?? {};
    return {
      type: "compaction",
      summary: body.summary,
      tokensBefore: body.tokensBefore ?? null,
      readFiles: stringList(details.readFiles),
      modifiedFiles: stringList(details.modifiedFiles),
      firstKeptEntryId: body.firstKeptEntryId ?? null,
      retainedMessages: body.retainedTail?.length ?? 0,
      usage: turnUsage(body.usage),
      fromHook: body.fromHook === true,
    };
  },
  branch_summary: (body) => ({
    type: "branch_summary",
    summary: body.summary,
    fromId: body.fromId ?? null,
    usage: turnUsage(body.usage),
  }),
  context_edit: (body) => ({
    type: "context_edit",
    targetId: body.targetId,
    replacement: body.replacement === null ? null : textOf(body.replacement.content),
  }),
  usage: (body) => ({
    type: "usage",
    kind: body.kind ?? "(no kind)",
    provider: body.provider ?? null,
    model: body.model ?? null,
    usage: usageView(toUsage(body.usage).usage),
  }),
  custom: (body) => ({ type: "custom", customType: body.customType ?? null, data: body.data }),
  custom_message: (body, context) => {
    const message = presentMessage(
      {
        role: "custom",
        customType: body.customType,
        content: body.content,
        display: body.display,
        details: body.details,
      },
      context,
    );
    return { type: "custom_message", message: message as Extract<typeof message, { role: "custom" }> };
  },
  label: (body) => ({ type: "label", targetId: body.targetId, label: body.label || null }),
  session_info: (body) => ({ type: "session_info", name: body.name?.trim() || null }),
  other: (body) => ({
    type: "other",
    storedType: typeof body.storedType === "string" ? body.storedType : "(none)",
    reason: body.reason,
    value: body.value,
  }),
};

/** What an entry's card shows. */
export function presentEntry(body: EntryBody, context: MessageContext): EntryContent {
  return (PRESENTERS[body.type] as Presenter<typeof body.type>)(body as never, context);
}

import type { ContextStatus, EntryContent, EntryView, TurnUsageView } from "../../view/entry-view.js";
import { formatTime } from "../../view/format.js";
import { type HtmlContext, jsonSlot, markdownSlot } from "./html-context.js";
import { messageToHtml } from "./message-to-html.js";
import type { HtmlEntry, HtmlEntryBody, HtmlNote, Link, Note } from "./template-data.js";
import { entryHover } from "./turn-chrome.js";

function note<P extends HtmlNote["partial"], F>(partial: P, kind: string, fields: F): Note<P, F> {
  return { partial, kind, tools: [], error: false, ...fields };
}

function usageField(usage: TurnUsageView | null): TurnUsageView | null {
  return usage !== null && usage.totalTokens === 0 && usage.cost === 0 ? null : usage;
}

/** Entry type -> template data (messages go through the role table in message-to-html.ts). */
function contentToHtml(content: EntryContent, context: HtmlContext): HtmlEntryBody {
  const link = (id: string | null): Link => (id === null ? null : { id, anchor: context.anchorOf(id) });
  switch (content.type) {
    case "message":
      return messageToHtml(content.message, context);
    case "custom_message":
      return messageToHtml(content.message, context);
    case "model_change":
      return note("entry-model-change", "setting", {
        provider: content.provider,
        modelId: content.modelId,
        virtual: content.virtual,
      });
    case "thinking_level_change":
      return note("entry-thinking-level", "setting", { level: content.thinkingLevel });
    case "compaction":
      return note("entry-compaction", "compaction", {
        summary: markdownSlot(context, content.summary),
        tokensBefore: content.tokensBefore,
        readFiles: content.readFiles,
        modifiedFiles: content.modifiedFiles,
        firstKept: link(content.firstKeptEntryId),
        retainedMessages: content.retainedMessages,
        usage: usageField(content.usage),
        fromHook: content.fromHook,
      });
    case "branch_summary":
      return note("entry-branch-summary", "summary", {
        summary: markdownSlot(context, content.summary),
        from: content.fromId === "root" ? null : link(content.fromId),
        usage: usageField(content.usage),
      });
    case "context_edit":
      return note("entry-context-edit", "setting", {
        target: link(content.targetId),
        replacement: content.replacement === null ? null : markdownSlot(context, content.replacement),
      });
    case "usage":
      return note("entry-usage", "usage", {
        usageKind: content.kind,
        model:
          content.model === null
            ? null
            : `${content.provider === null ? "" : `${content.provider}/`}${content.model}`,
        usage: content.usage,
      });
    case "custom":
      return note("entry-custom", "custom", {
        customType: content.customType,
        data: jsonSlot(context, content.data ?? null, "tool-output"),
      });
    case "label":
      return note("entry-label", "label", { target: link(content.targetId), label: content.label });
    case "session_info":
      return note("entry-session-info", "setting", { name: content.name });
    case "other":
      return note("entry-other", "other", {
        storedType: content.storedType,
        reason: content.reason,
        json: jsonSlot(context, content.value, "tool-output"),
      });
  }
}

const TITLES: Record<HtmlEntryBody["partial"], string> = {
  "message-user": "User",
  "message-assistant": "Assistant",
  "message-tool-result": "Tool result",
  "message-bash": "! command",
  "message-custom": "Extension message",
  "message-system": "System prompt",
  "message-other": "Message",
  "entry-model-change": "Model",
  "entry-thinking-level": "Thinking level",
  "entry-compaction": "Compaction",
  "entry-branch-summary": "Branch summary",
  "entry-context-edit": "Context edit",
  "entry-usage": "Usage",
  "entry-custom": "Extension state",
  "entry-label": "Label",
  "entry-session-info": "Session name",
  "entry-other": "Unknown entry",
};

const STATUS_TEXT: Record<ContextStatus["kind"], string> = {
  summarised: "Summarised by a later compaction: the model no longer saw this at the end.",
  omitted: "Removed from the model's context by a context edit.",
  replaced: "The model saw a replacement instead (below), set by a context edit.",
  excluded: "Run with !!: never sent to the model.",
  superseded: "Replaced by a compaction's system prompt checkpoint.",
};

/** One transcript entry as template data. */
export function entryToHtml(entry: EntryView, context: HtmlContext): HtmlEntry {
  const body = contentToHtml(entry.content, context);
  const status = entry.contextStatus;
  const time = formatTime(entry.timestamp);
  return {
    anchor: entry.anchor,
    id: entry.id,
    line: entry.line,
    time,
    labels: entry.labels,
    status:
      status === null
        ? null
        : {
            kind: status.kind,
            text: STATUS_TEXT[status.kind],
            shown: status.kind !== "summarised",
            byAnchor: "byId" in status ? context.anchorOf(status.byId) : null,
            replacement:
              status.kind === "replaced"
                ? typeof status.replacement === "string"
                  ? markdownSlot(context, status.replacement)
                  : markdownSlot(
                      context,
                      status.replacement.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n\n"),
                    )
                : null,
          },
    title:
      body.partial === "message-custom" && entry.content.type === "message"
        ? "Extension message (custom role)"
        : TITLES[body.partial],
    head: true,
    cont: false,
    repeat: false,
    hover: entryHover(
      entry.line,
      time,
      body.partial === "message-assistant" ? body.usage : null,
      status === null ? null : STATUS_TEXT[status.kind],
    ),
    turn: null,
    body,
  };
}

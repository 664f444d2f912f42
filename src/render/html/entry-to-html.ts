import type { ContextStatus, EntryContent, EntryView, TurnUsageView } from "../../view/entry-view.js";
import { formatTime } from "../../view/format.js";
import { type HtmlContext, jsonSlot, markdownSlot, type Slot } from "./html-context.js";
import { type HtmlBodyBase, type HtmlMessage, messageToHtml } from "./message-to-html.js";
import { entryHover, type HtmlTurn } from "./turn-chrome.js";

type Link = { id: string; anchor: string | null } | null;
type Note<P extends string, F> = HtmlBodyBase<P> & F;

/** An entry that is no message, as template data: one shape per partial. */
export type HtmlNote =
  | Note<"entry-model-change", { provider: string; modelId: string; virtual: boolean }>
  | Note<"entry-thinking-level", { level: string }>
  | Note<
      "entry-compaction",
      {
        summary: Slot;
        tokensBefore: number | null;
        readFiles: string[];
        modifiedFiles: string[];
        firstKept: Link;
        retainedMessages: number;
        usage: TurnUsageView | null;
        fromHook: boolean;
      }
    >
  | Note<"entry-branch-summary", { summary: Slot; from: Link; usage: TurnUsageView | null }>
  | Note<"entry-context-edit", { target: Link; replacement: Slot | null }>
  | Note<"entry-usage", { usageKind: string; model: string | null; usage: TurnUsageView }>
  | Note<"entry-custom", { customType: string | null; data: Slot }>
  | Note<"entry-label", { target: Link; label: string | null }>
  | Note<"entry-session-info", { name: string | null }>
  | Note<"entry-other", { storedType: string; reason: string; json: Slot }>;

/** What an entry's card holds, for its partial. */
export type HtmlEntryBody = HtmlMessage | HtmlNote;

/** An entry's template data: the card chrome, and `body` for its partial. */
export interface HtmlEntry {
  anchor: string;
  id: string;
  line: number;
  time: string | null;
  labels: string[];
  status: {
    kind: ContextStatus["kind"];
    text: string;
    /** A status line on the card; a summarised entry has only its edge, and the compaction its divider. */
    shown: boolean;
    byAnchor: string | null;
    replacement: Slot | null;
  } | null;
  /** Short name of what the entry is, shown in its head. */
  title: string;
  /** Show the head line; false for the agent's entries that follow a prompt (turn-chrome.ts). */
  head: boolean;
  /** Continues the card above: the same turn's agent work. */
  cont: boolean;
  /** A failure the entry before already shows, counted there: not shown again. */
  repeat: boolean;
  /** What the entry's link shows on hover: its line, time, tokens and cost, context status. */
  hover: string;
  /** On a prompt: what was done for it, on its head line. */
  turn: HtmlTurn | null;
  body: HtmlEntryBody;
}

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

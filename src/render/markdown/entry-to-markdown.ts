import type { PhrasingContent, RootContent } from "mdast";
import type { ContextStatus, EntryContent, EntryView } from "../../view/entry-view.js";
import { formatTime, formatTokens } from "../../view/format.js";
import { jsonText, type MarkdownContext, plural } from "./markdown-context.js";
import {
  blockquote,
  code,
  codeBlock,
  details,
  emphasis,
  heading,
  list,
  paragraph,
  stringify,
  stringifyEach,
  strong,
  text,
} from "./mdast.js";
import { type MarkdownMessage, messageToMarkdown } from "./message-to-markdown.js";
import { usageBadge, worthABadge } from "./usage-table.js";

/** One transcript entry as finished Markdown blocks, for the `entry` partial to place. */
export interface MarkdownEntry {
  heading: string;
  /** Why the model no longer saw it at the end, when it did not. */
  status: string | null;
  body: string;
}

const idRef = (id: string | null): PhrasingContent[] => (id === null ? [] : [code(id)]);

function fileList(title: string, files: string[]): RootContent[] {
  if (files.length === 0) return [];
  return details(`${title} (${files.length})`, [
    list(
      false,
      files.map((file) => [code(file)]),
    ),
  ]);
}

type EntryType = EntryContent["type"];
type EntryHandler<T extends EntryType> = (
  content: Extract<EntryContent, { type: T }>,
  context: MarkdownContext,
) => MarkdownMessage;

const line = (...children: PhrasingContent[]) => [paragraph(...children)];

function compactionToMarkdown(
  content: Extract<EntryContent, { type: "compaction" }>,
  context: MarkdownContext,
): MarkdownMessage {
  const facts: PhrasingContent[][] = [];
  if (content.tokensBefore)
    facts.push([text(`Summarised ${formatTokens(content.tokensBefore)} tokens of context.`)]);
  if (content.firstKeptEntryId !== null)
    facts.push([text("Kept entries from "), code(content.firstKeptEntryId), text(" on.")]);
  if (content.retainedMessages > 0) {
    facts.push([text(`Kept ${plural(content.retainedMessages, "message", "messages")} verbatim.`)]);
  }
  if (content.fromHook) facts.push([text("Written by an extension.")]);
  const meta = worthABadge(content.usage) ? [[text(usageBadge(content.usage))]] : [];
  return {
    title: "Compaction",
    meta,
    blocks: [
      ...(facts.length > 0
        ? [paragraph(...facts.flatMap((fact, at) => (at === 0 ? fact : [text(" "), ...fact])))]
        : []),
      ...context.session(content.summary),
      ...fileList("Files read", content.readFiles),
      ...fileList("Files modified", content.modifiedFiles),
    ],
  };
}

/**
 * Entry type -> what it shows (messages go through the role table in message-to-markdown.ts). Every
 * type of EntryContent has a row; a new type fails to compile.
 */
const ENTRY_HANDLERS: { [T in EntryType]: EntryHandler<T> } = {
  message: (content, context) => messageToMarkdown(content.message, context),
  custom_message: (content, context) => messageToMarkdown(content.message, context),
  model_change: (content) => ({
    title: "Model",
    meta: [],
    blocks: line(
      text("Model set to "),
      code(`${content.provider}/${content.modelId}`),
      ...(content.virtual
        ? [
            text(
              " (a virtual model: a router that picks a model for each request; each reply names the model it picked)",
            ),
          ]
        : []),
    ),
  }),
  thinking_level_change: (content) => ({
    title: "Thinking level",
    meta: [],
    blocks: line(text("Thinking level set to "), code(content.thinkingLevel)),
  }),
  compaction: compactionToMarkdown,
  branch_summary: (content, context) => {
    const from =
      content.fromId === null || content.fromId === "root" ? [] : [text(" at "), code(content.fromId)];
    return {
      title: "Branch summary",
      meta: worthABadge(content.usage) ? [[text(usageBadge(content.usage))]] : [],
      blocks: [
        paragraph(text("Summary of a branch left"), ...from, text(".")),
        ...context.session(content.summary),
      ],
    };
  },
  context_edit: (content, context) => ({
    title: "Context edit",
    meta: [],
    blocks: [
      paragraph(
        text(content.replacement === null ? "Removes " : "Replaces "),
        code(content.targetId),
        text(" in what the model sees from here on."),
      ),
      ...(content.replacement === null ? [] : context.session(content.replacement)),
    ],
  }),
  usage: (content) => {
    const model =
      content.model === null
        ? []
        : [text(" on "), code(`${content.provider === null ? "" : `${content.provider}/`}${content.model}`)];
    return {
      title: "Usage",
      meta: [[text(usageBadge(content.usage))]],
      blocks: line(text("Model work outside the conversation: "), code(content.kind), ...model),
    };
  },
  custom: (content) => ({
    title: "Extension state",
    meta: content.customType === null ? [] : [[code(content.customType)]],
    blocks: details("Extension state (never sent to the model)", [
      codeBlock(jsonText(content.data ?? null), "json"),
    ]),
  }),
  label: (content) => ({
    title: "Label",
    meta: [],
    blocks:
      content.label === null
        ? line(text("Label cleared on "), code(content.targetId))
        : line(text("Label "), code(content.label), text(" set on "), code(content.targetId)),
  }),
  session_info: (content) => ({
    title: "Session name",
    meta: [],
    blocks:
      content.name === null
        ? line(text("Session name cleared"))
        : line(text("Session named "), strong(text(content.name))),
  }),
  other: (content) => ({
    title: "Unknown entry",
    meta: [],
    blocks: [
      paragraph(
        text("An entry of type "),
        code(content.storedType),
        text(` this tool does not know how to show (${content.reason}), as stored:`),
      ),
      codeBlock(jsonText(content.value), "json"),
    ],
  }),
};

function contentToMarkdown(content: EntryContent, context: MarkdownContext): MarkdownMessage {
  return (ENTRY_HANDLERS[content.type] as EntryHandler<EntryType>)(content as never, context);
}

const STATUS_TEXT: Readonly<Record<ContextStatus["kind"], string>> = {
  summarised: "Summarised by a later compaction: the model no longer saw this at the end.",
  omitted: "Removed from the model's context by a context edit.",
  replaced: "The model saw a replacement instead (below), set by a context edit.",
  excluded: "Run with !!: never sent to the model.",
  superseded: "Replaced by a compaction's system prompt checkpoint.",
};

function statusToMarkdown(status: ContextStatus, context: MarkdownContext): RootContent[] {
  const by = "byId" in status ? [text(" See "), ...idRef(status.byId), text(".")] : [];
  const blocks: RootContent[] = [
    paragraph(strong(text("Not in context at the end:")), text(` ${STATUS_TEXT[status.kind]}`), ...by),
  ];
  if (status.kind === "replaced") {
    const replacement =
      typeof status.replacement === "string"
        ? status.replacement
        : status.replacement.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n\n");
    blocks.push(paragraph(emphasis(text("What the model saw instead:"))), ...context.session(replacement));
  }
  return [blockquote(...blocks)];
}

/**
 * Facts joined by " · ", with adjacent texts as one text node (the facts' texts are the tool's own words,
 * numbers and times): the serializer's work is per node, and such a line is under every entry.
 */
export function factsLine(facts: PhrasingContent[][]): PhrasingContent[] {
  const line: PhrasingContent[] = [];
  for (const node of facts.flatMap((fact, at) => (at === 0 ? fact : [text(" · "), ...fact]))) {
    const last = line.at(-1);
    if (node.type === "text" && last?.type === "text") line[line.length - 1] = text(last.value + node.value);
    else line.push(node);
  }
  return line;
}

/** An entry as `entryToMarkdown` gives it, its body's blocks not yet serialized. */
interface EntryBlocks {
  heading: string;
  status: string | null;
  body: RootContent[];
}

/** One transcript entry: a heading (its kind and labels), the context note, a line of facts, its blocks. */
function entryBlocks(entry: EntryView, context: MarkdownContext): EntryBlocks {
  const shown = contentToMarkdown(entry.content, context);
  const title =
    entry.content.type === "message" && entry.content.message.role === "custom"
      ? "Extension message (custom role)"
      : shown.title;
  const labels = entry.labels.flatMap((label) => [text(" · label "), code(label)]);
  const facts: PhrasingContent[][] = [...shown.meta];
  const time = formatTime(entry.timestamp);
  if (time !== null) facts.push([text(time)]);
  facts.push([text(`line ${entry.line}, id `), code(entry.id)]);
  const meta = factsLine(facts);
  return {
    heading: context.stringifyOnce([heading(3, text(title), ...labels)]),
    status:
      entry.contextStatus === null
        ? null
        : context.stringifyOnce(statusToMarkdown(entry.contextStatus, context)),
    body: [paragraph(emphasis(...meta)), ...shown.blocks],
  };
}

/** One transcript entry as finished Markdown. */
export function entryToMarkdown(entry: EntryView, context: MarkdownContext): MarkdownEntry {
  const { body, ...rest } = entryBlocks(entry, context);
  return { ...rest, body: stringify(body) };
}

/**
 * Entries serialized together this many at a time: the serializer's set-up is paid once for them all,
 * while the trees of a batch are all that is held at once.
 */
const BATCH = 64;

/** `entryToMarkdown` of each entry, in order (images are placed in that order), serialized in batches. */
export function entriesToMarkdown(entries: readonly EntryView[], context: MarkdownContext): MarkdownEntry[] {
  const rendered: MarkdownEntry[] = [];
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = entries.slice(start, start + BATCH).map((entry) => entryBlocks(entry, context));
    const bodies = stringifyEach(batch.map((entry) => entry.body));
    batch.forEach(({ heading, status }, at) => {
      rendered.push({ heading, status, body: bodies[at] as string });
    });
  }
  return rendered;
}

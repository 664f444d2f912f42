import { TOOL_VERSION } from "../../version.js";
import type { EntryView, TranscriptNode } from "../../view/entry-view.js";
import type { ReportView } from "../../view/report-view.js";
import { markdownContext } from "./entry-context.js";
import { readingOrder } from "./entry-share.js";
import { entriesToMarkdown, entryToMarkdown, type MarkdownEntry } from "./entry-to-markdown.js";
import type { MarkdownImages } from "./images.js";
import type { MarkdownContext } from "./markdown-context.js";
import { code, emphasis, paragraph, stringify, text } from "./mdast.js";
import {
  branchesBlock,
  factsList,
  foldSummaryText,
  problemsBlock,
  titleHeading,
} from "./overview-markdown.js";
import { promptsTable } from "./prompts-table.js";
import { totalsTable } from "./usage-table.js";

/** A transcript node for the `transcript` partial: an entry, or a folded branch holding nodes. */
export type TemplateNode = { entry: MarkdownEntry } | { fold: { summary: string; nodes: TemplateNode[] } };

/** What `full.hbs` receives: finished Markdown blocks, and `<summary>` texts already escaped. */
export interface FullTemplateData {
  title: string;
  facts: string;
  problems: { summary: string; list: string } | null;
  usage: string;
  /** The prompt index: each prompt's calls, tokens and cost, as every format shows them. */
  prompts: string | null;
  branches: string | null;
  transcript: TemplateNode[];
  footer: string;
}

/** Entries already rendered (some in another thread), by their view. */
export type RenderedEntries = ReadonlyMap<EntryView, MarkdownEntry>;

function nodesToTemplate(
  nodes: readonly TranscriptNode[],
  context: MarkdownContext,
  rendered: RenderedEntries,
): TemplateNode[] {
  return nodes.map((node) =>
    node.kind === "entry"
      ? { entry: rendered.get(node.entry) ?? entryToMarkdown(node.entry, context) }
      : {
          fold: {
            summary: foldSummaryText(node.reason, node.summary),
            nodes: nodesToTemplate(node.nodes, context, rendered),
          },
        },
  );
}

/**
 * The template data of the full transcript: header, usage, branches, then every entry in reading order
 * (those in `rendered` as they were rendered, the rest here).
 */
export function fullTemplateData(
  view: ReportView,
  options: { thinking: boolean; images: MarkdownImages },
  given: RenderedEntries = new Map(),
): FullTemplateData {
  const context = markdownContext({ cwd: view.header.cwd, thinking: options.thinking }, options.images);
  const rest = readingOrder(view.transcript).filter((entry) => !given.has(entry));
  const rendered = new Map(given);
  entriesToMarkdown(rest, context).forEach((markdown, at) => {
    rendered.set(rest[at] as EntryView, markdown);
  });
  const branches = branchesBlock(view.branches, view.forkPoints.length);
  const source = view.header.fileName === null ? [] : [text(" from "), code(view.header.fileName)];
  return {
    title: titleHeading(view.header, 1),
    facts: factsList(view.header),
    problems: problemsBlock(view.header),
    usage: stringify(totalsTable(view.usage)),
    prompts: view.prompts.length === 0 ? null : stringify(promptsTable(view.prompts)),
    branches: branches.length === 0 ? null : stringify(branches),
    transcript: nodesToTemplate(view.transcript, context, rendered),
    footer: stringify([
      paragraph(
        emphasis(
          text(`Made with pi-session-report ${TOOL_VERSION}`),
          ...source,
          text(" (the session file alone)."),
        ),
      ),
    ]),
  };
}

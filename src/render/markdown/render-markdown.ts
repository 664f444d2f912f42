import type { SessionAnalysis } from "../../pipeline.js";
import type { EntryView } from "../../view/entry-view.js";
import { buildReportView, type ReportView } from "../../view/report-view.js";
import { showControlCharacters } from "../primitives/control-characters.js";
import { type EntrySettings, markdownContext } from "./entry-context.js";
import { REMOTE_SHARE, type RemoteEntries, readingOrder, remoteShare } from "./entry-share.js";
import { entryToMarkdown, type MarkdownEntry } from "./entry-to-markdown.js";
import { fullTemplateData, type RenderedEntries } from "./full-report.js";
import { type MarkdownAsset, MarkdownImages } from "./images.js";
import { emphasis, paragraph, stringify, text } from "./mdast.js";
import { titleHeading } from "./overview-markdown.js";
import { collectFacts } from "./summary/collect-facts.js";
import { fitWithin, GITHUB_COMMENT_LIMIT } from "./summary/fit-summary.js";
import { type SummaryLimits, SummarySections } from "./summary/summary-sections.js";
import { loadMarkdownTemplates, type MarkdownTemplates } from "./templates.js";

export type { MarkdownAsset } from "./images.js";
export { GITHUB_COMMENT_LIMIT } from "./summary/fit-summary.js";

/** Options of the Markdown report. */
export interface MarkdownOptions {
  /** The session file, named in the header. */
  sourcePath?: string | null;
  /** The short shape for a pull-request comment (at most 65,536 characters) instead of the transcript. */
  summary?: boolean;
  /** Show thinking (folded). Default true. */
  thinking?: boolean;
  /** Folder for image files, relative to the `.md` file; when undefined, images become one-line notes. */
  assetsDir?: string;
  /** A `--template` folder whose `markdown/*.hbs` replace the shipped templates of the same name. */
  templateDir?: string;
  /**
   * Another thread to render a share of the transcript's entries meanwhile (`startReportThread` gives
   * one). The report is the same bytes with it or without.
   */
  remoteEntries?: RemoteEntries;
}

/** The Markdown text, and the image files it links to (paths relative to the `.md` file). */
export interface MarkdownReport {
  markdown: string;
  assets: MarkdownAsset[];
}

/** The order the summary's lists are trimmed in when it is too long: the outline first, then commands. */
const TRIM_ORDER: readonly (keyof SummaryLimits)[] = [
  "outline",
  "commands",
  "errors",
  "files",
  "history",
  "models",
];

/**
 * GitHub-flavoured Markdown of a session, in two shapes: the whole transcript (the default), or with
 * `summary` a pull-request comment that is never longer than GitHub's 65,536 characters. Built from the
 * same view model as the HTML report; every piece of session text is escaped by serializing mdast, and
 * the only raw HTML is the `<details>`/`<summary>` folding. Deterministic; never throws on odd input
 * (only a broken `templateDir` throws, a `TemplateError`).
 */
export async function renderMarkdown(
  analysis: SessionAnalysis,
  options: MarkdownOptions = {},
): Promise<MarkdownReport> {
  const templates = loadMarkdownTemplates(options.templateDir);
  const view = buildReportView(analysis, options.sourcePath ?? null);
  if (options.summary === true) return { markdown: renderSummary(view, templates), assets: [] };
  const images = new MarkdownImages(options.assetsDir);
  const thinking = options.thinking ?? true;
  const rendered =
    options.remoteEntries === undefined
      ? undefined
      : await renderShared(view, { cwd: view.header.cwd, thinking }, images, options.remoteEntries);
  const data = fullTemplateData(view, { thinking, images }, rendered);
  return { markdown: finish(templates.full(data)), assets: images.assets };
}

/**
 * Every entry of the transcript rendered, a share of them (`remoteShare`) by `remote` while this thread
 * renders the rest, in reading order (so images are numbered as without it). What `remote` cannot
 * render is rendered here.
 */
async function renderShared(
  view: ReportView,
  settings: EntrySettings,
  images: MarkdownImages,
  remote: RemoteEntries,
): Promise<RenderedEntries> {
  const entries = readingOrder(view.transcript);
  const away = remoteShare(entries, REMOTE_SHARE);
  const sent = entries.filter((entry) => away.has(entry));
  // Sent before this thread starts on its own share, so the two are rendered at once.
  const answer = remote(sent, settings).catch(() => null);
  const context = markdownContext(settings, images);
  const rendered = new Map<EntryView, MarkdownEntry>();
  for (const entry of entries) if (!away.has(entry)) rendered.set(entry, entryToMarkdown(entry, context));
  const answered = await answer;
  // An answer of another length cannot be matched to the entries: all of them are rendered here then.
  const usable = answered?.length === sent.length ? answered : null;
  sent.forEach((entry, at) => {
    rendered.set(entry, usable?.[at] ?? entryToMarkdown(entry, context));
  });
  return rendered;
}

function renderSummary(view: ReportView, templates: MarkdownTemplates): string {
  const sections = new SummarySections(view, collectFacts(view.transcript, view.header.cwd));
  const render = (limits: SummaryLimits) => finish(templates.summary(sections.data(limits)));
  const fitted = fitWithin(render, sections.fullLimits(), TRIM_ORDER, GITHUB_COMMENT_LIMIT);
  if (fitted !== null) return fitted;
  // Only a template that writes more than the limit by itself gets here: say so rather than overflow.
  const note =
    "This session's summary does not fit in a GitHub comment; pi-report --format md writes the whole transcript.";
  return finish(`${titleHeading(view.header, 2)}\n\n${stringify([paragraph(emphasis(text(note)))])}`);
}

/**
 * One newline at the end, none doubled: the same bytes whatever the templates' trailing lines. And no
 * character that acts on a reader rather than shows (a terminal's escape sequences, bidi overrides):
 * done here, on the whole text, so that no field of the session or of a template can bring one in.
 */
function finish(markdown: string): string {
  return showControlCharacters(`${markdown.trimEnd()}\n`);
}

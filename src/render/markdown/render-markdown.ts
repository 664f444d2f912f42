import type { SessionAnalysis } from "../../pipeline.js";
import type { EntryView } from "../../view/entry-view.js";
import { buildReportView, type ReportView } from "../../view/report-view.js";
import { showControlCharacters } from "../primitives/control-characters.js";
import { type EntrySettings, markdownContext } from "./entry-context.js";
import { REMOTE_SHARE, type RemoteEntries, readingOrder, remoteShare } from "./entry-share.js";
import { entriesToMarkdown, type MarkdownEntry } from "./entry-to-markdown.js";
import { fullTemplateData, type RenderedEntries } from "./full-report.js";
import { type MarkdownAsset, MarkdownImages } from "./images.js";
import { emphasis, paragraph, stringify, text } from "./mdast.js";
import { titleHeading } from "./overview-markdown.js";
import { collectFacts } from "./summary/collect-facts.js";
import { fitWithin, GITHUB_COMMENT_LIMIT } from "./summary/fit-summary.js";
import { type ShortSummaryLimits, ShortSummarySections } from "./summary/short-sections.js";
import { type SummaryLimits, SummarySections } from "./summary/summary-sections.js";
import { loadMarkdownTemplates, type MarkdownTemplates } from "./templates.js";

export type { MarkdownAsset } from "./images.js";
export { GITHUB_COMMENT_LIMIT } from "./summary/fit-summary.js";

/** Options of the Markdown report. */
export interface MarkdownOptions {
  /** The session file, named in the header. */
  sourcePath?: string | null;
  /**
   * A pull-request comment instead of the transcript: `"short"` (or `true`), what a reviewer reads on one
   * screen, or `"full"`, every command, prompt and cost; either at most 65,536 characters.
   */
  summary?: boolean | SummaryForm;
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

/** The two pull-request summaries: short (the default) and full. */
export type SummaryForm = "short" | "full";

/** The Markdown text, and the image files it links to (paths relative to the `.md` file). */
export interface MarkdownReport {
  markdown: string;
  assets: MarkdownAsset[];
}

/** The order the full summary's lists are trimmed in when it is too long: the outline first, then commands. */
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
  const summary = options.summary === true ? "short" : options.summary;
  if (summary === "short") return { markdown: renderShortSummary(view, templates), assets: [] };
  if (summary === "full") return { markdown: renderSummary(view, templates), assets: [] };
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
  const here = entries.filter((entry) => !away.has(entry));
  entriesToMarkdown(here, context).forEach((markdown, at) => {
    rendered.set(here[at] as EntryView, markdown);
  });
  const answered = await answer;
  // An answer of another length cannot be matched to the entries: all of them are rendered here then.
  const usable = answered?.length === sent.length ? answered : entriesToMarkdown(sent, context);
  sent.forEach((entry, at) => {
    rendered.set(entry, usable[at] as MarkdownEntry);
  });
  return rendered;
}

/** The short summary aims at one screen: its lists are cut to what fits in this many characters. */
const SHORT_SUMMARY_TARGET = 6000;

/** Every list cut to at most `each` items, so that the lists share the room rather than the first take it. */
function eachAtMost(limits: ShortSummaryLimits, each: number): ShortSummaryLimits {
  const cap = (count: number) => Math.min(count, each);
  return {
    prompts: cap(limits.prompts),
    commands: cap(limits.commands),
    files: cap(limits.files),
    errors: cap(limits.errors),
    models: cap(limits.models),
  };
}

function renderShortSummary(view: ReportView, templates: MarkdownTemplates): string {
  const sections = new ShortSummarySections(
    view,
    collectFacts(view.transcript, view.header.cwd, view.prompts),
  );
  const render = (limits: ShortSummaryLimits) => finish(templates.summary(sections.data(limits)));
  const full = sections.fullLimits();
  const most = Math.max(...Object.values(full));
  const fitted = fitWithin(
    ({ each }) => render(eachAtMost(full, each)),
    { each: most },
    ["each"],
    SHORT_SUMMARY_TARGET,
  );
  if (fitted !== null) return fitted;
  // What is not a list (the answer, the title, a --template's own text) is longer than the target: the
  // lists then show nothing, and only GitHub's limit is held.
  const bare = render(eachAtMost(full, 0));
  return bare.length <= GITHUB_COMMENT_LIMIT ? bare : tooLong(view);
}

function renderSummary(view: ReportView, templates: MarkdownTemplates): string {
  const sections = new SummarySections(view, collectFacts(view.transcript, view.header.cwd, view.prompts));
  const render = (limits: SummaryLimits) => finish(templates.summaryFull(sections.data(limits)));
  const fitted = fitWithin(render, sections.fullLimits(), TRIM_ORDER, GITHUB_COMMENT_LIMIT);
  return fitted ?? tooLong(view);
}

/** Only a template that writes more than GitHub's limit by itself gets here: it says so rather than overflow. */
function tooLong(view: ReportView): string {
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

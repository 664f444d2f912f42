import type { SessionAnalysis } from "../../pipeline.js";
import { speedPieceOn } from "../../speed/pieces.js";
import { TOOL_VERSION } from "../../version.js";
import { entryAnchors } from "../../view/anchors.js";
import type { TranscriptNode } from "../../view/entry-view.js";
import { buildReportView } from "../../view/report-view.js";
import { ansiStylesheet } from "../primitives/ansi/ansi-stylesheet.js";
import { showControlCharacters } from "../primitives/control-characters.js";
import { diffStylesheet } from "../primitives/diff/diff-to-html.js";
import { createHighlightBudget, type HighlightBudgetOptions } from "../primitives/highlight/budget.js";
import { highlightStylesheet } from "../primitives/highlight/theme-classes.js";
import { useMarkdownParts } from "../primitives/markdown/markdown-to-html.js";
import { chartSvg } from "./chart-svg.js";
import { contentSecurityPolicy } from "./csp.js";
import { entryToHtml } from "./entry-to-html.js";
import { DEFAULT_MARKDOWN_CHARS, type HtmlContext } from "./html-context.js";
import type { HtmlThread } from "./html-thread.js";
import { likelyLanguages } from "./likely-languages.js";
import { likelyMarkdown } from "./likely-markdown.js";
import { messagesToHtml } from "./message-to-html.js";
import { RenderJobs } from "./render-jobs.js";
import type { HtmlNode } from "./template-data.js";
import { loadTemplates } from "./templates.js";
import { applyTurnChrome, toolsText } from "./turn-chrome.js";

/** Options of the HTML report. */
export interface HtmlOptions {
  /** The session file, named in the header. */
  sourcePath?: string | null;
  /**
   * Pages of sub-agent runs' session files, by absolute path, as links from this page (the archive's):
   * a run's card links its file's page. A single report has none.
   */
  childPages?: ReadonlyMap<string, string>;
  /** Show thinking (folded). Default true; `--no-thinking` leaves it out. */
  thinking?: boolean;
  /** A directory whose templates, partials and assets replace the shipped ones of the same name. */
  templateDir?: string;
  /** Highlight budget limits (characters); see src/render/primitives/highlight/budget.ts. */
  budget?: Partial<HighlightBudgetOptions>;
  /** Characters of markdown to format before showing the rest as written; see DEFAULT_MARKDOWN_CHARS. */
  markdownChars?: number;
  /** Called as highlighting progresses on a large session. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Called as the page starts to build its models (`"model"`: the view of the session and the page model,
   * work done once per entry) and as it starts to render them (`"render"`: highlighting, markdown and the
   * templates), for a caller that tunes its engine by phase (the command does: see tier-up.ts). It never
   * changes the page.
   */
  onPhase?: (phase: PagePhase) => void;
  /**
   * Tokenize, and render markdown ahead, in this thread (`startReportThread`) while the page is built: the
   * same bytes, sooner on a machine with two cores. The caller closes it. Until the page is finished,
   * highlighted lines are placeholders: with templates of your own that transform the HTML they are given
   * (escape, cut, count it), leave this out.
   */
  reportThread?: HtmlThread;
}

/** What `HtmlOptions.onPhase` is told. */
export type PagePhase = "model" | "render";

function nodesToHtml(nodes: readonly TranscriptNode[], context: HtmlContext): HtmlNode[] {
  return nodes.map((node) =>
    node.kind === "entry"
      ? { entry: entryToHtml(node.entry, context) }
      : { fold: { ...node.summary, reason: node.reason, nodes: nodesToHtml(node.nodes, context) } },
  );
}

/**
 * The HTML report: one self-contained page (inline CSS and script, images as data URIs, a CSP that
 * forbids loading anything), readable with JavaScript off. Deterministic: the same input and options
 * give the same bytes.
 */
export async function renderHtml(analysis: SessionAnalysis, options: HtmlOptions = {}): Promise<string> {
  return (await renderHtmlParts(analysis, options)).join("");
}

/**
 * The HTML report as pieces that join to exactly `renderHtml`'s page: what to write a large report from
 * (`writeReportFile` takes them) without ever holding it as one string.
 */
export async function renderHtmlParts(
  analysis: SessionAnalysis,
  options: HtmlOptions = {},
): Promise<string[]> {
  // Before anything else: the thread may be idle until the jobs below send it blocks, and warming the
  // grammars the page will use fills that time (the thread is idle from the end of its share of
  // redaction, so this is early enough: sent as the lines were read instead, it cost more than it saved).
  const bodies = analysis.tree.entries.map((entry) => entry.body);
  options.reportThread?.warmLanguages(likelyLanguages(bodies));
  const markdownChars = options.markdownChars ?? DEFAULT_MARKDOWN_CHARS;
  // Then the markdown the page will likely format, rendered up to its fences in the thread while this one
  // builds the page model, which is most of the time the thread would wait: a quarter more than the page
  // formats, as the guess's order is the entries', not quite the page's.
  const markdownAhead = speedPieceOn("markdown-ahead")
    ? options.reportThread?.markdownAhead(likelyMarkdown(bodies, markdownChars * 1.25))
    : undefined;
  const templates = loadTemplates(options.templateDir);
  options.onPhase?.("model");
  const view = buildReportView(analysis, options.sourcePath ?? null);
  const anchors = entryAnchors(analysis.tree.entries);
  let markdownIds = 0;
  const context: HtmlContext = {
    jobs: new RenderJobs(),
    budget: createHighlightBudget(options.budget, options.reportThread?.tokenizer),
    cwd: view.header.cwd,
    thinking: options.thinking ?? true,
    childPage: (path) => options.childPages?.get(path) ?? null,
    anchorOf: (id) => {
      const index = analysis.tree.indexById.get(id);
      return index === undefined ? null : (anchors[index] ?? null);
    },
    nextMarkdownId: () => {
      markdownIds += 1;
      return `m${markdownIds}-`;
    },
    markdownLeft: { chars: markdownChars },
    subMessages: (messages) => messagesToHtml(messages, context),
  };
  const transcript = nodesToHtml(view.transcript, context);
  applyTurnChrome(transcript, view.prompts);
  options.onPhase?.("render");
  // The view's transcript is now in the page model: let it go before the heavy work (a large session
  // would hold both while highlighting and templating).
  view.transcript = [];
  if (markdownAhead !== undefined) useMarkdownParts(context.budget, await markdownAhead.take());
  await context.jobs.runAll(options.onProgress);
  // No block is asked for after the jobs: the last batch goes to the thread now, to be tokenized while
  // the templates run, not when the page waits for it (~40 ms of a large page's end, here).
  options.reportThread?.tokenizer.flush();

  // Shown as the rest of the page will be (below) before they are hashed for the CSP: the page's bytes
  // and the hashes then agree.
  const css = showControlCharacters(
    [templates.css, highlightStylesheet(), ansiStylesheet(), diffStylesheet()].join("\n"),
  );
  const script = showControlCharacters(templates.script);
  const parts = templates.pageParts({
    version: TOOL_VERSION,
    csp: contentSecurityPolicy(css, script),
    css,
    script,
    header: view.header,
    usage: view.usage,
    chart: chartSvg(view.chart),
    chartPoints: view.chart.points.length,
    branches: view.branches,
    multipleBranches: view.branches.length > 1,
    forkPoints: view.forkPoints,
    outline: view.outline,
    prompts: view.prompts.map((summary) => ({ summary, toolsText: toolsText(summary.tools) })),
    transcript,
    thinking: context.thinking,
  });
  const page = options.reportThread === undefined ? parts : await options.reportThread.finish(parts);
  // No character that acts on a reader rather than shows (a terminal's escape sequences for one who
  // `cat`s the file, bidi overrides in a browser): done on the finished page, so that no field of the
  // session, no template and no highlighter can bring one in. ANSI colours are classes by now.
  return page.map(showControlCharacters);
}

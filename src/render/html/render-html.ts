import type { SessionAnalysis } from "../../pipeline.js";
import { TOOL_VERSION } from "../../version.js";
import { entryAnchors } from "../../view/anchors.js";
import type { TranscriptNode } from "../../view/entry-view.js";
import { buildReportView } from "../../view/report-view.js";
import { ansiStylesheet } from "../primitives/ansi/ansi-stylesheet.js";
import { showControlCharacters } from "../primitives/control-characters.js";
import { diffStylesheet } from "../primitives/diff/diff-to-html.js";
import { DEFAULT_ENGINES } from "../primitives/engines.js";
import { createHighlightBudget, type HighlightBudgetOptions } from "../primitives/highlight/budget.js";
import { localTokenizer } from "../primitives/highlight/code-to-lines.js";
import { highlightStylesheet } from "../primitives/highlight/theme-classes.js";
import { chartSvg } from "./chart-svg.js";
import { contentSecurityPolicy } from "./csp.js";
import { entryToHtml } from "./entry-to-html.js";
import { DEFAULT_MARKDOWN_CHARS, type HtmlContext } from "./html-context.js";
import { messagesToHtml } from "./message-to-html.js";
import type { PageSpeed } from "./page-speed.js";
import { RenderJobs } from "./render-jobs.js";
import { type SessionDownload, sessionDownload } from "./session-download.js";
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
   * Speed machinery: the pieces to render with, a thread to tokenize in, a phase hook. The same bytes,
   * sooner; see `PageSpeed`. The command hands it what src/speed/machinery/ makes.
   */
  speed?: PageSpeed;
}

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
  const speed = options.speed ?? {};
  const download = analysis.sessionFile === undefined ? null : sessionDownload(analysis.sessionFile);
  const parts = await composePage(analysis, options, speed, download?.link ?? null);
  const finished = speed.finish === undefined ? parts : await speed.finish(parts);
  const page = download === null ? finished : download.place(finished);
  // No character that acts on a reader rather than shows (a terminal's escape sequences for one who
  // `cat`s the file, bidi overrides in a browser): done on the finished page, so that no field of the
  // session, no template and no highlighter can bring one in. ANSI colours are classes by now.
  return page.map(showControlCharacters);
}

/** The page's parts: its models built, their highlighting and markdown rendered, its templates filled. */
async function composePage(
  analysis: SessionAnalysis,
  options: HtmlOptions,
  speed: PageSpeed,
  download: SessionDownload | null,
): Promise<string[]> {
  const engines = speed.engines ?? DEFAULT_ENGINES;
  const templates = loadTemplates(options.templateDir, { engines: engines.templates });
  speed.phase?.("model");
  const view = buildReportView(analysis, options.sourcePath ?? null);
  const anchors = entryAnchors(analysis.tree.entries);
  let markdownIds = 0;
  const context: HtmlContext = {
    engines,
    jobs: new RenderJobs(),
    budget: createHighlightBudget(options.budget, speed.tokenizer ?? localTokenizer(engines.highlighters)),
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
    markdownLeft: { chars: options.markdownChars ?? DEFAULT_MARKDOWN_CHARS },
    subMessages: (messages) => messagesToHtml(messages, context),
  };
  const transcript = nodesToHtml(view.transcript, context);
  applyTurnChrome(transcript, view.prompts);
  speed.phase?.("render");
  // The view's transcript is now in the page model: let it go before the heavy work (a large session
  // would hold both while highlighting and templating).
  view.transcript = [];
  await context.jobs.runAll(options.onProgress);
  speed.phase?.("templates");

  // Shown as the rest of the page will be (below) before they are hashed for the CSP: the page's bytes
  // and the hashes then agree.
  const css = showControlCharacters(
    [templates.css, highlightStylesheet(), ansiStylesheet(), diffStylesheet()].join("\n"),
  );
  const script = showControlCharacters(templates.script);
  return templates.pageParts({
    version: TOOL_VERSION,
    csp: contentSecurityPolicy(css, script),
    css,
    script,
    header: view.header,
    download,
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
}

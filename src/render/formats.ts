/**
 * The output formats, one row each: what names a format (file extensions), what shapes it (templates),
 * what is redacted for it, where it goes by default and how it renders. The command, the archive and the
 * library read this table; a new format is a folder beside html/, markdown/ and json/ plus one row here.
 * Each renderer is imported when used: the JSON report does not load shiki, unified and handlebars.
 */
import { extname } from "node:path";
import { type SessionAnalysis, sessionRedaction } from "../pipeline.js";
import type { RedactionSummary } from "../redact/redact-session.js";
import type { PageSpeed } from "./html/page-speed.js";
import type { MarkdownAsset, MarkdownOptions, MarkdownSpeed } from "./markdown/render-markdown.js";

/**
 * The one seam of the speed machinery: what a report's renderer is handed as `speed`, the page's hooks
 * (`PageSpeed`) and the Markdown report's (`MarkdownSpeed`), the pieces both render with among them. The
 * command makes it (src/speed/machinery/report-speed.ts) and also hands it to `analyze`; render/ knows
 * nothing of where it comes from.
 */
export type ReportSpeed = PageSpeed & MarkdownSpeed;

/** What a format's renderer is given. Options a format has no use for are ignored by it. */
export interface RenderRequest {
  analysis: SessionAnalysis;
  /** The session file, named in the report's header. */
  sourcePath: string;
  /** Show the model's thinking (folded). */
  thinking: boolean;
  /** A `--template` folder whose files replace the shipped ones (formats with `templates`). */
  templateDir?: string;
  /** Markdown's short shape for a pull-request comment (formats with `summary`). */
  summary?: MarkdownOptions["summary"];
  /** Folder for the report's images, relative to it (formats with `imagesBeside`); unset: one-line notes. */
  assetsDir?: string;
  /** Speed machinery (`ReportSpeed`): the pieces, a page's hooks, a second thread for what `reportThread` names. */
  speed?: ReportSpeed;
  /** The pages of sub-agent runs' session files, by absolute path (the archive's HTML links them). */
  childPages?: ReadonlyMap<string, string>;
  onProgress?: (done: number, total: number) => void;
}

/** A rendered report. */
export interface RenderedReport {
  /** One string, or pieces in order (a large HTML page is never joined: see `renderHtmlParts`). */
  text: string | readonly string[];
  /** Images to write beside the report, paths relative to its folder. */
  images: MarkdownAsset[];
  /** What redaction replaced in what the report shows; null when it was not redacted at all. */
  redaction: RedactionSummary | null;
}

/** One output format. */
export interface OutputFormat {
  /** Its name in sentences: "HTML". */
  title: string;
  /** The file extensions that name it (`-o x.md`), lowercase with the dot; the first names a default file. */
  extensions: readonly string[];
  /** Whether `--template` shapes it: its templates, partials and assets (the page's stylesheet and script). */
  templates: boolean;
  /** Whether it has a short shape for a pull-request comment (`--summary`). */
  summary: boolean;
  /** Whether it links images it writes into a folder beside itself (`<name>.assets/`). */
  imagesBeside: boolean;
  /** Where it goes without `-o`: a file named after the session in the current directory, or stdout. */
  defaultOutput: "file" | "stdout";
  /**
   * What is redacted for it: every string of the session first, or (a report that holds no message
   * text) only the strings of its own output, which costs a fraction (`analyze`'s `redactionScope`).
   */
  redacts: "session" | "output";
  /** What a second thread can do for it meanwhile: highlight code, or render a share of its entries. */
  reportThread: "highlight" | "markdown-entries" | null;
  /** Whether it offers the session file for download (`analyze`'s `sessionFile`; `--no-session-file`). */
  offersSessionFile: boolean;
  render(request: RenderRequest): Promise<RenderedReport>;
}

/** Every format, in the order `--format` lists them. */
export const OUTPUT_FORMATS = {
  html: {
    title: "HTML",
    extensions: [".html", ".htm"],
    templates: true,
    summary: false,
    imagesBeside: false,
    defaultOutput: "file",
    redacts: "session",
    reportThread: "highlight",
    offersSessionFile: true,
    async render(request) {
      const { renderHtmlParts } = await import("./html/render-html.js");
      const text = await renderHtmlParts(request.analysis, {
        sourcePath: request.sourcePath,
        thinking: request.thinking,
        ...(request.templateDir === undefined ? {} : { templateDir: request.templateDir }),
        ...(request.childPages === undefined ? {} : { childPages: request.childPages }),
        ...(request.speed === undefined ? {} : { speed: request.speed }),
        ...(request.onProgress === undefined ? {} : { onProgress: request.onProgress }),
      });
      return { text, images: [], redaction: sessionRedaction(request.analysis) };
    },
  },
  json: {
    title: "JSON",
    extensions: [".json"],
    templates: false,
    summary: false,
    imagesBeside: false,
    defaultOutput: "stdout",
    redacts: "output",
    reportThread: null,
    offersSessionFile: false,
    async render(request) {
      const { renderJsonReport } = await import("./json/render-json.js");
      const { text, redaction } = await renderJsonReport(request.analysis);
      return { text, images: [], redaction };
    },
  },
  md: {
    title: "Markdown",
    extensions: [".md", ".markdown"],
    templates: true,
    summary: true,
    imagesBeside: true,
    defaultOutput: "stdout",
    redacts: "session",
    reportThread: "markdown-entries",
    offersSessionFile: false,
    async render(request) {
      const { renderMarkdown } = await import("./markdown/render-markdown.js");
      const { markdown, assets } = await renderMarkdown(request.analysis, {
        sourcePath: request.sourcePath,
        summary: request.summary,
        thinking: request.thinking,
        ...(request.assetsDir === undefined ? {} : { assetsDir: request.assetsDir }),
        ...(request.templateDir === undefined ? {} : { templateDir: request.templateDir }),
        ...(request.speed === undefined ? {} : { speed: request.speed }),
      });
      return { text: markdown, images: assets, redaction: sessionRedaction(request.analysis) };
    },
  },
} as const satisfies Record<string, OutputFormat>;

/** A format's name: `html`, `json`, `md`. */
export type ReportFormat = keyof typeof OUTPUT_FORMATS;

/** The formats' names, in the table's order. */
export const REPORT_FORMATS = Object.keys(OUTPUT_FORMATS) as ReportFormat[];

/** The format a file's extension names (`report.MD` -> `md`); undefined for any other name. */
export function formatNamedBy(path: string): ReportFormat | undefined {
  const extension = extname(path).toLowerCase();
  return REPORT_FORMATS.find((format) =>
    (OUTPUT_FORMATS[format].extensions as readonly string[]).includes(extension),
  );
}

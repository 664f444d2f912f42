import { sep } from "node:path";
import { packagePath } from "../../package-root.js";
import { ownTemplateErrors } from "../templates/check-templates.js";
import { fullHandlebars } from "../templates/handlebars-full.js";
import { loadTemplateSet } from "../templates/load-templates.js";
import type { TemplateFolder, TemplateKind } from "../templates/template-folder.js";
import { KNOWN_HELPERS, registerTemplateHelpers } from "../templates/template-helpers.js";

/** The Markdown templates shipped with the tool: `templates/markdown/` at the package root. */
export const MARKDOWN_TEMPLATE_DIR = `${packagePath("templates", "markdown")}${sep}`;

/** The Markdown report's templates: its three pages and their partials; a `--template` folder's in `markdown/`. */
export const MARKDOWN_TEMPLATES: TemplateKind = {
  title: "Markdown report",
  folder: packagePath("templates", "markdown"),
  overrideIn: "markdown",
  subfolders: ["partials"],
  assets: [],
  pages: ["full.hbs", "summary.hbs", "summary-full.hbs"],
};

/** The pages of the three shapes. Each takes finished Markdown blocks (strings), counts and flags only. */
export interface MarkdownTemplates {
  full: (data: object) => string;
  /** The short pull-request summary (`--summary`). */
  summary: (data: object) => string;
  /** The long one (`--summary=full`). */
  summaryFull: (data: object) => string;
}

/**
 * Handlebars for Markdown. Every value the templates receive is finished Markdown (escaped in mdast), a
 * number or a flag, so they are compiled with `noEscape`: HTML-escaping would corrupt Markdown, and there is
 * nothing raw to escape.
 */
function markdownEngine(folder: TemplateFolder): MarkdownTemplates {
  const handlebars = fullHandlebars().create();
  registerTemplateHelpers(handlebars);
  for (const [name, source] of folder.sources) {
    if (!MARKDOWN_TEMPLATES.pages.includes(name)) handlebars.registerPartial(name.slice(0, -4), source);
  }
  const page = (name: string) =>
    ownTemplateErrors(
      folder,
      handlebars.compile(folder.read(name), {
        noEscape: true,
        strict: false,
        // A partial indented in a page must not indent its lines: that would turn Markdown into code.
        preventIndent: true,
        ...KNOWN_HELPERS,
      }),
    );
  return { full: page("full.hbs"), summary: page("summary.hbs"), summaryFull: page("summary-full.hbs") };
}

/**
 * Loads the Markdown pages and partials (`loadTemplateSet`), compiled once per process. With `overrideDir`
 * (the `--template` folder), files in its `markdown/` folder replace the shipped ones of the same name
 * (`summary.hbs`, `entry.hbs`, ...); the HTML templates beside them are not read here.
 */
export function loadMarkdownTemplates(overrideDir?: string): MarkdownTemplates {
  return loadTemplateSet(MARKDOWN_TEMPLATES, markdownEngine, overrideDir);
}

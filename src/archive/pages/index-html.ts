import type Handlebars from "handlebars";
import { packagePath } from "../../package-root.js";
import { contentSecurityPolicy } from "../../render/html/csp.js";
import { ownTemplateErrors } from "../../render/templates/check-templates.js";
import { fullHandlebars } from "../../render/templates/handlebars-full.js";
import { loadTemplateSet } from "../../render/templates/load-templates.js";
import type { TemplateFolder, TemplateKind } from "../../render/templates/template-folder.js";
import { KNOWN_HELPERS, registerTemplateHelpers } from "../../render/templates/template-helpers.js";
import { TOOL_VERSION } from "../../version.js";
import type { ArchiveModel } from "../model/archive-model.js";
import { dailyCostSvg } from "./daily-chart-svg.js";
import { buildIndexView } from "./index-view.js";

/** The index's templates, styles and script: `templates/archive/` of the package; a `--template` folder's in `archive/`. */
export const INDEX_TEMPLATES: TemplateKind = {
  title: "archive's index",
  folder: packagePath("templates", "archive"),
  overrideIn: "archive",
  subfolders: [],
  assets: ["archive.css", "archive.js"],
  pages: ["index.hbs"],
};

/** The index's page, compiled, and the stylesheet and script it inlines. */
export interface IndexTemplates {
  page: Handlebars.TemplateDelegate;
  css: string;
  script: string;
}

/** Handlebars for the index, as for the report's page: HTML-escaped, with the templates' helpers. */
function indexEngine(folder: TemplateFolder): IndexTemplates {
  const handlebars = fullHandlebars().create();
  registerTemplateHelpers(handlebars);
  for (const [name, source] of folder.sources) {
    if (!INDEX_TEMPLATES.pages.includes(name)) handlebars.registerPartial(name.slice(0, -4), source);
  }
  const page = handlebars.compile(folder.read("index.hbs"), {
    strict: false,
    preventIndent: true,
    ...KNOWN_HELPERS,
  });
  return {
    page: ownTemplateErrors(folder, page),
    css: folder.read("archive.css"),
    script: folder.read("archive.js"),
  };
}

/**
 * The index's templates, compiled once per process (`loadTemplateSet`, as the reports' are): files in the
 * `archive/` folder of `overrideDir` replace the shipped ones of the same name.
 */
export function loadIndexTemplates(overrideDir?: string): IndexTemplates {
  return loadTemplateSet(INDEX_TEMPLATES, indexEngine, overrideDir);
}

/**
 * The archive's index.html: one self-contained page (inline CSS and script pinned by hash in its CSP, an
 * inline SVG chart, nothing loaded), fully usable without JavaScript; the script only adds sorting and a
 * filter box. Deterministic: the same model gives the same bytes.
 */
export function renderIndexHtml(
  model: ArchiveModel,
  search: { library: string; shards: readonly string[] } | null = null,
): string {
  return renderIndexPages(model, search)[0]?.html ?? "";
}

/** Rows of sessions a page of the index lists: 10,000 rows in one table are slow to show and to sort. */
export const SESSIONS_PER_PAGE = 1000;

/** The name of the index's page `n` (1-based): index.html, then index-2.html, … */
export const indexPageName = (n: number): string => (n === 1 ? "index.html" : `index-${n}.html`);

/**
 * The index in pages of `SESSIONS_PER_PAGE` sessions (one page up to that many), each a whole page
 * (summary, totals, search) that links the others: static HTML, readable without JavaScript.
 * `templateDir` (a `--template` folder): its `archive/` files replace the shipped ones of the same name.
 */
export function renderIndexPages(
  model: ArchiveModel,
  search: { library: string; shards: readonly string[] } | null = null,
  perPage = SESSIONS_PER_PAGE,
  templateDir?: string,
): { name: string; html: string }[] {
  const templates = loadIndexTemplates(templateDir);
  const view = buildIndexView(model);
  const count = Math.max(1, Math.ceil(view.sessions.length / perPage));
  const pages: { name: string; html: string }[] = [];
  for (let n = 1; n <= count; n += 1) {
    const first = (n - 1) * perPage;
    const sessions = view.sessions.slice(first, first + perPage);
    const nav =
      count === 1
        ? null
        : {
            first: first + 1,
            last: first + sessions.length,
            total: view.sessions.length,
            links: Array.from({ length: count }, (_, at) => ({
              href: indexPageName(at + 1),
              label: String(at + 1),
              current: at + 1 === n,
            })),
          };
    pages.push({
      name: indexPageName(n),
      html: renderPage(templates, model, { ...view, sessions }, search, nav),
    });
  }
  return pages;
}

function renderPage(
  templates: IndexTemplates,
  model: ArchiveModel,
  view: ReturnType<typeof buildIndexView>,
  search: { library: string; shards: readonly string[] } | null,
  pages: unknown,
): string {
  const csp = contentSecurityPolicy(templates.css, templates.script);
  return templates.page({
    pages,
    version: TOOL_VERSION,
    // The search's files are loaded by the page's own script, and only by it ('strict-dynamic': a
    // <script> in the markup that is not the page's is still refused); file:// pages cannot check SRI.
    csp: search === null ? csp : csp.replace(/(script-src [^;]+)/, "$1 'strict-dynamic'"),
    search: search === null ? null : { library: search.library, shards: search.shards.join(" ") },
    css: templates.css,
    script: templates.script,
    chart: dailyCostSvg(model.days),
    ...view,
  });
}

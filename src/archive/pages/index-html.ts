import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { contentSecurityPolicy } from "../../render/html/csp.js";
import { DEFAULT_TEMPLATE_DIR } from "../../render/html/templates.js";
import { TemplateError } from "../../render/templates/template-error.js";
import { TOOL_VERSION } from "../../version.js";
import type { ArchiveModel } from "../model/archive-model.js";
import { dailyCostSvg } from "./daily-chart-svg.js";
import { buildIndexView } from "./index-view.js";

/** The index's templates, styles and script: `templates/archive/` of the package. */
export const ARCHIVE_TEMPLATE_DIR = join(DEFAULT_TEMPLATE_DIR, "archive");

/** Partials of index.hbs, by file name without `.hbs`. */
const PARTIALS = ["group-table", "session-row"];

interface IndexTemplates {
  page: Handlebars.TemplateDelegate;
  css: string;
  script: string;
}

let loaded: IndexTemplates | undefined;

function read(name: string): string {
  try {
    return readFileSync(join(ARCHIVE_TEMPLATE_DIR, name), "utf8");
  } catch {
    throw new TemplateError(`template \`${name}\` is missing from ${ARCHIVE_TEMPLATE_DIR}.`);
  }
}

/** Compiles the index's templates once per process. */
function indexTemplates(): IndexTemplates {
  if (loaded !== undefined) return loaded;
  const handlebars = Handlebars.create();
  for (const name of PARTIALS) handlebars.registerPartial(name, read(`${name}.hbs`));
  const page = handlebars.compile(read("index.hbs"), { strict: false, preventIndent: true });
  loaded = { page, css: read("archive.css"), script: read("archive.js") };
  return loaded;
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
 */
export function renderIndexPages(
  model: ArchiveModel,
  search: { library: string; shards: readonly string[] } | null = null,
  perPage = SESSIONS_PER_PAGE,
): { name: string; html: string }[] {
  const templates = indexTemplates();
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

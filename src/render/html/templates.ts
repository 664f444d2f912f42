import { join, sep } from "node:path";
import { packagePath } from "../../package-root.js";
import { DEFAULT_ENGINES, type RenderEngines } from "../primitives/engines.js";
import { ownTemplateErrors } from "../templates/check-templates.js";
import { loadTemplateSet } from "../templates/load-templates.js";
import { type TemplateFolder, type TemplateKind, templateFolder } from "../templates/template-folder.js";
import { HTML_TEMPLATE_OPTIONS, handlebarsRenderer, precompiledTemplates } from "./page-engines.js";
import { type PageParts, pagePartsOf } from "./page-parts.js";
import { type PrecompiledTemplate, precompiledTemplatesSource } from "./precompiled-templates.js";

/** The templates shipped with the tool: `templates/` at the package root (beside `src/` and `dist/`). */
export const DEFAULT_TEMPLATE_DIR = `${packagePath("templates")}${sep}`;

/** The HTML report's templates: `page.hbs`, its partials and its assets; a `--template` folder's at its top. */
export const HTML_TEMPLATES: TemplateKind = {
  title: "HTML report",
  folder: packagePath("templates"),
  overrideIn: "",
  subfolders: ["partials", "assets"],
  assets: ["report.css", "report.js"],
  pages: ["page.hbs"],
};

/** A compiled template set: the page, and the assets it inlines. */
export interface TemplateSet {
  /** The page in pieces (see `pagePartsOf`): joined, exactly the page rendered whole. */
  pageParts: PageParts;
  css: string;
  script: string;
}

/** Options of `loadTemplates`, for tests: which precompiled templates to use (none: an empty map). */
export interface LoadOptions {
  precompiled?: ReadonlyMap<string, PrecompiledTemplate>;
  /** How the templates run (`RenderEngines.templates`); default: from the build's templates. */
  engines?: RenderEngines["templates"];
}

/** The page's engine: handlebars' own runtime, on the build's templates where it compiled the same source. */
function pageEngine(options: LoadOptions, engines: RenderEngines["templates"]) {
  return (folder: TemplateFolder): TemplateSet => {
    // Without the build's templates, every template is compiled now, as before the build compiled them.
    const precompiled = options.precompiled ?? (engines.precompiled ? precompiledTemplates() : new Map());
    // handlebars' compiler is loaded only for a template the build did not compile.
    const shippedTranscript =
      folder.paths.get("transcript.hbs") === join(HTML_TEMPLATES.folder, "partials", "transcript.hbs");
    const pageParts = pagePartsOf(handlebarsRenderer(precompiled, folder), shippedTranscript);
    return {
      pageParts: ownTemplateErrors(folder, pageParts),
      css: folder.read("report.css"),
      script: folder.read("report.js"),
    };
  };
}

/**
 * Loads the page template, its partials and assets (`loadTemplateSet`), compiled once per process. Files
 * in `overrideDir` replace the shipped ones of the same file name (`page.hbs`, `entry.hbs`, `report.css`).
 */
export function loadTemplates(overrideDir?: string, options: LoadOptions = {}): TemplateSet {
  const engines = options.engines ?? DEFAULT_ENGINES.templates;
  const variant = String(engines.precompiled);
  // A set made from precompiled templates of the caller's own (tests) is not kept.
  return loadTemplateSet(HTML_TEMPLATES, pageEngine(options, engines), overrideDir, {
    variant,
    keep: options.precompiled === undefined,
  });
}

/** The source of `dist/precompiled-templates.cjs`: the shipped templates, compiled (see the build). */
export function shippedTemplatesPrecompiled(): string {
  return precompiledTemplatesSource(templateFolder(HTML_TEMPLATES).paths, HTML_TEMPLATE_OPTIONS);
}
